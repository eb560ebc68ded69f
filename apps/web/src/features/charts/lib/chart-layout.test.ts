import { childrenIndex, layoutDescendants, stepFrom, type PersonSummary } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { buildChartSvg, PHOTO_SIZE } from './chart-svg';
import { layoutPedigree, pedigreeBox } from './pedigree-layout';

let nextId = 1;
function person(fields: Partial<PersonSummary> = {}): PersonSummary {
  const id = fields.id ?? nextId++;
  return {
    id,
    name: `Адам ${id}`,
    sex: 'M',
    father_id: null,
    mother_id: null,
    father_name: null,
    grandfather_name: null,
    birth_year: null,
    death_year: null,
    is_living: false,
    living: false,
    restricted: false,
    birth_order: null,
    generation: 1,
    child_count: 0,
    descendant_count: 0,
    ...fields,
  };
}

const mapOf = (list: PersonSummary[]) => new Map(list.map((p) => [p.id, p]));
const opened = (expanded: number[] = [], collapsed: number[] = []) => ({
  expanded: new Set(expanded),
  collapsed: new Set(collapsed),
});

/** A full pedigree of `generations` above person 1: ids by heap order (father 2n, mother 2n+1). */
function fullPedigree(generations: number) {
  const list: PersonSummary[] = [];
  const last = 2 ** (generations + 1) - 1;
  for (let id = 1; id <= last; id++) {
    const hasParents = 2 * id <= 2 ** (generations + 2) - 1;
    list.push(
      person({
        id,
        sex: id === 1 || id % 2 === 0 ? 'M' : 'F',
        father_id: hasParents ? 2 * id : null,
        mother_id: hasParents ? 2 * id + 1 : null,
      }),
    );
  }
  return mapOf(list);
}

describe('the pedigree layout', () => {
  it('puts the person at the left, fathers above mothers, one column per generation', () => {
    const layout = layoutPedigree(1, fullPedigree(4), opened());
    expect(layout.boxes).toHaveLength(31);
    const at = (id: number) => layout.boxes.find((box) => box.person.id === id)!;
    const column = pedigreeBox.width + pedigreeBox.columnGap;
    expect(at(1).x).toBe(0);
    expect(at(2).x).toBe(column);
    expect(at(16).x).toBe(4 * column);
    expect(at(2).y).toBeLessThan(at(3).y);
    // The person sits between the parents; no two boxes of a column overlap.
    expect(at(1).y).toBeGreaterThan(at(2).y);
    expect(at(1).y).toBeLessThan(at(3).y);
    const lastColumn = layout.boxes.filter((box) => box.depth === 4).sort((a, b) => a.y - b.y);
    for (let i = 1; i < lastColumn.length; i++) {
      expect(lastColumn[i]!.y - lastColumn[i - 1]!.y).toBeGreaterThanOrEqual(pedigreeBox.height);
    }
    // The fifth generation is known to exist: expand buttons; the others can hide theirs.
    expect(lastColumn.every((box) => box.toggle === 'expand')).toBe(true);
    expect(at(1).toggle).toBe('collapse');
    expect(layout.edges.match(/M/g)).toHaveLength(30);
  });

  it('expands two generations above a box, shows loading until they arrive, collapses', () => {
    const persons = fullPedigree(6);
    // 'ffff': the father's father's father's father, person 16.
    const layout = layoutPedigree(1, persons, opened([16]));
    expect(layout.boxes).toHaveLength(31 + 2 + 4);
    expect(layout.boxes.find((box) => box.key === 'ffff')?.toggle).toBe('collapse');
    expect(layout.boxes.find((box) => box.key === 'ffffff')?.toggle).toBe('expand');

    const partial = new Map(persons);
    partial.delete(32);
    const waiting = layoutPedigree(1, partial, opened([16]));
    expect(waiting.boxes.find((box) => box.key === 'ffff')?.toggle).toBe('loading');

    // Collapsed: his ancestors hidden, his button shows them again.
    const closed = layoutPedigree(1, persons, opened([16], [16]));
    expect(closed.boxes).toHaveLength(31);
    expect(closed.boxes.find((box) => box.key === 'ffff')?.toggle).toBe('expand');
  });

  it('collapses within the first five generations, and keeps it when recentred', () => {
    const persons = fullPedigree(6);
    // The mother (3) hidden: her 14 ancestors go, the father's line stays.
    const layout = layoutPedigree(1, persons, opened([], [3]));
    expect(layout.boxes).toHaveLength(31 - 14);
    expect(layout.boxes.find((box) => box.key === 'm')?.toggle).toBe('expand');
    expect(layout.boxes.some((box) => box.key.startsWith('m') && box.key !== 'm')).toBe(false);
    expect(layout.boxes.filter((box) => box.key.startsWith('f'))).toHaveLength(15);

    // Recentred on the father (2) with his father (4) hidden and a grandfather (32) expanded
    // (reached from the first chart): the same persons keep their state where they now stand.
    const state = opened([32], [4]);
    const recentred = layoutPedigree(2, persons, state);
    const at = (id: number) => recentred.boxes.find((box) => box.person.id === id);
    expect(at(4)?.key).toBe('f');
    expect(at(4)?.toggle).toBe('expand');
    expect(at(8)).toBeUndefined();
    expect(at(5)?.toggle).toBe('collapse');
    expect(at(32)).toBeUndefined();
    // 4 shown again: 32, now in the fifth column, still shows the two generations above him.
    const reopened = layoutPedigree(2, persons, opened([32]));
    expect(reopened.boxes.find((box) => box.person.id === 32)?.toggle).toBe('collapse');
    expect(reopened.boxes.find((box) => box.person.id === 64)?.key).toBe('fffff');
  });

  it('follows the mother’s line and draws an ancestor reached twice twice', () => {
    const grand = person({ name: 'Чоң ата' });
    const father = person({ father_id: grand.id });
    const mother = person({ sex: 'F', father_id: grand.id });
    const me = person({ father_id: father.id, mother_id: mother.id });
    const layout = layoutPedigree(me.id, mapOf([grand, father, mother, me]), opened());
    expect(layout.boxes.map((box) => box.key).sort()).toEqual(['', 'f', 'ff', 'm', 'mf']);
    expect(layout.boxes.filter((box) => box.person.id === grand.id)).toHaveLength(2);
  });
});

describe('the descendant layout', () => {
  const root = person({ child_count: 2 });
  const son = person({ father_id: root.id, birth_order: 1, child_count: 1 });
  const daughter = person({ sex: 'F', father_id: root.id, birth_order: 2, child_count: 1 });
  const husband = 9_000;
  const grandson = person({ father_id: son.id });
  const daughtersSon = person({ father_id: husband, mother_id: daughter.id, child_count: 3 });
  const persons = mapOf([daughtersSon, grandson, daughter, son, root]);

  it('puts a daughter’s children under her, siblings in birth order', () => {
    expect(childrenIndex(persons).get(root.id)).toEqual([son.id, daughter.id]);
    expect(childrenIndex(persons).get(daughter.id)).toEqual([daughtersSon.id]);
    const layout = layoutDescendants(root.id, persons, new Set());
    const at = (id: number) => layout.boxes.find((box) => box.person.id === id)!;
    expect(layout.boxes).toHaveLength(5);
    expect(at(daughtersSon.id).depth).toBe(2);
    expect(at(daughtersSon.id).y).toBeGreaterThan(at(daughter.id).y);
    expect(at(son.id).x).toBeLessThan(at(daughter.id).x);
    expect(at(root.id).toggle).toBe('collapse');
    // Children not loaded yet: an expand button.
    expect(at(daughtersSon.id).toggle).toBe('expand');
    expect(at(grandson.id).toggle).toBe('none');
  });

  it('collapses a line and shows loading while more is fetched', () => {
    const layout = layoutDescendants(root.id, persons, new Set([daughter.id]), new Set([son.id]));
    expect(layout.boxes.map((box) => box.person.id)).not.toContain(daughtersSon.id);
    expect(layout.boxes.find((box) => box.person.id === daughter.id)?.toggle).toBe('expand');
    expect(layout.boxes.find((box) => box.person.id === son.id)?.toggle).toBe('loading');
  });

  it('draws a child of a marriage inside the chart once, joined to both parents', () => {
    // Cousins marry: the root's grandson (through a son) and granddaughter (through another).
    const elder = person({ child_count: 2 });
    const a = person({ father_id: elder.id, birth_order: 1, child_count: 1 });
    const b = person({ father_id: elder.id, birth_order: 2, child_count: 1 });
    const groom = person({ father_id: a.id, child_count: 1 });
    const bride = person({ sex: 'F', father_id: b.id, child_count: 1 });
    const child = person({ father_id: groom.id, mother_id: bride.id });
    const family = mapOf([child, bride, groom, b, a, elder]);
    expect(childrenIndex(family).get(bride.id)).toEqual([child.id]);

    const layout = layoutDescendants(elder.id, family, new Set());
    const boxes = layout.boxes.filter((box) => box.person.id === child.id);
    expect(boxes).toHaveLength(1);
    expect(layout.boxes).toHaveLength(6);
    const at = (id: number) => layout.boxes.find((box) => box.person.id === id)!;
    const centre = (id: number) => at(id).x + layout.boxWidth / 2;
    // Under the union: one row below both parents, between them.
    expect(at(child.id).depth).toBe(3);
    expect(centre(child.id)).toBeGreaterThanOrEqual(centre(groom.id));
    expect(centre(child.id)).toBeLessThanOrEqual(centre(bride.id));
    // The father's connector, and the mother's own one ending on the child's top.
    expect(layout.edges.match(/M/g)).toHaveLength(5);
    const union = layout.unionEdges.match(/^M([\d.-]+) ([\d.-]+)V[\d.-]+H([\d.-]+)V([\d.-]+)$/);
    expect(union?.slice(1).map(Number)).toEqual([
      centre(bride.id),
      at(bride.id).y + layout.boxHeight,
      centre(child.id),
      at(child.id).y,
    ]);
    // Her child is on screen under him: her button neither offers to load nor hides nothing.
    expect(at(groom.id).toggle).toBe('collapse');
    expect(at(bride.id).toggle).toBe('none');
    // His line hidden: the child comes under her.
    const hidden = layoutDescendants(elder.id, family, new Set([groom.id]));
    expect(hidden.boxes.find((box) => box.person.id === child.id)?.parentKey).toBe(
      String(bride.id),
    );
    expect(hidden.boxes.find((box) => box.person.id === bride.id)?.toggle).toBe('collapse');
    // The file draws the mother's connector too.
    const { svg } = buildChartSvg({ layout, title: 'Урпактары', unknownYear: '?' });
    expect(svg).toContain(`<path d="${layout.unionEdges}"`);
  });

  it('exports every box as a standalone SVG, names in the given script', () => {
    const layout = layoutDescendants(root.id, persons, new Set());
    const { svg, width, height } = buildChartSvg({
      layout,
      title: 'Урпактары',
      unknownYear: '?',
      text: (text) => text.toUpperCase(),
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<g transform/g)).toHaveLength(5);
    expect(svg).toContain(`>${daughter.name.toUpperCase()}</text>`);
    expect(width).toBeGreaterThan(layout.boxWidth * 2);
    expect(height).toBeGreaterThan(layout.boxHeight * 3);
  });

  it('embeds photos in the file, and draws a placeholder where one could not be fetched', () => {
    const withPhoto = person({ photo_file_id: 7 });
    const failed = person({ sex: 'F', photo_file_id: 8 });
    const parent = person({ child_count: 2 });
    withPhoto.father_id = parent.id;
    failed.father_id = parent.id;
    const layout = layoutDescendants(parent.id, mapOf([parent, withPhoto, failed]), new Set());
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const { svg } = buildChartSvg({
      layout,
      title: 'Урпактары',
      unknownYear: '?',
      photoHref: (fileId) => (fileId === 7 ? png : undefined),
    });
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(doc.querySelector('parsererror')).toBeNull();
    const images = [...doc.querySelectorAll('image')];
    expect(images.map((image) => image.getAttribute('href'))).toEqual([png]);
    expect(images[0]!.getAttribute('clip-path')).toBe('url(#photo-clip)');
    expect(doc.querySelector('clipPath#photo-clip rect')).not.toBeNull();
    // The failed one: a plain square in the photo's place, no broken image; the name beside it.
    const failedBox = [...doc.querySelectorAll('g')].find(
      (g) => g.querySelector('title')?.textContent === failed.name,
    )!;
    expect(failedBox.querySelector('image')).toBeNull();
    expect(failedBox.querySelectorAll('rect')).toHaveLength(2);
    expect(failedBox.querySelector('text')?.getAttribute('x')).toBe(String(16 + PHOTO_SIZE + 8));
  });
});

describe('arrow keys between persons', () => {
  it('go along generations and neighbours in both charts', () => {
    const pedigree = layoutPedigree(1, fullPedigree(2), opened());
    const p = (key: string) => pedigree.boxes.find((box) => box.key === key)!;
    // Away from the person: the father; back: the child; along a column, top to bottom.
    expect(stepFrom(pedigree, p(''), 'away')?.key).toBe('f');
    expect(stepFrom(pedigree, p('f'), 'away')?.key).toBe('ff');
    expect(stepFrom(pedigree, p('fm'), 'back')?.key).toBe('f');
    expect(stepFrom(pedigree, p(''), 'back')).toBeUndefined();
    expect(stepFrom(pedigree, p('f'), 'next')?.key).toBe('m');
    expect(stepFrom(pedigree, p('fm'), 'next')?.key).toBe('mf');
    expect(stepFrom(pedigree, p('ff'), 'previous')).toBeUndefined();

    const root = person({ child_count: 3 });
    const kids = [1, 2, 3].map((order) => person({ father_id: root.id, birth_order: order }));
    const grandson = person({ father_id: kids[2]!.id });
    const descendants = layoutDescendants(root.id, mapOf([root, ...kids, grandson]), new Set());
    const d = (id: number) => descendants.boxes.find((box) => box.person.id === id)!;
    // Down: the middle child, under the parent; left and right: brothers in birth order.
    expect(stepFrom(descendants, d(root.id), 'away')?.person.id).toBe(kids[1]!.id);
    expect(stepFrom(descendants, d(kids[1]!.id), 'next')?.person.id).toBe(kids[2]!.id);
    expect(stepFrom(descendants, d(kids[1]!.id), 'previous')?.person.id).toBe(kids[0]!.id);
    expect(stepFrom(descendants, d(grandson.id), 'back')?.person.id).toBe(kids[2]!.id);
    expect(stepFrom(descendants, d(kids[0]!.id), 'away')).toBeUndefined();
  });
});
