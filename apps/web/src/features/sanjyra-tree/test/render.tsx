// A minimal stand-in for React Testing Library (not installed): mount into happy-dom inside
// act(), so effects and resolved promises are flushed before the test looks at the DOM.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach } from 'vitest';
import type { TreeNodeData } from '../types';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const mounted: Array<{ root: Root; container: HTMLElement }> = [];

afterEach(async () => {
  for (const { root, container } of mounted.splice(0)) {
    await act(async () => root.unmount());
    container.remove();
  }
});

export async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  await act(async () => root.render(ui));
  return {
    container,
    rerender: (next: ReactNode) => act(async () => root.render(next)),
  };
}

/** Runs `fn` in act() and lets pending promises (fake loads) and `ms` of timers settle. */
export async function settle(fn: () => void = () => {}, ms = 0) {
  await act(async () => {
    fn();
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

export function press(target: Element, key: string) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

export function click(target: Element) {
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
}

let nextId = 1;

/** A person for tests; ids are unique unless given. */
export function buildPerson(overrides: Partial<TreeNodeData> = {}): TreeNodeData {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Адам ${id}`,
    birth_year: 1900,
    death_year: 1970,
    sex: 'M',
    child_count: 0,
    ...overrides,
  };
}

/**
 * A fake server: a complete tree of `depth` generations with `branching` children each, and a
 * `loadChildren` that records its calls.
 */
export function buildFamily(branching: number, depth: number) {
  const people = new Map<number, TreeNodeData>();
  const childrenOf = new Map<number, TreeNodeData[]>();
  let id = 1000;
  const make = (level: number): TreeNodeData => {
    const person = buildPerson({
      id: id++,
      child_count: level < depth ? branching : 0,
      sex: id % 3 === 0 ? 'F' : 'M',
    });
    people.set(person.id, person);
    if (level < depth) {
      childrenOf.set(
        person.id,
        Array.from({ length: branching }, () => make(level + 1)),
      );
    }
    return person;
  };
  const root = make(0);
  const calls: number[] = [];
  const loadChildren = (personId: number) => {
    calls.push(personId);
    return Promise.resolve(childrenOf.get(personId) ?? []);
  };
  return { root, people, childrenOf, loadChildren, calls };
}
