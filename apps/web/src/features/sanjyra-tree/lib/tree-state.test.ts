import { describe, expect, it } from 'vitest';
import { buildPerson } from '../test/render';
import { initTreeState, shownChildren, treeReducer, type TreeState } from './tree-state';

const size = { width: 1000, height: 600 };

function screenX(state: TreeState, id: number) {
  return state.layout.byId.get(id)!.x * state.view.k + state.view.x;
}

describe('tree state', () => {
  it('starts at the root, centred at the top, loading its children', () => {
    const root = buildPerson({ child_count: 3 });
    const state = initTreeState({ root }, size);
    expect(state.focusId).toBe(root.id);
    expect(state.children.get(root.id)).toEqual({ status: 'loading' });
    expect(screenX(state, root.id)).toBe(500);
  });

  it('opens on the male line of a focused person and finds them among the father’s children', () => {
    const root = buildPerson({ child_count: 2 });
    const grandfather = buildPerson({ child_count: 5 });
    const father = buildPerson({ child_count: 3 });
    const focus = buildPerson({ child_count: 1 });
    let state = initTreeState(
      { root, ancestors: [root, grandfather, father], focusId: focus.id },
      size,
    );
    // The line is drawn at once; each ancestor shows only the next one down.
    expect(shownChildren(state, root.id)).toEqual([grandfather.id]);
    expect(state.children.get(grandfather.id)).toEqual({ status: 'partial', ids: [father.id] });
    expect(state.children.get(father.id)?.status).toBe('loading');
    expect(state.pendingFocusId).toBe(focus.id);

    const siblings = [buildPerson(), focus, buildPerson()];
    state = treeReducer(state, {
      type: 'loaded',
      id: father.id,
      generation: 0,
      children: siblings,
    });
    expect(state.focusId).toBe(focus.id);
    expect(state.focusSource).toBe('init');
    // The focused person is centred and their own children are requested.
    expect(screenX(state, focus.id)).toBeCloseTo(500);
    expect(state.children.get(focus.id)?.status).toBe('loading');
  });

  it('loads all children of a partial ancestor, keeping the line drawn meanwhile', () => {
    const root = buildPerson({ child_count: 3 });
    const son = buildPerson({ child_count: 0 });
    let state = initTreeState({ root, ancestors: [son], focusId: son.id }, size);
    state = treeReducer(state, { type: 'toggle', id: root.id });
    expect(state.children.get(root.id)).toEqual({ status: 'loading', partial: [son.id] });
    expect(shownChildren(state, root.id)).toEqual([son.id]);
    const all = [buildPerson(), son, buildPerson()];
    state = treeReducer(state, { type: 'loaded', id: root.id, generation: 0, children: all });
    expect(shownChildren(state, root.id)).toEqual(all.map((person) => person.id));
  });

  it('keeps the expanded person where it was on screen', () => {
    const root = buildPerson({ child_count: 2 });
    const kids = [buildPerson({ child_count: 4 }), buildPerson({ child_count: 4 })];
    const grandchildren = () => Array.from({ length: 4 }, () => buildPerson());
    let state = initTreeState({ root }, size);
    state = treeReducer(state, { type: 'loaded', id: root.id, generation: 0, children: kids });
    const [first, second] = kids.map((kid) => kid.id) as [number, number];
    state = treeReducer(state, { type: 'toggle', id: second });
    state = treeReducer(state, {
      type: 'loaded',
      id: second,
      generation: 0,
      children: grandchildren(),
    });
    const before = { first: screenX(state, first), root: screenX(state, root.id) };
    // The first son's children push his brother's family to the right: the root moves, he does not.
    state = treeReducer(state, { type: 'toggle', id: first });
    state = treeReducer(state, {
      type: 'loaded',
      id: first,
      generation: 0,
      children: grandchildren(),
    });
    expect(screenX(state, first)).toBeCloseTo(before.first);
    expect(screenX(state, root.id)).toBeGreaterThan(before.root + 100);
  });

  it('records a failure, retries on toggle, and drops answers from before a reset', () => {
    const root = buildPerson({ child_count: 2 });
    let state = initTreeState({ root }, size);
    state = treeReducer(state, { type: 'failed', id: root.id, generation: 0 });
    expect(state.children.get(root.id)?.status).toBe('error');
    state = treeReducer(state, { type: 'toggle', id: root.id });
    expect(state.children.get(root.id)?.status).toBe('loading');
    state = treeReducer(state, { type: 'init', initial: { root } });
    const stale = treeReducer(state, {
      type: 'loaded',
      id: root.id,
      generation: 0,
      children: [buildPerson()],
    });
    expect(stale).toBe(state);
  });

  it('moves the focus up to a person whose children are hidden', () => {
    const root = buildPerson({ child_count: 1 });
    const son = buildPerson();
    let state = initTreeState({ root }, size);
    state = treeReducer(state, { type: 'loaded', id: root.id, generation: 0, children: [son] });
    state = treeReducer(state, { type: 'focus', id: son.id, reveal: true });
    state = treeReducer(state, { type: 'toggle', id: root.id });
    expect(state.layout.byId.has(son.id)).toBe(false);
    expect(state.focusId).toBe(root.id);
    expect(state.focusSource).toBe('user');
  });

  it('fits the focus’s generation in a phone’s frame, at first and on reset (item 4)', () => {
    const phone = { width: 356, height: 469 };
    const root = buildPerson({ child_count: 3 });
    const sons = [buildPerson(), buildPerson(), buildPerson()];
    const { nodeWidth } = initTreeState({ root }, phone).layout.options;
    const inFrame = (state: TreeState) =>
      sons.every((son) => {
        const x = screenX(state, son.id);
        const half = (nodeWidth / 2) * state.view.k;
        return x - half >= 0 && x + half <= phone.width;
      });
    let state = initTreeState({ root }, phone);
    state = treeReducer(state, { type: 'loaded', id: root.id, generation: 0, children: sons });
    expect(inFrame(state)).toBe(true);
    expect(state.view.k).toBeGreaterThanOrEqual(0.5);
    // Panned and zoomed away, the reset button brings the whole family back.
    state = treeReducer(state, { type: 'view', update: (view) => ({ ...view, x: view.x - 300 }) });
    state = treeReducer(state, { type: 'zoom', factor: 2 });
    expect(inFrame(state)).toBe(false);
    state = treeReducer(state, { type: 'reset-view' });
    expect(inFrame(state)).toBe(true);
  });
});
