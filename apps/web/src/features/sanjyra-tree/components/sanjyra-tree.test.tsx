import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testLabels } from '../test/labels';
import { buildFamily, buildPerson, click, press, render, settle } from '../test/render';
import type { SanjyraTreeProps, TreeNodeData } from '../types';
import { SanjyraTree } from './sanjyra-tree';

function items(container: HTMLElement) {
  return [...container.querySelectorAll<SVGGElement>('[role="treeitem"]')];
}

function item(container: HTMLElement, id: number) {
  const found = container.querySelector<SVGGElement>(`[data-node="${id}"]`);
  if (!found) throw new Error(`person ${id} is not rendered`);
  return found;
}

function toggleOf(container: HTMLElement, id: number) {
  item(container, id);
  return container.querySelector(`[data-toggle="${id}"]`)!;
}

function viewOf(container: HTMLElement) {
  const transform = container.querySelector('svg[role="tree"] > g')!.getAttribute('transform')!;
  const [x, y, k] = transform.match(/-?[\d.]+(e-?\d+)?/g)!.map(Number);
  return { x: x!, y: y!, k: k! };
}

/** A promise per call that the test resolves or rejects when it wants. */
function deferredLoader() {
  const pending = new Map<
    number,
    { resolve: (v: TreeNodeData[]) => void; reject: (e: Error) => void }
  >();
  const loadChildren = vi.fn(
    (id: number) =>
      new Promise<TreeNodeData[]>((resolve, reject) => pending.set(id, { resolve, reject })),
  );
  return { loadChildren, pending };
}

function props(overrides: Partial<SanjyraTreeProps> & Pick<SanjyraTreeProps, 'initial'>) {
  return {
    loadChildren: () => Promise.resolve([]),
    personHref: (id: number) => `/persons/${id}`,
    labels: testLabels,
    ...overrides,
  } satisfies SanjyraTreeProps;
}

describe('SanjyraTree', () => {
  it('names each node with its father and grandfather when the page gives the patronymic', async () => {
    const root = buildPerson({
      name: 'Айбек',
      sex: 'M',
      birth_year: 1827,
      death_year: 1895,
      father_name: 'Чоткара',
      grandfather_name: 'Мырзабек',
    });
    const { container } = await render(
      <SanjyraTree
        {...props({
          initial: { root },
          labels: {
            ...testLabels,
            patronymic: (person) => `${person.father_name} уулу (${person.grandfather_name})`,
          },
        })}
      />,
    );
    await settle();
    const node = item(container, root.id);
    expect(node.getAttribute('aria-label')).toBe('Айбек, 1827–1895, Чоткара уулу (Мырзабек)');
    expect(node.querySelector('.tree-node-name')?.getAttribute('title')).toBe(
      'Айбек Чоткара уулу (Мырзабек) 1827–1895',
    );
  });

  it('starts at the root with its children loaded, as an accessible tree', async () => {
    const family = buildFamily(3, 2);
    const { container } = await render(
      <SanjyraTree
        {...props({ initial: { root: family.root }, loadChildren: family.loadChildren })}
      />,
    );
    await settle();
    const tree = container.querySelector('[role="tree"]')!;
    expect(tree.getAttribute('aria-label')).toBe('Санжыра дарагы');
    expect(family.calls).toEqual([family.root.id]);
    const all = items(container);
    expect(all).toHaveLength(4);
    const root = item(container, family.root.id);
    expect(root.getAttribute('aria-level')).toBe('1');
    expect(root.getAttribute('aria-expanded')).toBe('true');
    expect(root.getAttribute('aria-selected')).toBe('true');
    expect(root.getAttribute('aria-label')).toBe(`${family.root.name}, 1900–1970`);
    // Roving tabindex: exactly one node is in the tab order.
    expect(all.filter((node) => node.getAttribute('tabindex') === '0')).toEqual([root]);
    const child = family.childrenOf.get(family.root.id)![1]!;
    expect(item(container, child.id).getAttribute('aria-level')).toBe('2');
    expect(item(container, child.id).getAttribute('aria-posinset')).toBe('2');
    expect(item(container, child.id).getAttribute('aria-expanded')).toBe('false');
  });

  it('loads children on click with a spinner, once, and hides them again', async () => {
    const root = buildPerson({ child_count: 2 });
    const kids = [buildPerson({ name: 'Асан' }), buildPerson({ name: 'Үсөн' })];
    const { loadChildren, pending } = deferredLoader();
    const { container } = await render(
      <SanjyraTree {...props({ initial: { root }, loadChildren })} />,
    );
    // Mounting starts the root's load: a spinner, and aria-busy.
    expect(item(container, root.id).getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.tree-spinner')).not.toBeNull();
    await settle(() => pending.get(root.id)!.resolve(kids));
    expect(items(container).map((node) => node.getAttribute('aria-label'))).toEqual([
      `${root.name}, 1900–1970`,
      'Асан, 1900–1970',
      'Үсөн, 1900–1970',
    ]);
    // Collapse and expand again: no second request.
    await settle(() => click(toggleOf(container, root.id)));
    expect(items(container)).toHaveLength(1);
    expect(item(container, root.id).getAttribute('aria-expanded')).toBe('false');
    await settle(() => click(toggleOf(container, root.id)));
    expect(items(container)).toHaveLength(3);
    expect(loadChildren).toHaveBeenCalledTimes(1);
  });

  it('asks for each person’s children once, even under StrictMode', async () => {
    const family = buildFamily(2, 2);
    await render(
      <StrictMode>
        <SanjyraTree
          {...props({ initial: { root: family.root }, loadChildren: family.loadChildren })}
        />
      </StrictMode>,
    );
    await settle();
    expect(family.calls).toEqual([family.root.id]);
  });

  it('shows a retry button when loading fails, and retries', async () => {
    const root = buildPerson({ child_count: 1 });
    const { loadChildren, pending } = deferredLoader();
    const { container } = await render(
      <SanjyraTree {...props({ initial: { root }, loadChildren })} />,
    );
    await settle(() => pending.get(root.id)!.reject(new Error('offline')));
    const toggle = toggleOf(container, root.id);
    expect(toggle.getAttribute('class')).toContain('is-error');
    expect(toggle.textContent).toContain('Кайталоо');
    await settle(() => click(toggle));
    expect(loadChildren).toHaveBeenCalledTimes(2);
    await settle(() => pending.get(root.id)!.resolve([buildPerson({ name: 'Кайра' })]));
    expect(items(container).map((node) => node.getAttribute('aria-label'))).toContain(
      'Кайра, 1900–1970',
    );
  });

  it('moves focus with the arrow keys and reports it, expanding with Space', async () => {
    const family = buildFamily(3, 3);
    const onFocusChange = vi.fn();
    const { container } = await render(
      <SanjyraTree
        {...props({
          initial: { root: family.root },
          loadChildren: family.loadChildren,
          onFocusChange,
        })}
      />,
    );
    await settle();
    const [first, middle, last] = family.childrenOf.get(family.root.id)!;
    const root = item(container, family.root.id);
    root.focus();
    expect(onFocusChange).not.toHaveBeenCalled();

    await settle(() => press(root, 'ArrowDown'));
    // Down goes to the child right below the parent: the middle one.
    expect(document.activeElement).toBe(item(container, middle!.id));
    expect(item(container, middle!.id).getAttribute('aria-selected')).toBe('true');
    expect(item(container, middle!.id).getAttribute('tabindex')).toBe('0');
    expect(root.getAttribute('tabindex')).toBe('-1');

    await settle(() => press(document.activeElement!, 'ArrowRight'));
    expect(document.activeElement).toBe(item(container, last!.id));
    await settle(() => press(document.activeElement!, 'ArrowLeft'));
    await settle(() => press(document.activeElement!, 'ArrowLeft'));
    expect(document.activeElement).toBe(item(container, first!.id));

    await settle(() => press(document.activeElement!, ' '));
    expect(family.calls).toEqual([family.root.id, first!.id]);
    expect(item(container, first!.id).getAttribute('aria-expanded')).toBe('true');
    await settle(() => press(document.activeElement!, 'ArrowDown'));
    const grandchild = family.childrenOf.get(first!.id)![1]!;
    expect(document.activeElement).toBe(item(container, grandchild.id));
    expect(item(container, grandchild.id).getAttribute('aria-level')).toBe('3');
    // Right walks the generation's row; at its end the focus stays.
    const lastGrandchild = family.childrenOf.get(first!.id)![2]!;
    await settle(() => press(document.activeElement!, 'ArrowRight'));
    await settle(() => press(document.activeElement!, 'ArrowRight'));
    expect(document.activeElement).toBe(item(container, lastGrandchild.id));

    await settle(() => press(document.activeElement!, 'ArrowUp'));
    await settle(() => press(document.activeElement!, 'ArrowUp'));
    expect(document.activeElement).toBe(item(container, family.root.id));
    expect(onFocusChange.mock.calls.map(([id]) => id as number)).toEqual([
      middle!.id,
      last!.id,
      middle!.id,
      first!.id,
      grandchild.id,
      lastGrandchild.id,
      first!.id,
      family.root.id,
    ]);
  });

  it('zooms with + and -, and 0 resets the view', async () => {
    const root = buildPerson();
    const { container } = await render(<SanjyraTree {...props({ initial: { root } })} />);
    const node = item(container, root.id);
    const start = viewOf(container);
    await settle(() => press(node, '+'));
    expect(viewOf(container).k).toBeCloseTo(start.k * 1.25);
    await settle(() => press(node, '-'));
    await settle(() => press(node, '-'));
    expect(viewOf(container).k).toBeCloseTo(start.k / 1.25);
    await settle(() => press(node, '0'));
    expect(viewOf(container)).toEqual(start);
    // The toolbar does the same.
    await settle(() => click(container.querySelector('[aria-label="Чоңойтуу"]')!));
    expect(viewOf(container).k).toBeCloseTo(start.k * 1.25);
  });

  it('opens the person card on click, with lineage and a link the page can route', async () => {
    const family = buildFamily(2, 2);
    const onOpenPerson = vi.fn();
    const { container } = await render(
      <SanjyraTree
        {...props({
          initial: { root: family.root },
          loadChildren: family.loadChildren,
          onOpenPerson,
          renderText: (text) => <bdi data-testid="converted">{text.toUpperCase()}</bdi>,
        })}
      />,
    );
    await settle();
    const child = family.childrenOf.get(family.root.id)![0]!;
    // The card's code loads on the first click: here before it, so that it arrives within act().
    await import('./person-card');
    await settle(() => click(item(container, child.id).querySelector('.frame')!));
    const card = document.querySelector('[role="dialog"]')!;
    expect(card).not.toBeNull();
    expect(card.querySelector('h2')!.textContent).toBe(child.name.toUpperCase());
    expect(card.querySelector('ol[aria-label="Ата-теги"]')!.textContent).toBe(
      family.root.name.toUpperCase(),
    );
    const link = card.querySelector<HTMLAnchorElement>(`a[href="/persons/${child.id}"]`)!;
    // Shown labels go through renderText too; the accessible name stays Cyrillic.
    expect(link.textContent).toBe('ТОЛУК МААЛЫМАТ');
    expect(link.getAttribute('aria-label')).toBe('Толук маалымат');
    await settle(() => click(link));
    expect(onOpenPerson).toHaveBeenCalledWith(child.id);
    expect(item(container, child.id).getAttribute('aria-selected')).toBe('true');
    // Names on the nodes go through renderText too; the Cyrillic stays in aria-label.
    expect(item(container, child.id).querySelector('bdi')!.textContent).toBe(
      child.name.toUpperCase(),
    );
    expect(item(container, child.id).getAttribute('aria-label')).toContain(child.name);
    // The popover's exit transition runs on timers.
    await settle(() => click(card.querySelector('[aria-label="Жабуу"]')!), 400);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('opens on the line of a focused person, centred, without reporting a user move', async () => {
    const root = buildPerson({ name: 'Багыш', child_count: 4 });
    const grandfather = buildPerson({ child_count: 2 });
    const father = buildPerson({ child_count: 3 });
    const focus = buildPerson({ name: 'Максат', child_count: 0 });
    const siblings = [buildPerson(), focus, buildPerson()];
    const onFocusChange = vi.fn();
    const loadChildren = vi.fn((id: number) => Promise.resolve(id === father.id ? siblings : []));
    const { container } = await render(
      <SanjyraTree
        {...props({
          initial: { root, ancestors: [root, grandfather, father], focusId: focus.id },
          loadChildren,
          onFocusChange,
        })}
      />,
    );
    await settle();
    expect(loadChildren.mock.calls).toEqual([[father.id]]);
    const node = item(container, focus.id);
    expect(node.getAttribute('aria-selected')).toBe('true');
    expect(node.getAttribute('aria-level')).toBe('4');
    // Centred horizontally in the (fallback) 1024 px frame.
    const view = viewOf(container);
    const box = node
      .getAttribute('transform')!
      .match(/-?[\d.]+/g)!
      .map(Number);
    expect((box[0]! + 88) * view.k + view.x).toBeCloseTo(512);
    // Ancestors show one son each, with a "+n" button for the rest.
    expect(toggleOf(container, root.id).querySelector('.tree-toggle-text')!.textContent).toBe('+3');
    expect(onFocusChange).not.toHaveBeenCalled();
  });

  it('renders only the people in view of a 5,000-person tree', async () => {
    // Four sons with 1,250 sons each: 5,005 people once the sons are expanded (by keyboard).
    const root = buildPerson({ child_count: 4 });
    const sons = Array.from({ length: 4 }, () => buildPerson({ child_count: 1250 }));
    const grandsons = new Map(
      sons.map((son) => [son.id, Array.from({ length: 1250 }, () => buildPerson())]),
    );
    const loadChildren = vi.fn((id: number) =>
      Promise.resolve(id === root.id ? sons : (grandsons.get(id) ?? [])),
    );
    const { container } = await render(
      <SanjyraTree {...props({ initial: { root }, loadChildren })} />,
    );
    await settle();
    await settle(() => press(item(container, root.id), 'ArrowDown'));
    await settle(() => press(document.activeElement!, 'ArrowLeft'));
    for (const [i, son] of sons.entries()) {
      expect(document.activeElement).toBe(item(container, son.id));
      await settle(() => press(document.activeElement!, ' '));
      if (i < sons.length - 1) await settle(() => press(document.activeElement!, 'ArrowRight'));
    }
    expect(loadChildren).toHaveBeenCalledTimes(5);
    expect(item(container, sons[3]!.id).getAttribute('aria-expanded')).toBe('true');
    const rendered = items(container);
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);

    // Every rendered person meets the frame (1024 × 640) grown by the 160 px margin.
    const view = viewOf(container);
    for (const node of rendered) {
      const [x, y] = node
        .getAttribute('transform')!
        .match(/-?[\d.]+/g)!
        .map(Number);
      const left = x! * view.k + view.x;
      const top = y! * view.k + view.y;
      expect(left + 176 * view.k).toBeGreaterThanOrEqual(-160);
      expect(left).toBeLessThanOrEqual(1024 + 160);
      expect(top + 72 * view.k).toBeGreaterThanOrEqual(-160);
      expect(top).toBeLessThanOrEqual(640 + 160);
    }

    // Zoomed far out, boxes become shapes in a few paths: still few DOM nodes.
    for (let i = 0; i < 12; i++) await settle(() => press(document.activeElement!, '-'));
    expect(viewOf(container).k).toBeLessThan(0.1);
    expect(items(container)).toHaveLength(1);
    const shapes = [...container.querySelectorAll('.tree-shapes')];
    const boxes = shapes.reduce(
      (sum, path) => sum + (path.getAttribute('d')!.match(/M/g)?.length ?? 0),
      0,
    );
    expect(boxes).toBeGreaterThan(60);
    expect(container.querySelectorAll('svg *').length).toBeLessThan(60);
  });

  it('shows a person’s photo thumbnail in the card when the page gives its URL', async () => {
    const root = buildPerson({ photo_file_id: 7 });
    const { container } = await render(
      <SanjyraTree {...props({ initial: { root }, photoUrl: (id) => `/thumbs/${id}` })} />,
    );
    await settle();
    expect(container.querySelector(`[data-node="${root.id}"] image`)?.getAttribute('href')).toBe(
      '/thumbs/7',
    );
    const { container: plain } = await render(<SanjyraTree {...props({ initial: { root } })} />);
    await settle();
    expect(plain.querySelector('image')).toBeNull();
  });

  describe('export and print', () => {
    let saved: Blob[] = [];
    const spies: Array<{ mockRestore: () => void }> = [];
    const linkClick = vi.fn();
    beforeEach(() => {
      saved = [];
      spies.push(
        vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
          saved.push(blob as Blob);
          return 'blob:tree';
        }),
        vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {}),
        vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(linkClick),
      );
    });
    afterEach(() => {
      linkClick.mockClear();
      for (const spy of spies.splice(0)) spy.mockRestore();
    });

    it('downloads the expanded tree as SVG with every name, not only those in view', async () => {
      const family = buildFamily(30, 1);
      const { container } = await render(
        <SanjyraTree
          {...props({
            initial: { root: family.root },
            loadChildren: family.loadChildren,
            fileName: 'bagysh',
          })}
        />,
      );
      await settle();
      const sons = family.childrenOf.get(family.root.id)!;
      expect(items(container).length).toBeLessThan(sons.length);
      await settle(() => click(container.querySelector('[aria-label="SVG жүктөп алуу"]')!));
      // The download code loads on the first click.
      await vi.waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.type).toBe('image/svg+xml;charset=utf-8');
      const svg = await saved[0]!.text();
      for (const person of [family.root, ...sons]) expect(svg).toContain(`>${person.name}</text>`);
      expect(linkClick).toHaveBeenCalledTimes(1);
    });

    it('puts the whole tree into the page while printing, and takes it out after', async () => {
      const family = buildFamily(3, 1);
      // happy-dom has no window.print; the browser fires beforeprint/afterprint around it.
      const print = vi.fn(() => window.dispatchEvent(new Event('beforeprint')));
      Object.defineProperty(window, 'print', { value: print, configurable: true });
      const { container } = await render(
        <SanjyraTree
          {...props({ initial: { root: family.root }, loadChildren: family.loadChildren })}
        />,
      );
      await settle();
      await settle(() => click(container.querySelector('[aria-label="Басып чыгаруу"]')!));
      expect(print).toHaveBeenCalled();
      const printed = document.querySelector('body > .chart-print-root svg');
      expect(printed?.textContent).toContain(family.root.name);
      await settle(() => window.dispatchEvent(new Event('afterprint')));
      expect(document.querySelector('.chart-print-root')).toBeNull();
      Reflect.deleteProperty(window, 'print');
    });
  });
});
