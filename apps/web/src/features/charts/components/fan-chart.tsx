import type { PersonSummary } from '@bagysh/shared';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
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
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useScript } from '../../../lib/script';
import { ChartToolbar } from '../../../lib/svg-chart/chart-toolbar';
import type { ChartSvgSource } from '../../../lib/svg-chart/export';
import { chartStyle } from '@bagysh/shared';
import { chartBoxStyles } from '../../../lib/svg-chart/style';
import { formatYears } from '../../../lib/svg-chart/text';
import { useChartDownload } from '../../../lib/svg-chart/use-chart-download';
import { usePrintChart } from '../../../lib/svg-chart/use-print-chart';
import { usePedigree } from '../api/charts-api';
import {
  FAN_ANCESTORS,
  fanRadiusFor,
  fanRelation,
  fanStep,
  layoutFan,
  type FanMove,
  type FanSegment,
} from '../lib/fan-layout';
import { arcId, buildFanSvg, fanPaint, kanOutline, segmentLines } from '../lib/fan-svg';
import { ChartPage } from './chart-page';

// The files are drawn by the code that draws the screen: already loaded.
const fanSvgCode = Promise.resolve({ buildFanSvg, layoutFan });

/** The radius of the fan in a file and on paper: every ring has room for its names. */
const FILE_RADIUS = 640;

/** What each arrow does on a segment: up goes outwards, to the parents. */
const ARROW_MOVES: Record<string, FanMove> = {
  ArrowUp: 'out',
  ArrowDown: 'in',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** The history state of a fan reached by the keyboard: it focuses its own person. */
interface FanLocationState {
  focusChart?: boolean;
}

/**
 * A person's жети ата: seven generations of fathers and mothers as a half-circle fan, from the
 * pedigree API (a guest gets what it gives a guest; an unknown parent is an empty segment).
 */
export function FanChart({ id, notFound }: { id: number; notFound: ReactNode }) {
  const { t } = useTranslation('charts');
  const query = usePedigree(id, FAN_ANCESTORS);
  const persons = useMemo(
    () => new Map((query.data?.results ?? []).map((person) => [person.id, person])),
    [query.data],
  );
  const root = persons.get(id);
  const orphan = root && root.father_id === null && root.mother_id === null;
  return (
    <ChartPage
      kind="fan"
      person={root}
      error={query.error}
      retry={() => void query.refetch()}
      notFound={notFound}
      note={orphan ? t('fan.empty') : undefined}
    >
      <FanDrawing key={id} rootId={id} persons={persons} />
    </ChartPage>
  );
}

/**
 * The fan itself, sized to its frame's width (no pan or zoom: it always fits, docs/features.md,
 * Charts). Every known person is a link to their own fan; a click, Enter or the space bar
 * recentres there; the arrows go between parents, child and neighbours.
 */
function FanDrawing({
  rootId,
  persons,
}: {
  rootId: number;
  persons: ReadonlyMap<number, PersonSummary>;
}) {
  const { t } = useTranslation('charts');
  const script = useScript();
  const navigate = useNavigate();
  const location = useLocation();
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const helpId = useId();
  // Ids of the labels' arcs: apart from the print copy's, and valid in a url(#…).
  const arcPrefix = `fan${useId().replace(/[^\w-]/g, '')}`;
  const [width, setWidth] = useState<number | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [focusOnMount] = useState(
    () => (location.state as FanLocationState | null)?.focusChart === true,
  );

  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => {
      const next = frame.getBoundingClientRect().width;
      if (next > 0) setWidth(next);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  const radius = width === null ? null : fanRadiusFor(width);
  const layout = useMemo(
    () => (radius === null ? null : layoutFan(rootId, persons, radius)),
    [rootId, persons, radius],
  );
  const root = persons.get(rootId);

  useEffect(() => {
    if (focusOnMount && layout) {
      svgRef.current?.querySelector<SVGAElement>('a[data-key=""]')?.focus();
    }
  }, [focusOnMount, layout]);

  const plainText = useCallback((text: string) => script.plain(text), [script]);
  const unknownYear = t('unknownYear');
  const chartSvg: ChartSvgSource<Awaited<typeof fanSvgCode>> = {
    load: () => fanSvgCode,
    draw: (code, assets) =>
      code.buildFanSvg({
        layout: code.layoutFan(rootId, persons, FILE_RADIUS),
        title: t('fan.label'),
        legend: t('fan.kan'),
        unknownYear,
        text: plainText,
        runeFont: assets?.runeFont,
      }),
  };
  const { printView, print } = usePrintChart(chartSvg);
  const { download, notice } = useChartDownload(
    chartSvg,
    t('fan.fileName'),
    script.text(t('exportError')),
  );

  /** The fan of another person; from the keyboard, it takes the focus on them. */
  const recentre = (personId: number, keyboard: boolean) => {
    if (personId === rootId) return;
    const state: FanLocationState | null = keyboard ? { focusChart: true } : null;
    void navigate(paths.fan(personId), { state });
  };

  const handleClick = (event: MouseEvent<SVGSVGElement>) => {
    const link = (event.target as Element).closest('a[data-person]');
    // A modified click opens the href as links do.
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Enter on a link is a click of detail 0.
    recentre(Number(link.getAttribute('data-person')), event.detail === 0);
  };

  const handleKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const link = (event.target as Element).closest('a[data-person]');
    if (!link || !layout) return;
    if (event.key === ' ') {
      event.preventDefault();
      recentre(Number(link.getAttribute('data-person')), true);
      return;
    }
    const move = ARROW_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const to = fanStep(layout, link.getAttribute('data-key') ?? '', move);
    if (to) {
      svgRef.current?.querySelector<SVGAElement>(`a[data-key="${to.key}"]`)?.focus();
    }
  };

  /** The accessible name and tooltip: the whole name, the years, what they are to the person. */
  const nameOf = (segment: FanSegment, person: PersonSummary) =>
    [person.name, formatYears(person, unknownYear), fanRelation(segment.key, root?.sex ?? 'U')]
      .filter(Boolean)
      .join(', ');

  const focusedSegment = layout?.segments.find((segment) => segment.key === focused);
  const kan = layout ? kanOutline(layout) : '';
  return (
    <Box sx={[chartBoxStyles('auto'), { minHeight: 0 }]}>
      <ChartToolbar
        labels={{
          toolbar: t('toolbar'),
          downloadSvg: t('downloadSvg'),
          downloadPng: t('downloadPng'),
          print: t('print'),
        }}
        renderText={(text) => script.text(text)}
        onDownloadSvg={() => download('svg')}
        onDownloadPng={() => download('png')}
        onPrint={print}
      />
      <Box ref={frameRef} sx={frameStyles}>
        <span id={helpId} hidden>
          {t('fan.keyboardHelp')}
        </span>
        {layout && (
          <svg
            ref={svgRef}
            role="group"
            aria-label={t('fan.label')}
            aria-describedby={helpId}
            width={layout.box.width}
            height={layout.box.height}
            viewBox={`${layout.box.x} ${layout.box.y} ${layout.box.width} ${layout.box.height}`}
            data-radius={layout.radius}
            onClick={handleClick}
            onKeyDown={handleKeyDown}
          >
            {layout.segments.map((segment) => {
              const { person } = segment;
              const paint = fanPaint(segment);
              const shape = (
                <path
                  className="fan-segment"
                  d={segment.d}
                  fill={paint.fill}
                  stroke={paint.stroke}
                  strokeWidth={1.5}
                  strokeDasharray={paint.dash}
                />
              );
              if (!person) {
                return (
                  <g
                    key={segment.key}
                    data-key={segment.key}
                    data-ring={segment.generation}
                    aria-hidden="true"
                  >
                    {shape}
                  </g>
                );
              }
              const name = nameOf(segment, person);
              return (
                <a
                  key={segment.key}
                  href={paths.fan(person.id)}
                  data-person={person.id}
                  data-key={segment.key}
                  data-ring={segment.generation}
                  aria-label={name}
                  onFocus={() => setFocused(segment.key)}
                  onBlur={() => setFocused(null)}
                >
                  <title>{name}</title>
                  {shape}
                  {segment.band && <path d={segment.band} fill={chartStyle.accent[person.sex]} />}
                </a>
              );
            })}
            {kan && <path className="fan-kan" d={kan} />}
            {focusedSegment && <path className="fan-focus" d={focusedSegment.d} />}
            <FanLabels
              segments={layout.segments}
              prefix={arcPrefix}
              text={plainText}
              unknownYear={unknownYear}
            />
          </svg>
        )}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 1,
          bgcolor: 'background.paper',
        }}
      >
        <Box
          component="span"
          aria-hidden="true"
          sx={{ width: 24, flexShrink: 0, borderTop: `3px solid ${chartStyle.kan}` }}
        />
        <Typography variant="body2">{script.text(t('fan.kan'))}</Typography>
      </Box>
      {notice}
      {printView}
    </Box>
  );
}

/**
 * The names and years, over the segments: hidden from screen readers (each segment's link
 * carries the whole name) and from the pointer (a click on a name reaches its segment).
 */
function FanLabels({
  segments,
  prefix,
  text,
  unknownYear,
}: {
  segments: readonly FanSegment[];
  prefix: string;
  text: (value: string) => string;
  unknownYear: string;
}) {
  const arcs: ReactNode[] = [];
  const labels: ReactNode[] = [];
  for (const segment of segments) {
    const lines = segmentLines(segment, text, unknownYear).map((line, i) => {
      const props = {
        fontSize: line.size,
        fontWeight: line.bold ? 600 : 400,
        fill: line.bold ? chartStyle.text : chartStyle.muted,
        textAnchor: 'middle',
      } as const;
      if (line.arc) {
        const id = arcId(prefix, segment.key, i);
        arcs.push(<path key={id} id={id} d={line.arc} />);
        return (
          <text key={i} {...props}>
            <textPath href={`#${id}`} startOffset="50%">
              {line.text}
            </textPath>
          </text>
        );
      }
      return (
        <text
          key={i}
          {...props}
          transform={`translate(${line.x} ${line.y}) rotate(${line.rotate})`}
          y={line.dy}
        >
          {line.text}
        </text>
      );
    });
    if (lines.length > 0) {
      labels.push(
        <g key={segment.key} data-label={segment.key} data-ring={segment.generation}>
          {lines}
        </g>,
      );
    }
  }
  return (
    <g className="fan-labels" aria-hidden="true">
      <defs>{arcs}</defs>
      {labels}
    </g>
  );
}

const frameStyles = {
  display: 'flex',
  justifyContent: 'center',
  py: 1,
  '& > svg': {
    display: 'block',
    maxWidth: '100%',
    height: 'auto',
    fontFamily: chartStyle.fontFamily,
    userSelect: 'none',
  },
  '& a': { cursor: 'pointer', outline: 'none' },
  '& a:hover .fan-segment': { stroke: chartStyle.primary },
  '& .fan-labels, & .fan-kan, & .fan-focus': { pointerEvents: 'none' },
  '& .fan-kan': { fill: 'none', stroke: chartStyle.kan, strokeWidth: 3 },
  '& .fan-focus': { fill: 'none', stroke: chartStyle.primary, strokeWidth: 4 },
} as const;
