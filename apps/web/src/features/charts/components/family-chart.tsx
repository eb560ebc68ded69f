import Box from '@mui/material/Box';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ChartSvgSource } from '../../../lib/svg-chart/export';
import { ChartToolbar, type ChartToolbarLabels } from '../../../lib/svg-chart/chart-toolbar';
import { accentPath, chartStyle } from '@bagysh/shared';
import { chartBoxStyles } from '../../../lib/svg-chart/style';
import { formatYears, truncate } from '../../../lib/svg-chart/text';
import { useChartDownload } from '../../../lib/svg-chart/use-chart-download';
import { usePanZoom } from '../../../lib/svg-chart/use-pan-zoom';
import { usePrintChart } from '../../../lib/svg-chart/use-print-chart';
import {
  clampZoom,
  placeAt,
  zoomAt,
  type Size,
  type ViewTransform,
} from '../../../lib/svg-chart/viewport';
import { stepFrom, type ChartBox, type ChartLayout, type Step } from '@bagysh/shared';
import { buildChartSvg, NAME_CHARS, PHOTO_SIZE, UNION_DASH } from '../lib/chart-svg';

// The chart pages draw files with the code that shares the screen's sizes: already loaded.
const chartSvgCode = Promise.resolve({ buildChartSvg });

/** Every text the chart shows or announces, from the page's catalogue. */
export interface ChartLabels extends ChartToolbarLabels {
  /** aria-label of the chart. */
  chart: string;
  keyboardHelp: string;
  expand: string;
  collapse: string;
  loading: string;
  exportError: string;
  unknownYear: string;
}

export interface FamilyChartProps {
  layout: ChartLayout;
  labels: ChartLabels;
  /** The href of a person's box: the same chart centred on them. */
  personHref: (id: number) => string;
  onToggle: (box: ChartBox) => void;
  /** Names on screen and in files, in the current script (runes in old_ky). */
  plainText: (text: string) => string;
  renderText: (text: string) => ReactNode;
  /** The photo's thumbnail URL. */
  photoUrl: (fileId: number) => string;
  fileName: string;
  height?: string;
}

/** What each arrow does on a person: generations run along the chart's direction. */
const ARROW_STEPS: Record<ChartLayout['direction'], Record<string, Step>> = {
  right: { ArrowRight: 'away', ArrowLeft: 'back', ArrowUp: 'previous', ArrowDown: 'next' },
  down: { ArrowDown: 'away', ArrowUp: 'back', ArrowLeft: 'previous', ArrowRight: 'next' },
};

/** The history state of a chart reached by Enter on a person: it focuses its own person. */
interface ChartLocationState {
  focusChart?: boolean;
}

const ZOOM_STEP = 1.25;
const PAN_STEP = 80;
/** Below this the names cannot be read: the first view shows less of a big chart instead. */
const MIN_FIRST_ZOOM = 0.55;
const FALLBACK_SIZE: Size = { width: 1024, height: 640 };

/** The first view: the whole chart if it fits readably, else the person at its start. */
export function initialView(layout: ChartLayout, size: Size, padding = 24): ViewTransform {
  const { minX, maxX, minY, maxY } = layout.bounds;
  const fit = Math.min(
    1,
    (size.width - 2 * padding) / (maxX - minX),
    (size.height - 2 * padding) / (maxY - minY),
  );
  const k = clampZoom(Math.max(fit, MIN_FIRST_ZOOM));
  if (fit >= MIN_FIRST_ZOOM) {
    return placeAt((minX + maxX) / 2, (minY + maxY) / 2, size.width / 2, size.height / 2, k);
  }
  const root = layout.boxes[0];
  if (!root) return { x: 0, y: 0, k };
  return layout.direction === 'right'
    ? placeAt(root.x, root.y + layout.boxHeight / 2, padding, size.height / 2, k)
    : placeAt(root.x + layout.boxWidth / 2, root.y, size.width / 2, padding, k);
}

/**
 * A pedigree or descendant chart (mount it with the person's id as key: a new person starts
 * from the first view): every box drawn (a chart holds at most a few thousand), pan and zoom
 * with mouse, touch and keys, a person's box links to the chart centred on them (a click goes
 * there through the router), the button beside it shows or hides the generations beyond; SVG,
 * PNG and print (PDF).
 */
export function FamilyChart({
  layout,
  labels,
  personHref,
  onToggle,
  plainText,
  renderText,
  photoUrl,
  fileName,
  height = 'max(420px, calc(100vh - 300px))',
}: FamilyChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const helpId = useId();
  const [size, setSize] = useState<Size>(FALLBACK_SIZE);
  const [view, setView] = useState<ViewTransform | null>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const [focusOnMount] = useState(
    () => (location.state as ChartLocationState | null)?.focusChart === true,
  );

  useEffect(() => {
    // The person's box comes first.
    if (focusOnMount) svgRef.current?.querySelector<SVGAElement>('a[data-person]')?.focus();
  }, [focusOnMount]);

  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => {
      const { width, height: h } = frame.getBoundingClientRect();
      if (width > 0 && h > 0) setSize({ width, height: h });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // The first view waits for the frame's size; later layouts (expand, collapse) keep the view.
  const shown = view ?? initialView(layout, size);
  const updateView = useCallback(
    (update: (view: ViewTransform) => ViewTransform) =>
      setView((current) => update(current ?? initialView(layout, size))),
    [layout, size],
  );
  const { consumeDrag } = usePanZoom(svgRef, updateView);
  const zoom = (factor: number) =>
    updateView((current) => zoomAt(current, factor, size.width / 2, size.height / 2));

  // A file and the print copy carry their fonts and photos inside (`assets`).
  const chartSvg: ChartSvgSource<Awaited<typeof chartSvgCode>> = {
    load: () => chartSvgCode,
    draw: (code, assets) =>
      code.buildChartSvg({
        layout,
        title: labels.chart,
        unknownYear: labels.unknownYear,
        text: plainText,
        runeFont: assets?.runeFont,
        photoHref: (fileId) => assets?.images?.get(photoUrl(fileId)),
      }),
  };
  // The photos the print copy and the files draw: a new list only when the layout changes.
  const photoUrls = useMemo(
    () =>
      layout.boxes.flatMap(({ person: { photo_file_id: photo } }) =>
        typeof photo === 'number' ? [photoUrl(photo)] : [],
      ),
    [layout, photoUrl],
  );
  const { printView, print } = usePrintChart(chartSvg, photoUrls);

  const handleClick = (event: MouseEvent<SVGSVGElement>) => {
    const dragged = consumeDrag();
    const target = event.target as Element;
    const toggle = target.closest('[data-toggle]');
    const link = target.closest('a[data-person]');
    if (dragged) {
      if (link) event.preventDefault();
      return;
    }
    if (toggle) {
      const box = layout.boxes.find((item) => item.key === toggle.getAttribute('data-toggle'));
      if (box) onToggle(box);
      return;
    }
    // A plain click recentres through the router; a modified one opens the href as links do.
    // After Enter (a click of detail 0) the new chart takes the keyboard focus on its person.
    if (link && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
      event.preventDefault();
      const state: ChartLocationState | null = event.detail === 0 ? { focusChart: true } : null;
      void navigate(personHref(Number(link.getAttribute('data-person'))), { state });
    }
  };

  /** Moves the keyboard focus to a box's link, panning the view just enough to show it. */
  const focusBox = (box: ChartBox) => {
    const margin = 24;
    updateView((current) => {
      const left = box.x * current.k + current.x;
      const top = box.y * current.k + current.y;
      const right = left + layout.boxWidth * current.k;
      const bottom = top + layout.boxHeight * current.k;
      const shift = (low: number, high: number, limit: number) =>
        low < margin ? margin - low : high > limit - margin ? limit - margin - high : 0;
      return {
        ...current,
        x: current.x + shift(left, right, size.width),
        y: current.y + shift(top, bottom, size.height),
      };
    });
    svgRef.current
      ?.querySelector<SVGAElement>(`[data-key="${CSS.escape(box.key)}"] a`)
      ?.focus({ preventScroll: true });
  };

  const handleKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const toggle = (event.target as Element).closest('[data-toggle]');
    if (toggle && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      const box = layout.boxes.find((item) => item.key === toggle.getAttribute('data-toggle'));
      if (box) onToggle(box);
      return;
    }
    // On a person, arrows go from person to person (Enter opens, as a link does).
    const key = (event.target as Element)
      .closest('a[data-person]')
      ?.closest('[data-key]')
      ?.getAttribute('data-key');
    const from = layout.boxes.find((box) => box.key === key);
    const step = from && ARROW_STEPS[layout.direction][event.key];
    if (from && step) {
      event.preventDefault();
      const to = stepFrom(layout, from, step);
      if (to) focusBox(to);
      return;
    }
    const pan = (dx: number, dy: number) =>
      updateView((current) => ({ ...current, x: current.x + dx, y: current.y + dy }));
    switch (event.key) {
      case 'ArrowLeft':
        pan(PAN_STEP, 0);
        break;
      case 'ArrowRight':
        pan(-PAN_STEP, 0);
        break;
      case 'ArrowUp':
        pan(0, PAN_STEP);
        break;
      case 'ArrowDown':
        pan(0, -PAN_STEP);
        break;
      case '+':
      case '=':
        zoom(ZOOM_STEP);
        break;
      case '-':
      case '_':
        zoom(1 / ZOOM_STEP);
        break;
      case '0':
        setView(null);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const { download, notice: exportNotice } = useChartDownload(
    chartSvg,
    fileName,
    renderText(labels.exportError),
    () => photoUrls,
  );

  return (
    <Box className="family-chart" sx={chartBoxStyles(height)}>
      <ChartToolbar
        labels={labels}
        renderText={renderText}
        zoom={{
          onZoomIn: () => zoom(ZOOM_STEP),
          onZoomOut: () => zoom(1 / ZOOM_STEP),
          onReset: () => setView(null),
        }}
        onDownloadSvg={() => download('svg')}
        onDownloadPng={() => download('png')}
        onPrint={print}
      />
      <Box ref={frameRef} sx={frameStyles}>
        <span id={helpId} hidden>
          {labels.keyboardHelp}
        </span>
        <svg
          ref={svgRef}
          role="group"
          aria-label={labels.chart}
          aria-describedby={helpId}
          tabIndex={0}
          data-view={`${Math.round(shown.x)},${Math.round(shown.y)},${shown.k.toFixed(3)}`}
          onClick={handleClick}
          onKeyDown={handleKeyDown}
        >
          <g transform={`translate(${shown.x} ${shown.y}) scale(${shown.k})`}>
            <path className="chart-edges" d={layout.edges} />
            {layout.unionEdges && (
              <path className="chart-edges" d={layout.unionEdges} strokeDasharray={UNION_DASH} />
            )}
            {layout.boxes.map((box) => (
              <ChartNode
                key={box.key}
                box={box}
                width={layout.boxWidth}
                height={layout.boxHeight}
                direction={layout.direction}
                focused={box.key === layout.boxes[0]?.key}
                labels={labels}
                href={personHref(box.person.id)}
                plainText={plainText}
                photoUrl={photoUrl}
              />
            ))}
          </g>
        </svg>
      </Box>
      {exportNotice}
      {printView}
    </Box>
  );
}

interface ChartNodeProps {
  box: ChartBox;
  width: number;
  height: number;
  direction: ChartLayout['direction'];
  focused: boolean;
  labels: ChartLabels;
  href: string;
  plainText: (text: string) => string;
  photoUrl: (fileId: number) => string;
}

/** One person: a link to their own chart, and the button that shows or hides beyond. */
function ChartNode({
  box,
  width,
  height,
  direction,
  focused,
  labels,
  href,
  plainText,
  photoUrl,
}: ChartNodeProps) {
  const { person } = box;
  const years = formatYears(person, labels.unknownYear);
  const photo = person.photo_file_id ?? null;
  const textX = photo === null ? 16 : 16 + PHOTO_SIZE + 8;
  const name = truncate(
    plainText(person.name),
    photo === null ? NAME_CHARS.plain : NAME_CHARS.photo,
  );
  const toggleAt =
    direction === 'right'
      ? { x: box.x + width + 14, y: box.y + height / 2 }
      : { x: box.x + width / 2, y: box.y + height + 14 };
  return (
    <g className={focused ? 'chart-node is-focused' : 'chart-node'} data-key={box.key}>
      <g transform={`translate(${box.x} ${box.y})`}>
        <a
          href={href}
          data-person={person.id}
          aria-label={[person.name, years].filter(Boolean).join(', ')}
        >
          <rect className="frame" width={width} height={height} rx={chartStyle.radius} />
          <path d={accentPath(height)} fill={chartStyle.accent[person.sex]} />
          {photo !== null && (
            <image
              href={photoUrl(photo)}
              x={14}
              y={(height - PHOTO_SIZE) / 2}
              width={PHOTO_SIZE}
              height={PHOTO_SIZE}
              preserveAspectRatio="xMidYMid slice"
              style={{ clipPath: 'inset(0 round 8px)' }}
            />
          )}
          <text className="chart-name" x={textX} y={years ? 26 : 36}>
            {name}
          </text>
          {years && (
            <text className="chart-meta" x={textX} y={46}>
              {years}
            </text>
          )}
        </a>
      </g>
      {box.toggle !== 'none' && (
        <g
          className="chart-toggle"
          role="button"
          tabIndex={box.toggle === 'loading' ? -1 : 0}
          aria-label={
            box.toggle === 'collapse'
              ? labels.collapse
              : box.toggle === 'loading'
                ? labels.loading
                : labels.expand
          }
          aria-busy={box.toggle === 'loading' || undefined}
          data-toggle={box.key}
          transform={`translate(${toggleAt.x} ${toggleAt.y})`}
        >
          {/* A 44 px target for fingers around the 24 px button. */}
          <circle className="hit" r={22} />
          <circle r={12} />
          <text textAnchor="middle" dy="0.35em">
            {box.toggle === 'collapse' ? '−' : box.toggle === 'loading' ? '…' : '+'}
          </text>
        </g>
      )}
    </g>
  );
}

const frameStyles = {
  position: 'relative',
  flex: 1,
  minHeight: 0,
  '& > svg': {
    display: 'block',
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    // The chart handles every gesture itself; the page does not scroll or zoom under it.
    touchAction: 'none',
    userSelect: 'none',
    cursor: 'grab',
    fontFamily: chartStyle.fontFamily,
    outline: 'none',
  },
  '& > svg:focus-visible': { boxShadow: `inset 0 0 0 3px ${chartStyle.primary}` },
  '& .chart-edges': { fill: 'none', stroke: chartStyle.edge, strokeWidth: 1.5 },
  '& .chart-node .frame': { fill: chartStyle.nodeFill, stroke: chartStyle.nodeStroke },
  '& .chart-node.is-focused .frame': {
    fill: chartStyle.selectedFill,
    stroke: chartStyle.primary,
    strokeWidth: 2.5,
  },
  '& .chart-node a:hover .frame, & .chart-node a:focus-visible .frame': {
    stroke: chartStyle.primary,
    strokeWidth: 2.5,
  },
  '& .chart-node a': { cursor: 'pointer', outline: 'none' },
  '& .chart-name': { fontSize: 15, fontWeight: 600, fill: chartStyle.text },
  '& .chart-meta': { fontSize: 13, fill: chartStyle.muted },
  '& .chart-toggle': { cursor: 'pointer', outline: 'none' },
  '& .chart-toggle .hit': { fill: 'transparent', stroke: 'none' },
  '& .chart-toggle circle:not(.hit)': {
    fill: '#FFFFFF',
    stroke: chartStyle.edge,
    strokeWidth: 1.5,
  },
  '& .chart-toggle:hover circle:not(.hit), & .chart-toggle:focus-visible circle:not(.hit)': {
    stroke: chartStyle.primary,
    strokeWidth: 2.5,
    fill: chartStyle.selectedFill,
  },
  '& .chart-toggle text': { fontSize: 16, fontWeight: 700, fill: chartStyle.text },
} as const;
