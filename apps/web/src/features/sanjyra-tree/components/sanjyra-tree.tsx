import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { ChartToolbar } from '../../../lib/svg-chart/chart-toolbar';
import { chartStyle } from '@bagysh/shared';
import { chartBoxStyles } from '../../../lib/svg-chart/style';
import { nodeText } from '../../../lib/svg-chart/text';
import type { ChartSvgSource } from '../../../lib/svg-chart/export';
import { usePrintChart } from '../../../lib/svg-chart/use-print-chart';
import { useChartDownload } from '../../../lib/svg-chart/use-chart-download';
import { usePanZoom } from '../../../lib/svg-chart/use-pan-zoom';
import { worldRect, type Size } from '../../../lib/svg-chart/viewport';
import type { LayoutNode } from '@bagysh/shared';
import { initTreeState, shownChildren, treeReducer, type TreeState } from '../lib/tree-state';
import { edgesPath, nodeAt, nodesInRect } from '../lib/viewport';
import type { SanjyraTreeProps, TreeNodeData } from '../types';
import { TreeNodeView } from './tree-node';

// Shown only after a click (the card) or a failed export (the notice): their Popover, Modal
// and Snackbar code loads then, not with the /search page.
const PersonCard = lazy(() =>
  import('./person-card').then(({ PersonCard }) => ({ default: PersonCard })),
);

/** Screen pixels around the frame whose nodes are rendered too, so panning shows no gaps. */
const CULL_MARGIN = 160;
/** Below this zoom names are unreadable: boxes are drawn as plain shapes in a few paths. */
const COMPACT_ZOOM = 0.4;
const ZOOM_STEP = 1.25;
/** Used when the frame reports no size (not laid out yet, or a DOM without layout). */
const FALLBACK_SIZE: Size = { width: 1024, height: 640 };

// The tree's SVG file and print copy: no part of the page's first paint (usePrintChart).
const loadTreeSvg = () => import('../lib/export');
type TreeSvgCode = Awaited<ReturnType<typeof loadTreeSvg>>;

const spin = keyframes`to { transform: rotate(360deg); }`;

const identity = (text: string): ReactNode => text;

function lineageOf(state: TreeState, id: number): TreeNodeData[] {
  const line: TreeNodeData[] = [];
  for (let at = state.parents.get(id); at !== undefined; at = state.parents.get(at)) {
    const person = state.nodes.get(at);
    if (person) line.push(person);
  }
  return line.reverse();
}

/** Boxes as one path, for the compact (zoomed-out) drawing. */
function boxesPath(nodes: readonly LayoutNode[], width: number, height: number): string {
  const half = width / 2;
  return nodes
    .map((node) => `M${Math.round(node.x - half)} ${node.y}h${width}v${height}h${-width}Z`)
    .join('');
}

/** The coloured left edges of boxes, as one path. */
function accentsPath(nodes: readonly LayoutNode[], width: number, height: number): string {
  const half = width / 2;
  const bar = chartStyle.accentWidth * 2;
  return nodes
    .map((node) => `M${Math.round(node.x - half)} ${node.y}h${bar}v${height}h${-bar}Z`)
    .join('');
}

/**
 * The interactive санжыра: starts at a person (or a focused person under their male line),
 * loads children on demand, pans and zooms, and renders only what is in view.
 */
export function SanjyraTree({
  initial,
  loadChildren,
  personHref,
  photoUrl,
  onFocusChange,
  onOpenPerson,
  renderText = identity,
  exportText,
  labels,
  height = 'min(75vh, 900px)',
  fileName = 'sanjyra',
  toolbarExtra,
}: SanjyraTreeProps) {
  const [state, dispatch] = useReducer(treeReducer, initial, (data) => initTreeState(data));
  const [cardId, setCardId] = useState<number | null>(null);
  // null until an export first fails: the notice's code loads then, and stays for its exit.
  const frameRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const helpId = useId();

  // New initial data from the page (e.g. the URL's ?person= changed): a person already in the
  // tree is only focused, so the page echoing onFocusChange back does not rebuild the tree.
  const initialKey = `${initial.root.id}:${initial.focusId ?? ''}`;
  const [appliedKey, setAppliedKey] = useState(initialKey);
  if (appliedKey !== initialKey) {
    setAppliedKey(initialKey);
    const focusId = initial.focusId ?? initial.root.id;
    if (initial.root.id === state.rootId && state.layout.byId.has(focusId)) {
      dispatch({ type: 'focus', id: focusId, reveal: true, source: 'init' });
    } else {
      dispatch({ type: 'init', initial });
      setCardId(null);
    }
  }

  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () =>
      dispatch({
        type: 'resize',
        size:
          frame.clientWidth > 0 && frame.clientHeight > 0
            ? { width: frame.clientWidth, height: frame.clientHeight }
            : FALLBACK_SIZE,
      });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);

  // Children marked 'loading' by the reducer are fetched here, once per reset generation.
  const loadRef = useRef(loadChildren);
  const inFlight = useRef(new Set<string>());
  useEffect(() => {
    loadRef.current = loadChildren;
  }, [loadChildren]);
  const { children: childrenState, generation } = state;
  useEffect(() => {
    for (const [id, entry] of childrenState) {
      const key = `${generation}:${id}`;
      if (entry.status !== 'loading' || inFlight.current.has(key)) continue;
      inFlight.current.add(key);
      loadRef.current(id).then(
        (children) => {
          inFlight.current.delete(key);
          dispatch({ type: 'loaded', id, generation, children });
        },
        () => {
          inFlight.current.delete(key);
          dispatch({ type: 'failed', id, generation });
        },
      );
    }
  }, [childrenState, generation]);

  // Report focus moves made by the user (not by start-up) to the page.
  const onFocusChangeRef = useRef(onFocusChange);
  const previousFocus = useRef(state.focusId);
  useEffect(() => {
    onFocusChangeRef.current = onFocusChange;
  }, [onFocusChange]);
  useEffect(() => {
    const changed = previousFocus.current !== state.focusId;
    previousFocus.current = state.focusId;
    if (changed && state.focusSource === 'user') onFocusChangeRef.current?.(state.focusId);
  }, [state.focusId, state.focusSource]);

  // Keyboard moves take DOM focus along; the focused node is always rendered.
  const wantDomFocus = useRef(false);
  useEffect(() => {
    if (!wantDomFocus.current) return;
    wantDomFocus.current = false;
    svgRef.current
      ?.querySelector<SVGGElement>(`[data-node="${state.focusId}"]`)
      ?.focus({ preventScroll: true });
  }, [state.focusId, state.layout]);

  const { consumeDrag } = usePanZoom(
    svgRef,
    useCallback((update) => dispatch({ type: 'view', update }), []),
  );

  const plainText = useMemo(
    () => exportText ?? ((text: string) => nodeText(renderText(text)) ?? text),
    [exportText, renderText],
  );
  // A file and the print copy carry their fonts and photos inside (`assets`).
  const treeSvg: ChartSvgSource<TreeSvgCode> = {
    load: loadTreeSvg,
    draw: ({ buildTreeSvg }, assets) =>
      buildTreeSvg({
        layout: state.layout,
        nodes: state.nodes,
        labels,
        text: plainText,
        selectedId: state.focusId,
        runeFont: assets?.runeFont,
        photoHref: photoUrl && ((fileId) => assets?.images?.get(photoUrl(fileId))),
      }),
  };
  // The photos the print copy and the files draw: a new list only when the layout changes.
  const photoUrls = useMemo(
    () =>
      photoUrl
        ? state.layout.nodes.flatMap(({ id }) => {
            const photo = state.nodes.get(id)?.photo_file_id;
            return photo ? [photoUrl(photo)] : [];
          })
        : [],
    [photoUrl, state.layout, state.nodes],
  );
  const { printView, print } = usePrintChart(treeSvg, photoUrls);

  const handleToggle = (id: number) => {
    setCardId(null);
    wantDomFocus.current = svgRef.current?.contains(document.activeElement) ?? false;
    dispatch({ type: 'toggle', id });
  };

  const openCard = (id: number) => {
    dispatch({ type: 'focus', id, reveal: false });
    setCardId(id);
  };

  const handleClick = (event: MouseEvent<SVGSVGElement>) => {
    if (consumeDrag()) return;
    const target = event.target as Element;
    const toggle = target.closest('[data-toggle]');
    if (toggle) {
      // The person whose button was pressed becomes the focused one, as with a click on the box.
      const id = Number(toggle.getAttribute('data-toggle'));
      dispatch({ type: 'focus', id, reveal: false });
      handleToggle(id);
      return;
    }
    const nodeElement = target.closest('[data-node]');
    if (nodeElement) {
      openCard(Number(nodeElement.getAttribute('data-node')));
      return;
    }
    // Zoomed out, boxes are plain shapes: find the person under the pointer.
    const box = event.currentTarget.getBoundingClientRect();
    const { view } = state;
    const hit = nodeAt(
      state.layout,
      (event.clientX - box.left - view.x) / view.k,
      (event.clientY - box.top - view.y) / view.k,
    );
    if (hit) openCard(hit.id);
  };

  const handleKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const { layout, focusId } = state;
    const current = layout.byId.get(focusId);
    if (!current) return;
    let target: number | undefined;
    switch (event.key) {
      case 'ArrowUp':
        target = current.parentId ?? undefined;
        break;
      case 'ArrowDown': {
        // The child right below: parents sit centred over their children.
        const kids = current.childIds;
        if (kids.length > 0) target = kids[Math.floor((kids.length - 1) / 2)];
        else handleToggle(focusId);
        break;
      }
      case 'ArrowLeft':
        target = layout.rows[current.depth]?.[current.column - 1]?.id;
        break;
      case 'ArrowRight':
        target = layout.rows[current.depth]?.[current.column + 1]?.id;
        break;
      case 'Home':
        target = state.rootId;
        break;
      case 'Enter':
        openCard(focusId);
        break;
      case ' ':
        handleToggle(focusId);
        break;
      case '+':
      case '=':
        dispatch({ type: 'zoom', factor: ZOOM_STEP });
        break;
      case '-':
      case '_':
        dispatch({ type: 'zoom', factor: 1 / ZOOM_STEP });
        break;
      case '0':
        dispatch({ type: 'reset-view' });
        break;
      default:
        return;
    }
    event.preventDefault();
    if (target !== undefined) {
      wantDomFocus.current = true;
      dispatch({ type: 'focus', id: target, reveal: true });
    }
  };

  const { download, notice: exportNotice } = useChartDownload(
    treeSvg,
    fileName,
    renderText(labels.exportError),
    () => photoUrls,
  );

  const { layout, view, size, focusId } = state;
  const { nodeWidth, nodeHeight } = layout.options;
  const compact = view.k < COMPACT_ZOOM;
  const rect = worldRect(view, size, CULL_MARGIN);
  const inView = nodesInRect(layout, rect);
  const full: LayoutNode[] = compact ? [] : [...inView];
  for (const id of [focusId, cardId]) {
    const node = id === null ? undefined : layout.byId.get(id);
    if (node && !full.includes(node)) full.push(node);
  }
  const shapes: Record<TreeNodeData['sex'], LayoutNode[]> = { M: [], F: [], U: [] };
  if (compact) {
    for (const node of inView) {
      const person = state.nodes.get(node.id);
      if (person && node.id !== focusId && node.id !== cardId) shapes[person.sex].push(node);
    }
  }
  const focusPerson = focusId === null ? undefined : state.nodes.get(focusId);
  const cardPerson =
    cardId === null || !layout.byId.has(cardId) ? undefined : state.nodes.get(cardId);

  return (
    <Box className="sanjyra-tree" sx={chartBoxStyles(height)}>
      <ChartToolbar
        labels={labels}
        renderText={renderText}
        zoom={{
          onZoomIn: () => dispatch({ type: 'zoom', factor: ZOOM_STEP }),
          onZoomOut: () => dispatch({ type: 'zoom', factor: 1 / ZOOM_STEP }),
          onReset: () => dispatch({ type: 'reset-view' }),
        }}
        onDownloadSvg={() => download('svg')}
        onDownloadPng={() => download('png')}
        onPrint={print}
        extra={focusPerson && toolbarExtra?.({ id: focusPerson.id, name: focusPerson.name })}
      />
      <Box ref={frameRef} sx={[{ position: 'relative', flex: 1, minHeight: 0 }, frameStyles]}>
        <svg
          ref={svgRef}
          role="tree"
          aria-label={labels.tree}
          aria-describedby={helpId}
          // Focusable by click (not by Tab: the focused node is the tab stop), so the zoom keys
          // keep working after the user drags the empty background.
          tabIndex={-1}
          onClick={handleClick}
          onKeyDown={handleKeyDown}
        >
          <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
            <path
              className="tree-edges"
              d={edgesPath(
                layout,
                rect,
                compact ? 0 : chartStyle.toggleOffset + chartStyle.toggleRadius,
              )}
            />
            {compact && (
              <>
                <path
                  className="tree-shapes"
                  d={boxesPath(Object.values(shapes).flat(), nodeWidth, nodeHeight)}
                />
                {(Object.keys(shapes) as TreeNodeData['sex'][]).map((sex) => (
                  <path
                    key={sex}
                    fill={chartStyle.accent[sex]}
                    d={accentsPath(shapes[sex], nodeWidth, nodeHeight)}
                  />
                ))}
              </>
            )}
            {full.map((node) => {
              const person = state.nodes.get(node.id);
              if (!person) return null;
              return (
                <TreeNodeView
                  key={node.id}
                  node={node}
                  person={person}
                  entry={state.children.get(node.id)}
                  expanded={(shownChildren(state, node.id)?.length ?? 0) > 0}
                  focused={node.id === focusId}
                  width={nodeWidth}
                  height={nodeHeight}
                  labels={labels}
                  renderText={renderText}
                  plainText={plainText}
                  photoUrl={photoUrl}
                />
              );
            })}
          </g>
        </svg>
        <Box id={helpId} className="visually-hidden">
          {labels.keyboardHelp}
        </Box>
      </Box>
      {cardPerson && cardId !== null && (
        <Suspense fallback={null}>
          <PersonCard
            person={cardPerson}
            lineage={lineageOf(state, cardId)}
            entry={state.children.get(cardId)}
            expanded={(shownChildren(state, cardId)?.length ?? 0) > 0}
            anchorEl={() =>
              svgRef.current?.querySelector(`[data-node="${cardId}"]`) ?? svgRef.current
            }
            href={personHref(cardId)}
            labels={labels}
            renderText={renderText}
            onClose={() => setCardId(null)}
            onToggle={() => handleToggle(cardId)}
            onOpenPerson={onOpenPerson}
          />
        </Suspense>
      )}
      {exportNotice}
      {printView}
    </Box>
  );
}

const frameStyles = {
  '& > svg': {
    display: 'block',
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    // The tree handles every gesture itself; the page does not scroll or zoom under it.
    touchAction: 'none',
    userSelect: 'none',
    WebkitUserSelect: 'none',
    cursor: 'grab',
    fontFamily: chartStyle.fontFamily,
  },
  '& > svg:active': { cursor: 'grabbing' },
  '& > svg:focus': { outline: 'none' },
  // Strokes keep their screen width at any zoom, so a zoomed-out tree does not fade away.
  '& .tree-edges': {
    fill: 'none',
    stroke: chartStyle.edge,
    strokeWidth: 1.5,
    vectorEffect: 'non-scaling-stroke',
  },
  '& .tree-shapes': {
    fill: chartStyle.nodeFill,
    stroke: chartStyle.muted,
    strokeWidth: 1,
    vectorEffect: 'non-scaling-stroke',
  },
  '& .tree-node': { cursor: 'pointer', outline: 'none' },
  '& .tree-node .frame': {
    fill: chartStyle.nodeFill,
    stroke: chartStyle.nodeStroke,
    strokeWidth: 1,
  },
  '& .tree-node:hover .frame': { stroke: chartStyle.primary },
  '& .tree-node.is-focused .frame': {
    fill: chartStyle.selectedFill,
    stroke: chartStyle.primary,
    strokeWidth: 2.5,
  },
  '& .focus-ring': {
    fill: 'none',
    stroke: chartStyle.primary,
    strokeWidth: 2,
    strokeDasharray: '5 3',
    opacity: 0,
  },
  '& .tree-node:focus-visible .focus-ring': { opacity: 1 },
  '& .tree-node-text': {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    color: chartStyle.text,
    fontFamily: chartStyle.fontFamily,
    overflow: 'hidden',
  },
  '& .tree-node-name': {
    fontSize: 15,
    fontWeight: 600,
    lineHeight: '20px',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .tree-node-meta': {
    fontSize: 12.5,
    lineHeight: '17px',
    color: chartStyle.muted,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  '& .tree-toggle': { cursor: 'pointer' },
  '& .tree-toggle-hit': { fill: 'transparent' },
  '& .tree-toggle-pill': { fill: '#FFFFFF', stroke: chartStyle.edge, strokeWidth: 1.5 },
  '& .tree-toggle:hover .tree-toggle-pill': {
    stroke: chartStyle.primary,
    fill: chartStyle.selectedFill,
  },
  '& .tree-toggle.is-error .tree-toggle-pill': { stroke: chartStyle.error, fill: '#FFEBEE' },
  '& .tree-toggle-text': { fontSize: 12, fontWeight: 700, fill: chartStyle.text },
  '& .tree-toggle.is-error .tree-toggle-text': { fill: chartStyle.error },
  '& .tree-spinner': {
    fill: 'none',
    stroke: chartStyle.primary,
    strokeWidth: 2.5,
    strokeDasharray: '65 35',
    transformBox: 'fill-box',
    transformOrigin: 'center',
    animation: `${spin} 0.9s linear infinite`,
  },
  '@media (prefers-reduced-motion: reduce)': { '& .tree-spinner': { animationDuration: '3s' } },
} as const;
