import { createHash } from 'node:crypto';
import {
  accentPath,
  chartStyle,
  descendantConnector,
  layoutDescendants,
  POSTER_LIMITS,
  SITE_NAME,
  yearsText,
  type ChartBox,
  type ChartLayout,
  type PersonSummary,
  type PosterQuery,
  type PrintScript,
} from '@bagysh/shared';
import type { Db } from '../../db/client';
import { readDescendantChart } from '../../genealogy/charts';
import type { Viewer } from '../../genealogy/privacy';
import {
  createPdf,
  drawQrCode,
  finishPdf,
  MM,
  printLine,
  type LineBox,
} from '../../print/pdf-document';
import { yieldToRequests } from '../../print/render-slots';

/**
 * The wall poster (docs/features.md, Printing): a person's descendants laid out as the site's
 * descendant chart (packages/shared/src/chart-layout), drawn on one large sheet or tiled onto
 * A4/A3 sheets, with a title, the date, the site's name and a QR code of the person's page.
 */

/** The poster's words (docs/kyrgyz.md, Printing). */
export const posterWords = {
  title: (name: string) => `${name} санжырасы`,
  summary: (generations: number, persons: number) =>
    `Урпактары: ${generations} муун, ${persons} киши`,
  generationsCut: (shown: number, all: number) =>
    `Баракка ${shown} муун гана батты, бутакта ${all} муун бар.`,
  personsCut: (max: number) =>
    `Бутакта ${max} кишиден көп: акыркы муун толук эмес болгондуктан кирген жок.`,
  sheet: (row: number, column: number, rows: number, columns: number) =>
    `Катар ${row}, тилке ${column} (${rows} × ${columns} барак)`,
} as const;

/** The branch a poster shows: the person, the descendants read under the viewer's rule. */
export interface PosterBranch {
  root: PersonSummary;
  persons: PersonSummary[];
  /** The branch held more than `POSTER_LIMITS.maxPersons`. */
  truncated: boolean;
}

/**
 * The person and `generations` of descendants below, through sons and daughters, at most
 * `POSTER_LIMITS.maxPersons`: the descendant chart's read, so the same privacy rule (a
 * guest sees a living person's name only, and no hidden mother link). 404 for an unknown person.
 */
export async function readPosterBranch(
  db: Db,
  id: number,
  query: PosterQuery,
  viewer: Viewer,
): Promise<PosterBranch> {
  const chart = await readDescendantChart(
    db,
    id,
    { generations: query.generations },
    viewer,
    POSTER_LIMITS.maxPersons,
  );
  return { root: chart.results[0]!, persons: chart.results, truncated: chart.truncated };
}

/** Changed whenever the poster would: the drawing's version, the branch, the query and the day. */
const RENDER_VERSION = 1;

/** The poster's ETag: a hash of everything printed on it, so a new answer after any change. */
export function posterTag(branch: PosterBranch, query: PosterQuery, link: string, day: string) {
  const hash = createHash('sha256')
    .update(JSON.stringify([RENDER_VERSION, query, link, day, branch.truncated, branch.persons]))
    .digest('base64url');
  return `"poster-${hash.slice(0, 32)}"`;
}

// ---------------------------------------------------------------------------------------------
// Sheets

/** Paper sizes in mm, portrait. */
const PAPER_MM = {
  A0: [841, 1189],
  A1: [594, 841],
  A2: [420, 594],
  A3: [297, 420],
  A4: [210, 297],
} as const;

/** A name's size in the chart's pixels (as on the site); a box is `descendantBox` pixels. */
const NAME_SIZE = 15;
const YEARS_SIZE = 13;
/** The smallest name on a single sheet; below it generations are left out (they do not fit). */
const MIN_NAME_PT = 4;
/** The size of a name on tiled sheets: the chart takes as many sheets as it needs for it. */
const TILE_NAME_PT = 6;
/** Tiled sheets one poster prints at most; past them generations are left out. */
const MAX_SHEETS = 400;
/** A small branch on a large sheet is not drawn larger than this (names of 45 pt). */
const MAX_SCALE = 3;
/** Tiles: the unprinted edge of a sheet, and the strip two neighbouring sheets share. */
const PRINTER_MARGIN = 8 * MM;
const OVERLAP = 10 * MM;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Everything placed on the poster, in points on the whole poster (the canvas): a single sheet
 * is the canvas; tiles cut it into `rows` × `columns` pages of `page` size.
 */
interface Plan {
  layout: ChartLayout;
  /** The layout's boxes by key. */
  byKey: ReadonlyMap<string, ChartBox>;
  /** Generations below the person that are drawn. */
  generations: number;
  scale: number;
  /** The chart's top-left corner on the canvas. */
  chart: { x: number; y: number };
  canvas: { width: number; height: number };
  /** The unit of the header and footer: 1 on an A2 sheet. */
  unit: number;
  tiles: { page: [number, number]; rows: number; columns: number; stepX: number; stepY: number };
}

/** Margins, header and footer of a canvas of `unit`. */
function frame(unit: number) {
  const margin = 10 * MM * unit;
  const qr = 28 * MM * unit;
  const header = qr + 9 * MM * unit;
  const footer = 8 * MM * unit;
  return { margin, qr, header, footer };
}

function boxesByKey(layout: ChartLayout): ReadonlyMap<string, ChartBox> {
  return new Map(layout.boxes.map((box) => [box.key, box]));
}

function chartSize(layout: ChartLayout) {
  const { bounds } = layout;
  return { width: bounds.maxX - bounds.minX, height: bounds.maxY - bounds.minY };
}

/** The chart's place on a single sheet of `width` × `height` points, at the largest scale. */
function sheetPlan(layout: ChartLayout, generations: number, width: number, height: number): Plan {
  const unit = Math.max(0.5, Math.min(width, height) / (420 * MM));
  const { margin, header, footer } = frame(unit);
  const area: Rect = {
    x: margin,
    y: margin + header,
    width: width - 2 * margin,
    height: height - 2 * margin - header - footer,
  };
  const size = chartSize(layout);
  const scale = Math.min(area.width / size.width, area.height / size.height, MAX_SCALE);
  return {
    layout,
    byKey: boxesByKey(layout),
    generations,
    scale,
    chart: {
      x: area.x + (area.width - size.width * scale) / 2,
      y: area.y + (area.height - size.height * scale) / 2,
    },
    canvas: { width, height },
    unit,
    tiles: { page: [width, height], rows: 1, columns: 1, stepX: width, stepY: height },
  };
}

/** The chart at the tiles' scale, and the orientation of `paper` that takes the fewest sheets. */
function tilePlan(layout: ChartLayout, generations: number, paper: 'A3' | 'A4'): Plan {
  const unit = paper === 'A4' ? 0.5 : 0.7;
  const { margin, qr, header, footer } = frame(unit);
  const scale = TILE_NAME_PT / NAME_SIZE;
  const size = chartSize(layout);
  const inner = Math.max(size.width * scale, qr + 120 * MM * unit);
  const canvas = {
    width: inner + 2 * margin,
    height: size.height * scale + 2 * margin + header + footer,
  };
  const [short, long] = PAPER_MM[paper].map((side) => side * MM) as [number, number];
  const options = [
    [short, long],
    [long, short],
  ].map(([width, height]) => {
    const stepX = width! - 2 * PRINTER_MARGIN - OVERLAP;
    const stepY = height! - 2 * PRINTER_MARGIN - OVERLAP;
    const columns = Math.max(1, Math.ceil((canvas.width - OVERLAP) / stepX));
    const rows = Math.max(1, Math.ceil((canvas.height - OVERLAP) / stepY));
    return { page: [width!, height!] as [number, number], rows, columns, stepX, stepY };
  });
  const tiles = options.reduce((best, option) =>
    option.rows * option.columns < best.rows * best.columns ? option : best,
  );
  return {
    layout,
    byKey: boxesByKey(layout),
    generations,
    scale,
    chart: { x: margin + (inner - size.width * scale) / 2, y: margin + header },
    canvas,
    unit,
    tiles,
  };
}

/**
 * The sheets of `query`: every generation read, or fewer when they do not fit legibly
 * ("up to what fits"). `available` is how many generations there were to draw.
 */
async function planPoster(
  branch: PosterBranch,
  query: PosterQuery,
): Promise<{ plan: Plan; available: number }> {
  const all = new Map(branch.persons.map((person) => [person.id, person]));
  const full = layoutDescendants(branch.root.id, all, new Set());
  const depth = new Map(full.boxes.map((box) => [box.person.id, box.depth]));
  const read = full.boxes.reduce((most, box) => Math.max(most, box.depth), 0);
  // A branch cut at `maxPersons` ends in a partial generation: it is left out whole.
  const available = branch.truncated && read > 0 ? read - 1 : read;
  for (let generations = available; ; generations--) {
    await yieldToRequests();
    const layout =
      generations === read
        ? full
        : layoutDescendants(
            branch.root.id,
            new Map([...all].filter(([id]) => (depth.get(id) ?? Infinity) <= generations)),
            new Set(),
          );
    const plan = planFor(layout, generations, query);
    const fits =
      query.paper === 'A3-tiles' || query.paper === 'A4-tiles'
        ? plan.tiles.rows * plan.tiles.columns <= MAX_SHEETS
        : plan.scale * NAME_SIZE >= MIN_NAME_PT;
    if (fits || generations === 0) return { plan, available };
  }
}

function planFor(layout: ChartLayout, generations: number, query: PosterQuery): Plan {
  switch (query.paper) {
    case 'A3-tiles':
      return tilePlan(layout, generations, 'A3');
    case 'A4-tiles':
      return tilePlan(layout, generations, 'A4');
    case 'custom':
      return sheetPlan(layout, generations, query.width_mm! * MM, query.height_mm! * MM);
    case 'A0':
    case 'A1':
    case 'A2': {
      const [short, long] = PAPER_MM[query.paper].map((side) => side * MM) as [number, number];
      const portrait = sheetPlan(layout, generations, short, long);
      const landscape = sheetPlan(layout, generations, long, short);
      return landscape.scale >= portrait.scale ? landscape : portrait;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Drawing

export interface PosterInput {
  branch: PosterBranch;
  query: PosterQuery;
  /** The person's page, printed as a QR code and as text under it. */
  link: string;
  /** The date printed on the poster. */
  day: string;
}

/** What a render made: the PDF, its sheets and the generations drawn. */
export interface Poster {
  bytes: Buffer;
  sheets: number;
  generations: number;
  persons: number;
}

/** Draws the poster; yields to waiting requests between boxes (print/render-slots.ts). */
export async function renderPoster({ branch, query, link, day }: PosterInput): Promise<Poster> {
  const { plan, available } = await planPoster(branch, query);
  const { script } = query;
  const { tiles } = plan;
  const tiled = tiles.rows * tiles.columns > 1 || query.paper.endsWith('-tiles');
  const buckets = bucketBoxes(plan);
  await yieldToRequests();
  const doc = createPdf({
    info: { Title: posterWords.title(branch.root.name), Creator: SITE_NAME },
  });
  const notes = [
    branch.truncated ? posterWords.personsCut(POSTER_LIMITS.maxPersons) : '',
    plan.generations < available ? posterWords.generationsCut(plan.generations, available) : '',
  ].filter(Boolean);
  const texts = { link, day, notes };
  for (let row = 0; row < tiles.rows; row++) {
    for (let column = 0; column < tiles.columns; column++) {
      doc.addPage({ size: tiles.page, margin: 0 });
      const view: Rect = {
        x: column * tiles.stepX,
        y: row * tiles.stepY,
        width: tiled ? tiles.page[0] - 2 * PRINTER_MARGIN : tiles.page[0],
        height: tiled ? tiles.page[1] - 2 * PRINTER_MARGIN : tiles.page[1],
      };
      doc.save();
      if (tiled) {
        doc.rect(PRINTER_MARGIN, PRINTER_MARGIN, view.width, view.height).clip();
        doc.translate(PRINTER_MARGIN - view.x, PRINTER_MARGIN - view.y);
      }
      await drawFrame(doc, plan, branch, script, texts, view);
      await drawChart(doc, plan, buckets[row * tiles.columns + column] ?? [], script);
      doc.restore();
      if (tiled) drawAssemblyMarks(doc, plan, row, column, script);
    }
  }
  return {
    bytes: await finishPdf(doc),
    sheets: tiles.rows * tiles.columns,
    generations: plan.generations,
    persons: plan.layout.boxes.length,
  };
}

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The box's corner and size on the canvas, with the connectors that come down to it. */
function extentOf(plan: Plan, box: ChartBox): Rect {
  const { scale, layout, byKey } = plan;
  let left = box.x;
  let right = box.x + layout.boxWidth;
  let top = box.y;
  for (const key of [box.parentKey, ...otherParentKeys(box)]) {
    const parent = key === null ? undefined : byKey.get(key);
    if (!parent) continue;
    left = Math.min(left, parent.x);
    right = Math.max(right, parent.x + layout.boxWidth);
    top = Math.min(top, parent.y + layout.boxHeight);
  }
  const { minX, minY } = layout.bounds;
  return {
    x: plan.chart.x + (left - minX) * scale,
    y: plan.chart.y + (top - minY) * scale,
    width: (right - left) * scale,
    height: (box.y + layout.boxHeight - top) * scale,
  };
}

/** The other parent of a box hung under one parent, when both are in the chart. */
function otherParentKeys(box: ChartBox): string[] {
  const { father_id, mother_id } = box.person;
  const other = String(father_id) === box.parentKey ? mother_id : father_id;
  return other === null || box.parentKey === null ? [] : [String(other)];
}

/** The boxes each sheet shows (with the connectors down to them), by sheet in row order. */
function bucketBoxes(plan: Plan): ChartBox[][] {
  const { tiles, layout } = plan;
  const buckets: ChartBox[][] = Array.from({ length: tiles.rows * tiles.columns }, () => []);
  const span = (from: number, size: number, step: number, count: number) => [
    Math.max(0, Math.floor((from - (step + OVERLAP)) / step)),
    Math.min(count - 1, Math.floor((from + size) / step)),
  ];
  for (const box of layout.boxes) {
    const extent = extentOf(plan, box);
    const [c0, c1] = span(extent.x, extent.width, tiles.stepX, tiles.columns);
    const [r0, r1] = span(extent.y, extent.height, tiles.stepY, tiles.rows);
    for (let r = r0!; r <= r1!; r++) {
      for (let c = c0!; c <= c1!; c++) buckets[r * tiles.columns + c]!.push(box);
    }
  }
  return buckets;
}

/**
 * The title, the summary line, the QR code with the link under it, and the footer's notes. The
 * first line in each font parses the font: a yield after each line.
 */
async function drawFrame(
  doc: PDFKit.PDFDocument,
  plan: Plan,
  branch: PosterBranch,
  script: PrintScript,
  texts: { link: string; day: string; notes: string[] },
  view: Rect,
) {
  const { unit, canvas } = plan;
  const { margin, qr, header, footer } = frame(unit);
  const headerRect = { x: 0, y: 0, width: canvas.width, height: margin + header };
  if (intersects(headerRect, view)) {
    const qrX = canvas.width - margin - qr;
    const textWidth = qrX - margin - 8 * MM * unit;
    const line = (text: string, box: Omit<LineBox, 'x' | 'width'>) =>
      printLine(doc, text, script, { x: margin, width: textWidth, ...box });
    line(posterWords.title(branch.root.name), {
      y: margin,
      size: 30 * unit,
      bold: true,
      color: chartStyle.text,
    });
    await yieldToRequests();
    line(posterWords.summary(plan.generations, plan.layout.boxes.length), {
      y: margin + 44 * unit,
      size: 13 * unit,
      color: chartStyle.muted,
    });
    await yieldToRequests();
    line(`${texts.day} · ${SITE_NAME}`, {
      y: margin + 64 * unit,
      size: 13 * unit,
      color: chartStyle.muted,
    });
    drawQrCode(doc, texts.link, qrX, margin, qr);
    await yieldToRequests();
    // The link as text too: readable where a QR code cannot be scanned. A URL stays Latin.
    printLine(doc, texts.link, 'ky', {
      x: canvas.width - margin - 80 * MM * unit,
      y: margin + qr + 1.5 * MM * unit,
      width: 80 * MM * unit,
      size: 7 * unit,
      align: 'right',
      color: chartStyle.muted,
    });
  }
  const footerY = canvas.height - margin - footer;
  if (texts.notes.length > 0 && intersects({ ...headerRect, y: footerY, height: footer }, view)) {
    printLine(doc, texts.notes.join(' '), script, {
      x: margin,
      y: footerY + 2 * MM * unit,
      width: canvas.width - 2 * margin,
      size: 10 * unit,
      color: chartStyle.muted,
    });
  }
}

/** The connectors, then the boxes, of one sheet, in the chart's pixels scaled onto the canvas. */
async function drawChart(
  doc: PDFKit.PDFDocument,
  plan: Plan,
  boxes: readonly ChartBox[],
  script: PrintScript,
) {
  const { layout, scale, byKey } = plan;
  const { boxWidth: width, boxHeight: height } = layout;
  const centre = (box: ChartBox) => ({ x: box.x + width / 2, y: box.y });
  doc.save();
  doc.translate(plan.chart.x, plan.chart.y);
  doc.scale(scale);
  doc.translate(-layout.bounds.minX, -layout.bounds.minY);
  doc.lineWidth(1.5).strokeColor(chartStyle.edge);
  for (const box of boxes) {
    const parent = box.parentKey === null ? undefined : byKey.get(box.parentKey);
    if (!parent) continue;
    doc.path(descendantConnector(centre(parent), centre(box))).stroke();
    for (const key of otherParentKeys(box)) {
      const other = byKey.get(key);
      if (other) {
        doc.path(descendantConnector(centre(other), centre(box), true)).dash(5, { space: 4 });
        doc.stroke().undash();
      }
    }
  }
  const accent = accentPath(height);
  for (const box of boxes) {
    const root = box.parentKey === null;
    doc
      .roundedRect(box.x, box.y, width, height, chartStyle.radius)
      .lineWidth(root ? 2.5 : 1)
      .fillAndStroke(
        root ? chartStyle.selectedFill : chartStyle.nodeFill,
        root ? chartStyle.primary : chartStyle.nodeStroke,
      );
    doc.save().translate(box.x, box.y).path(accent).fill(chartStyle.accent[box.person.sex]);
    doc.restore();
    const years = yearsText(box.person.birth_year, box.person.death_year);
    const text = { x: box.x + 16, width: width - 16 - 8 };
    printLine(doc, box.person.name, script, {
      ...text,
      y: box.y + (years ? 9 : 19),
      size: NAME_SIZE,
      bold: true,
      color: chartStyle.text,
    });
    if (years) {
      printLine(doc, years, script, {
        ...text,
        y: box.y + 33,
        size: YEARS_SIZE,
        color: chartStyle.muted,
      });
    }
    await yieldToRequests();
  }
  doc.restore();
}

/**
 * On a tiled sheet: a dashed line and a cross in the middle of each strip shared with a
 * neighbour (lay the next sheet over it so that the crosses meet), and the sheet's place.
 */
function drawAssemblyMarks(
  doc: PDFKit.PDFDocument,
  plan: Plan,
  row: number,
  column: number,
  script: PrintScript,
) {
  const { tiles } = plan;
  const [pageWidth, pageHeight] = tiles.page;
  const left = PRINTER_MARGIN;
  const top = PRINTER_MARGIN;
  const right = pageWidth - PRINTER_MARGIN;
  const bottom = pageHeight - PRINTER_MARGIN;
  const arm = 3 * MM;
  const cross = (x: number, y: number) =>
    doc
      .moveTo(x - arm, y)
      .lineTo(x + arm, y)
      .moveTo(x, y - arm)
      .lineTo(x, y + arm)
      .undash()
      .stroke();
  doc.save().lineWidth(0.5).strokeColor('#000000');
  const xs = [
    column > 0 ? left + OVERLAP / 2 : null,
    column < tiles.columns - 1 ? right - OVERLAP / 2 : null,
  ];
  const ys = [
    row > 0 ? top + OVERLAP / 2 : null,
    row < tiles.rows - 1 ? bottom - OVERLAP / 2 : null,
  ];
  for (const x of xs) {
    if (x === null) continue;
    doc.moveTo(x, top).lineTo(x, bottom).dash(2, { space: 2 }).stroke();
    cross(x, (top + bottom) / 2);
  }
  for (const y of ys) {
    if (y === null) continue;
    doc.moveTo(left, y).lineTo(right, y).dash(2, { space: 2 }).stroke();
    cross((left + right) / 2, y);
  }
  doc.restore();
  printLine(doc, posterWords.sheet(row + 1, column + 1, tiles.rows, tiles.columns), script, {
    x: left,
    y: bottom + 2 * MM,
    width: right - left,
    size: 7,
    color: '#000000',
  });
}
