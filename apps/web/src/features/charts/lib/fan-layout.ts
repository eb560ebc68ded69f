import {
  JETI_ATA_GENERATIONS,
  kinshipTerm,
  possessive,
  type KinshipLink,
  type PersonSummary,
  r1,
  type Sex,
} from '@bagysh/shared';
import { truncate } from '../../../lib/svg-chart/text';

/** Rings of the fan: the person's half disc and one ring per generation above (жети ата). */
export const FAN_RINGS = JETI_ATA_GENERATIONS;
/** Generations of ancestors the fan asks the pedigree API for. */
export const FAN_ANCESTORS = FAN_RINGS - 1;

/** Each ring's share of the radius beyond the centre's: outer rings hold more persons. */
const RING_SHARES = [0.14, 0.13, 0.13, 0.13, 0.14, 0.14] as const;
/** The centre's share of the radius, and its least size (its name must stay readable). */
const CENTRE_SHARE = 0.19;
const CENTRE_MIN = 48;
/** Rings 1–3 write along the arc (they are wide enough); the outer ones along the radius. */
const ALONG_RINGS = 3;
/** Font size by ring, px: the centre and the inner rings never below 12 (docs/features.md, Charts). */
const FONT_SIZES = [15, 13, 13, 12, 12, 11, 11] as const;
/** Below this a radial ring's text is not drawn smaller: it shows an initial. */
const MIN_FONT = 6;
/** Width of a segment's sex band, px. */
const BAND = 4;
/** Space between the drawing and the edge of its picture. */
export const FAN_PADDING = 6;

/** One segment: a person's place in the fan, drawn empty when nobody is known there. */
export interface FanSegment {
  /**
   * The way from the centre: '' the person, 'f' their father, 'fm' his mother… A person reached
   * twice (cousins married) fills two segments.
   */
  key: string;
  /** Ring: 0 the person, 1 the parents… */
  generation: number;
  /** Place in the ring from the left, 0 … 2^generation − 1. */
  index: number;
  person: PersonSummary | null;
  /** Angles in radians, counter-clockwise from the right: start (left edge) > end. */
  start: number;
  end: number;
  inner: number;
  outer: number;
  /** The outline, as an SVG path. */
  d: string;
  /** The band along the inner edge that shows the sex, as the other charts' coloured edge. */
  band: string;
  /** On the father line (кан): the father, his father, and so on. */
  kan: boolean;
}

export interface FanLayout {
  radius: number;
  /** Every segment of the 7 rings (127), ring by ring, each ring from the left. */
  segments: FanSegment[];
  /** The picture's viewBox: the half disc with its padding. */
  box: { x: number; y: number; width: number; height: number };
}

/** A point at radius r and angle a, in SVG's y-down frame (the fan opens upwards). */
function at(r: number, a: number): string {
  return `${r1(r * Math.cos(a))} ${r1(-r * Math.sin(a))}`;
}

/** A ring's radii: the centre's at least CENTRE_MIN, the rest shared out by RING_SHARES. */
export function ringRadii(radius: number): number[] {
  const centre = Math.min(radius * 0.4, Math.max(CENTRE_MIN, radius * CENTRE_SHARE));
  const rest = radius - centre;
  const total = RING_SHARES.reduce((sum, share) => sum + share, 0);
  const radii = [centre];
  for (const share of RING_SHARES) radii.push(radii[radii.length - 1]! + (rest * share) / total);
  radii[radii.length - 1] = radius;
  return radii;
}

function segmentPath(inner: number, outer: number, start: number, end: number): string {
  if (inner === 0) return `M${at(outer, start)}A${r1(outer)} ${r1(outer)} 0 0 1 ${at(outer, end)}Z`;
  return (
    `M${at(outer, start)}A${r1(outer)} ${r1(outer)} 0 0 1 ${at(outer, end)}` +
    `L${at(inner, end)}A${r1(inner)} ${r1(inner)} 0 0 0 ${at(inner, start)}Z`
  );
}

/**
 * The fan of a person's seven generations (жети ата): the person as a half disc at the centre,
 * each generation above as a ring of 2^g equal segments. A person's father is always on the
 * left of their mother, so the left half is the father's side and the left edge the father
 * line. `radius` is the outer ring's, in px.
 */
export function layoutFan(
  rootId: number,
  persons: ReadonlyMap<number, PersonSummary>,
  radius: number,
): FanLayout {
  const radii = ringRadii(radius);
  const segments: FanSegment[] = [];
  let ring: Array<{ key: string; person: PersonSummary | null }> = [
    { key: '', person: persons.get(rootId) ?? null },
  ];
  for (let generation = 0; generation < FAN_RINGS; generation++) {
    const span = Math.PI / ring.length;
    const inner = generation === 0 ? 0 : radii[generation - 1]!;
    const outer = radii[generation]!;
    ring.forEach(({ key, person }, index) => {
      const start = Math.PI - index * span;
      const end = start - span;
      segments.push({
        key,
        generation,
        index,
        person,
        start,
        end,
        inner,
        outer,
        d: segmentPath(inner, outer, start, end),
        band: generation === 0 ? '' : segmentPath(inner, inner + BAND, start, end),
        kan: generation > 0 && /^f+$/.test(key),
      });
    });
    ring = ring.flatMap(({ key, person }) => {
      const parent = (id: number | null | undefined) =>
        id === null || id === undefined ? null : (persons.get(id) ?? null);
      return [
        { key: `${key}f`, person: parent(person?.father_id) },
        { key: `${key}m`, person: parent(person?.mother_id) },
      ];
    });
  }
  return {
    radius,
    segments,
    box: {
      x: -radius - FAN_PADDING,
      y: -radius - FAN_PADDING,
      width: 2 * (radius + FAN_PADDING),
      height: radius + 2 * FAN_PADDING,
    },
  };
}

/**
 * What the ancestor at `key` is to the person at the centre, as it follows a name ("атасы",
 * "тай энеси", "бабасы"), by the kinship namer of packages/shared; '' for the person.
 */
export function fanRelation(key: string, rootSex: Sex): string {
  if (key === '') return '';
  const chainA: KinshipLink[] = [...key].map((step) => ({ sex: step === 'f' ? 'M' : 'F' }));
  const { term } = kinshipTerm({
    a: key.length,
    b: 0,
    sexA: rootSex,
    sexB: chainA[chainA.length - 1]!.sex,
    chainA,
    chainB: [],
  });
  return possessive(term);
}

/** What an arrow key does on a segment: outward to the parents, inward, along the ring. */
export type FanMove = 'out' | 'in' | 'left' | 'right';

/**
 * The segment an arrow moves to from `key`, or undefined at an edge: out, the father (the
 * mother when he is unknown); in, the child; left and right, the nearest known person in the
 * same ring.
 */
export function fanStep(layout: FanLayout, key: string, move: FanMove): FanSegment | undefined {
  const known = (wanted: string) =>
    layout.segments.find((segment) => segment.key === wanted && segment.person !== null);
  if (move === 'out') return known(`${key}f`) ?? known(`${key}m`);
  if (move === 'in') return key === '' ? undefined : known(key.slice(0, -1));
  const row = layout.segments.filter(
    (segment) => segment.generation === key.length && segment.person !== null,
  );
  const at = row.findIndex((segment) => segment.key === key);
  if (at < 0) return undefined;
  return row[at + (move === 'right' ? 1 : -1)];
}

/**
 * One line of a segment's label. Along an arc (`arc`, the path it is centred on), or at
 * (x, y) turned by `rotate` degrees with the baseline `dy` below that point.
 */
export interface FanLine {
  text: string;
  size: number;
  bold: boolean;
  arc?: string;
  x: number;
  y: number;
  rotate: number;
  dy: number;
}

const RUNES = /[\u{10C00}-\u{10C4F}]/u;

/** Characters of `text`'s script that fit `room` px at `size` (a mean glyph width). */
function charsIn(room: number, size: number, text: string): number {
  const em = RUNES.test(text) ? 0.72 : 0.6;
  return Math.max(0, Math.floor(room / (size * em)));
}

/**
 * A name cut to `max` characters: whole, else its first word (the given name), else that word
 * cut with an ellipsis, else its initial. Counts code points (runes lie outside the BMP).
 */
export function shortName(name: string, max: number): string {
  const trimmed = name.trim();
  if (Array.from(trimmed).length <= max) return trimmed;
  const first = trimmed.split(/\s+/)[0] ?? '';
  const letters = Array.from(first);
  if (letters.length <= max) return first;
  if (max >= 4) return truncate(first, max);
  if (max >= 2) return `${letters[0]}.`;
  return max === 1 ? (letters[0] ?? '') : '';
}

/**
 * The label of a segment: the name (shortened to fit) and, where a second line fits, the
 * years; `name` and `years` already in the script shown.
 */
export function fanLabel(segment: FanSegment, name: string, years: string): FanLine[] {
  const { generation, inner, outer, start, end } = segment;
  const base = FONT_SIZES[generation] ?? MIN_FONT;
  const yearSize = base > 12 ? base - 1 : base;
  const lines: FanLine[] = [];
  const line = (
    text: string,
    size: number,
    bold: boolean,
    place: Omit<FanLine, 'text' | 'size' | 'bold'>,
  ) => {
    if (text) lines.push({ text, size, bold, ...place });
  };
  const yearChars = Array.from(years).length;

  if (generation === 0) {
    // The half disc: lines across it, just above the diameter where it is widest.
    const chord = (top: number) => 2 * Math.sqrt(Math.max(0, outer * outer - top * top)) - 12;
    // The years only when the whole name still fits above them: the name comes first.
    const twoLines =
      years !== '' &&
      charsIn(chord(8 + yearSize + 4 + base * 0.8), base, name) >= Array.from(name).length &&
      charsIn(chord(8 + yearSize * 0.8), yearSize, years) >= yearChars;
    const nameBase = twoLines ? -(8 + yearSize + 4) : -10;
    const room = chord(-nameBase + base * 0.8);
    line(shortName(name, charsIn(room, base, name)), base, true, {
      x: 0,
      y: nameBase,
      rotate: 0,
      dy: 0,
    });
    if (twoLines) line(years, yearSize, false, { x: 0, y: -8, rotate: 0, dy: 0 });
    return lines;
  }

  const mid = (inner + outer) / 2;
  const depth = outer - inner;
  if (generation <= ALONG_RINGS) {
    // Along the arc, left to right, upright: the glyphs stand outwards from the baseline.
    const arc = (r: number) => `M${at(r, start)}A${r1(r)} ${r1(r)} 0 0 1 ${at(r, end)}`;
    const room = (r: number) => r * (start - end) - 10;
    const place = (r: number) => ({ arc: arc(r), x: 0, y: 0, rotate: 0, dy: 0 });
    const yearsR = mid - yearSize * 0.95;
    const twoLines =
      years !== '' &&
      depth >= (base + yearSize) * 1.25 &&
      charsIn(room(yearsR), yearSize, years) >= yearChars;
    const nameR = twoLines ? mid + base * 0.1 : mid - base * 0.35;
    line(shortName(name, charsIn(room(nameR), base, name)), base, true, place(nameR));
    if (twoLines) line(years, yearSize, false, place(yearsR));
    return lines;
  }

  // Along the radius, reading outwards on the right half and inwards on the left, so that no
  // label is upside down; lines side by side across the segment.
  const across = mid * (start - end) - 2;
  const size = Math.max(MIN_FONT, Math.min(base, Math.floor(across / 1.2)));
  const room = depth - 8;
  const twoLines =
    years !== '' &&
    across >= (size + yearSize) * 1.15 &&
    charsIn(room, yearSize, years) >= yearChars;
  const angle = (start + end) / 2;
  const degrees = (angle * 180) / Math.PI;
  const place = {
    x: r1(mid * Math.cos(angle)),
    y: r1(-mid * Math.sin(angle)),
    rotate: r1(degrees <= 90 ? -degrees : 180 - degrees),
  };
  // Text drawn this small is there to be seen, not read: the initial only (the whole name is
  // the segment's accessible name and tooltip).
  const chars = size < 9 ? Math.min(2, charsIn(room, size, name)) : charsIn(room, size, name);
  line(shortName(name, chars), size, true, {
    ...place,
    dy: r1(twoLines ? -0.25 * size : 0.35 * size),
  });
  if (twoLines) line(years, yearSize, false, { ...place, dy: r1(0.95 * yearSize) });
  return lines;
}

/** The outer radius that fits a frame `width` px wide: readable on a 390 px phone, at most 560. */
export function fanRadiusFor(width: number): number {
  return Math.max(150, Math.min(560, Math.floor(width / 2 - FAN_PADDING)));
}
