import type { TreeInitialData, TreeNodeData } from '../types';
import { defaultLayoutOptions, layoutTree, type LayoutNode, type TreeLayout } from '@bagysh/shared';
import {
  clampZoom,
  placeAt,
  zoomAt,
  type Size,
  type ViewTransform,
} from '../../../lib/svg-chart/viewport';
import { revealNode } from './viewport';

/**
 * What is known about a person's children. `partial` lists the children drawn before all are
 * loaded: the one on the line towards the initially focused person.
 */
export type ChildrenEntry =
  | { status: 'partial'; ids: readonly number[] }
  | { status: 'loading'; partial?: readonly number[] }
  | { status: 'error'; partial?: readonly number[] }
  | { status: 'loaded'; ids: readonly number[] };

export interface TreeState {
  /** Bumped on every reset; answers to older requests are dropped. */
  generation: number;
  rootId: number;
  nodes: ReadonlyMap<number, TreeNodeData>;
  parents: ReadonlyMap<number, number>;
  children: ReadonlyMap<number, ChildrenEntry>;
  expanded: ReadonlySet<number>;
  layout: TreeLayout;
  focusId: number;
  /** Who moved the focus last: only user moves are reported to the page. */
  focusSource: 'init' | 'user';
  /** The initial focus, waiting for its father's children to arrive. */
  pendingFocusId: number | null;
  view: ViewTransform;
  size: Size;
  /** Centre the focus as soon as it can be (size known, focus loaded), until the user moves. */
  centerPending: boolean;
}

export type TreeAction =
  | { type: 'init'; initial: TreeInitialData }
  | { type: 'resize'; size: Size }
  | { type: 'toggle'; id: number }
  | { type: 'loaded'; id: number; generation: number; children: readonly TreeNodeData[] }
  | { type: 'failed'; id: number; generation: number }
  | { type: 'focus'; id: number; reveal: boolean; source?: 'init' | 'user' }
  | { type: 'view'; update: (view: ViewTransform) => ViewTransform }
  | { type: 'zoom'; factor: number }
  | { type: 'reset-view' };

/** Ids of the children drawn under `id` (none when collapsed or not loaded). */
export function shownChildren(state: Pick<TreeState, 'children' | 'expanded'>, id: number) {
  if (!state.expanded.has(id)) return undefined;
  const entry = state.children.get(id);
  if (!entry) return undefined;
  return entry.status === 'partial' || entry.status === 'loaded' ? entry.ids : entry.partial;
}

function computeLayout(state: Pick<TreeState, 'rootId' | 'children' | 'expanded'>): TreeLayout {
  return layoutTree(state.rootId, (id) => shownChildren(state, id), defaultLayoutOptions);
}

function defaultZoom(size: Size): number {
  return size.width > 0 && size.width < 600 ? 0.8 : 1;
}

/** Zoom below which a fitted view stops shrinking (names stay readable): pan for the rest. */
export const FIT_MIN_ZOOM = 0.5;
/** Screen pixels kept free at each side of a fitted generation. */
const FIT_PADDING = 12;

/**
 * The world span, left edge to right edge of the boxes, of the focus's generation as the
 * visitor sees it: the focus with its brothers and sisters, and its children drawn below.
 */
function generationSpan(layout: TreeLayout, focus: LayoutNode): { left: number; right: number } {
  const family = [
    ...(layout.rows[focus.depth] ?? []).filter((node) => node.parentId === focus.parentId),
    ...(layout.rows[focus.depth + 1] ?? []).filter((node) => node.parentId === focus.id),
  ];
  const half = layout.options.nodeWidth / 2;
  const xs = family.map((node) => node.x);
  return { left: Math.min(...xs) - half, right: Math.max(...xs) + half };
}

/**
 * Focus centred; the topmost person instead sits at the top, its descendants below it. The
 * focus's generation fits the width (zooming out down to FIT_MIN_ZOOM on a phone), moved
 * sideways only as far as needed to bring its ends in.
 */
function centredView(layout: TreeLayout, focus: LayoutNode | undefined, size: Size): ViewTransform {
  let k = defaultZoom(size);
  if (!focus) return { x: size.width / 2, y: 32, k };
  const span = generationSpan(layout, focus);
  const room = size.width - 2 * FIT_PADDING;
  if (room > 0 && (span.right - span.left) * k > room) {
    k = Math.max(FIT_MIN_ZOOM, room / (span.right - span.left));
  }
  let view =
    focus.depth === 0
      ? placeAt(focus.x, 0, size.width / 2, 32, k)
      : placeAt(
          focus.x,
          focus.y + layout.options.nodeHeight / 2,
          size.width / 2,
          size.height * 0.42,
          k,
        );
  const left = span.left * k + view.x;
  const right = span.right * k + view.x;
  if (right - left > room) {
    // Too wide even so: the focus stays in the middle, a pan reaches the rest.
  } else if (left < FIT_PADDING) {
    view = { ...view, x: view.x + FIT_PADDING - left };
  } else if (right > size.width - FIT_PADDING) {
    view = { ...view, x: view.x - (right - (size.width - FIT_PADDING)) };
  }
  return view;
}

function focusLoading(state: Pick<TreeState, 'children' | 'focusId'>): boolean {
  return state.children.get(state.focusId)?.status === 'loading';
}

function isDescendant(parents: ReadonlyMap<number, number>, id: number, ancestorId: number) {
  for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
    if (at === ancestorId) return true;
  }
  return false;
}

/** Starts the load of a person's children (marks them loading and expanded) if needed. */
function requestChildren(
  children: Map<number, ChildrenEntry>,
  expanded: Set<number>,
  person: TreeNodeData | undefined,
) {
  if (!person || person.child_count === 0) return;
  const entry = children.get(person.id);
  expanded.add(person.id);
  if (!entry) children.set(person.id, { status: 'loading' });
  else if (entry.status === 'partial')
    children.set(person.id, { status: 'loading', partial: entry.ids });
  else if (entry.status === 'error')
    children.set(person.id, { status: 'loading', partial: entry.partial });
}

/** Applies a change of the drawn tree, keeping `anchorId` where it was on screen. */
function relayout(state: TreeState, anchorId: number | null): TreeState {
  const layout = computeLayout(state);
  let next: TreeState = { ...state, layout };
  if (state.centerPending && state.pendingFocusId === null && state.size.width > 0) {
    next = {
      ...next,
      view: centredView(layout, layout.byId.get(state.focusId), state.size),
      // Once more when the focus's children arrive, so that the view fits them too.
      centerPending: focusLoading(state),
    };
  } else if (anchorId !== null) {
    const before = state.layout.byId.get(anchorId);
    const after = layout.byId.get(anchorId);
    if (before && after) {
      const { view } = state;
      next.view = {
        ...view,
        x: view.x + (before.x - after.x) * view.k,
        y: view.y + (before.y - after.y) * view.k,
      };
    }
  }
  return next;
}

/** The state for the initial data of the page (see TreeInitialData). */
export function initTreeState(
  initial: TreeInitialData,
  size: Size = { width: 0, height: 0 },
  generation = 0,
): TreeState {
  const { root } = initial;
  const chain = [root, ...(initial.ancestors ?? []).filter((person) => person.id !== root.id)];
  const focusIndex = chain.findIndex((person) => person.id === (initial.focusId ?? root.id));
  // Focus among the ancestors: the line below it is not needed.
  if (focusIndex >= 0) chain.length = focusIndex + 1;
  const nodes = new Map<number, TreeNodeData>();
  const parents = new Map<number, number>();
  const children = new Map<number, ChildrenEntry>();
  const expanded = new Set<number>();
  chain.forEach((person, i) => {
    nodes.set(person.id, person);
    const next = chain[i + 1];
    if (next) {
      parents.set(next.id, person.id);
      children.set(person.id, { status: 'partial', ids: [next.id] });
      expanded.add(person.id);
    }
  });
  const last = chain[chain.length - 1]!;
  let pendingFocusId: number | null = null;
  if (focusIndex < 0 && initial.focusId !== undefined) {
    // The focus is a child of the last ancestor: load the father's children to find it.
    pendingFocusId = initial.focusId;
    requestChildren(children, expanded, last);
    if (last.child_count === 0) pendingFocusId = null;
  } else {
    requestChildren(children, expanded, last);
  }
  const base = {
    generation,
    rootId: root.id,
    nodes,
    parents,
    children,
    expanded,
    focusId: last.id,
    focusSource: 'init' as const,
    pendingFocusId,
    view: { x: size.width / 2, y: 32, k: defaultZoom(size) },
    size,
    centerPending: true,
  };
  const layout = computeLayout(base);
  return relayout({ ...base, layout }, null);
}

export function treeReducer(state: TreeState, action: TreeAction): TreeState {
  switch (action.type) {
    case 'init':
      return initTreeState(action.initial, state.size, state.generation + 1);

    case 'resize': {
      const { size } = action;
      if (size.width === state.size.width && size.height === state.size.height) return state;
      if (state.centerPending && state.pendingFocusId === null && size.width > 0) {
        return {
          ...state,
          size,
          view: centredView(state.layout, state.layout.byId.get(state.focusId), size),
          centerPending: focusLoading(state),
        };
      }
      // Keep the centre of the frame over the same point of the tree.
      const view = {
        ...state.view,
        x: state.view.x + (size.width - state.size.width) / 2,
        y: state.view.y + (size.height - state.size.height) / 2,
      };
      return { ...state, size, view: state.size.width > 0 ? view : state.view };
    }

    case 'toggle': {
      const person = state.nodes.get(action.id);
      if (!person) return state;
      const entry = state.children.get(action.id);
      const children = new Map(state.children);
      const expanded = new Set(state.expanded);
      let { focusId, focusSource } = state;
      if (entry?.status === 'loading') return state;
      if (entry?.status === 'loaded' && state.expanded.has(action.id)) {
        expanded.delete(action.id);
        if (isDescendant(state.parents, focusId, action.id)) {
          focusId = action.id;
          focusSource = 'user';
        }
      } else if (entry?.status === 'loaded') {
        expanded.add(action.id);
      } else {
        requestChildren(children, expanded, person);
      }
      return relayout({ ...state, children, expanded, focusId, focusSource }, action.id);
    }

    case 'loaded': {
      const entry = state.children.get(action.id);
      if (action.generation !== state.generation || entry?.status !== 'loading') return state;
      const nodes = new Map(state.nodes);
      const parents = new Map(state.parents);
      const children = new Map(state.children);
      const expanded = new Set(state.expanded);
      const ids: number[] = [];
      for (const child of action.children) {
        // A person already drawn elsewhere (bad data: a cycle) is not drawn twice.
        if (
          child.id === state.rootId ||
          (parents.has(child.id) && parents.get(child.id) !== action.id)
        )
          continue;
        nodes.set(child.id, child);
        parents.set(child.id, action.id);
        ids.push(child.id);
      }
      children.set(action.id, { status: 'loaded', ids });
      let { focusId, pendingFocusId } = state;
      if (pendingFocusId !== null && ids.includes(pendingFocusId)) {
        focusId = pendingFocusId;
        pendingFocusId = null;
        requestChildren(children, expanded, nodes.get(focusId));
      } else if (pendingFocusId !== null && state.focusId === action.id) {
        pendingFocusId = null; // not a child after all: stay on the father
      }
      return relayout(
        { ...state, nodes, parents, children, expanded, focusId, pendingFocusId },
        action.id,
      );
    }

    case 'failed': {
      const entry = state.children.get(action.id);
      if (action.generation !== state.generation || entry?.status !== 'loading') return state;
      const children = new Map(state.children);
      children.set(action.id, { status: 'error', partial: entry.partial });
      const pendingFocusId = state.centerPending ? state.pendingFocusId : null;
      return relayout({ ...state, children, pendingFocusId }, action.id);
    }

    case 'focus': {
      const node = state.layout.byId.get(action.id);
      if (!node) return state;
      const view = action.reveal
        ? revealNode(state.view, node, state.layout, state.size)
        : state.view;
      return {
        ...state,
        focusId: action.id,
        focusSource: action.source ?? 'user',
        view,
        pendingFocusId: null,
        centerPending: false,
      };
    }

    case 'view': {
      const view = action.update(state.view);
      if (view === state.view) return state;
      return { ...state, view: { ...view, k: clampZoom(view.k) }, centerPending: false };
    }

    case 'zoom': {
      const { width, height } = state.size;
      return {
        ...state,
        view: zoomAt(state.view, action.factor, width / 2, height / 2),
        centerPending: false,
      };
    }

    case 'reset-view':
      return {
        ...state,
        view: centredView(state.layout, state.layout.byId.get(state.focusId), state.size),
        centerPending: false,
      };
  }
}
