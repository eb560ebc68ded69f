import {
  PERSON_LIMITS,
  TRIBE_STATS_MIN_CELL,
  type ClanDetail,
  type Person,
  type TribeStats,
  type TribeStatsRangeCell,
} from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';

/** One person of the fixture tree; `father` is another key. */
interface Fixture {
  key: string;
  name: string;
  sex: 'M' | 'F';
  father?: string;
  birth?: number;
  death?: number;
  living?: boolean;
}

// Three уруу (А, Б, Ж), one person outside every clan, five living persons. The last
// generations hold only living persons, and the clans Б and Ж are small with a living person
// each: the cells a guest must not see alone.
const TREE: Fixture[] = [
  { key: 'a0', name: 'Асан', sex: 'M', birth: 1790, death: 1860 },
  { key: 'a1', name: 'Үсөн', sex: 'M', father: 'a0', birth: 1820, death: 1890 },
  { key: 'a2', name: 'Асан', sex: 'M', father: 'a0', birth: 1825, death: 1880 },
  { key: 'a3', name: 'Айша', sex: 'F', father: 'a0', birth: 1830, death: 1900 },
  { key: 'a4', name: 'Бакыт', sex: 'M', father: 'a1', birth: 1850, death: 1920 },
  { key: 'a5', name: 'Асан', sex: 'M', father: 'a1', birth: 1855, death: 1930 },
  { key: 'a6', name: 'Айша', sex: 'F', father: 'a2', birth: 1860, death: 1940 },
  { key: 'a7', name: 'Нурлан', sex: 'M', father: 'a4', birth: 1880, death: 1950 },
  { key: 'a8', name: 'Асан', sex: 'M', father: 'a4', birth: 1885, death: 1960 },
  { key: 'a9', name: 'Гүлнара', sex: 'F', father: 'a5', birth: 1890, death: 1970 },
  { key: 'a10', name: 'Нурлан', sex: 'M', father: 'a7', birth: 1920, death: 1990 },
  { key: 'a11', name: 'Бакыт', sex: 'M', father: 'a8', birth: 1925, death: 2000 },
  { key: 'a12', name: 'Айгүл', sex: 'F', father: 'a10', birth: 1950, living: true },
  { key: 'a13', name: 'Тилек', sex: 'M', father: 'a11', birth: 1990, living: true },
  { key: 'a14', name: 'Эрлан', sex: 'M', father: 'a13', birth: 2010, living: true },
  { key: 'b0', name: 'Бек', sex: 'M', birth: 1800, death: 1870 },
  { key: 'b1', name: 'Бек', sex: 'M', father: 'b0', birth: 1830, death: 1900 },
  { key: 'b2', name: 'Айша', sex: 'F', father: 'b0', birth: 1835, death: 1910 },
  { key: 'b3', name: 'Сапар', sex: 'M', father: 'b1', birth: 1960, living: true },
  { key: 'c0', name: 'Жакып', sex: 'M', birth: 1900, death: 1980 },
  { key: 'c1', name: 'Мээрим', sex: 'F', father: 'c0', birth: 2000, living: true },
  { key: 'l0', name: 'Осмон', sex: 'M', birth: 1700, death: 1780 },
];
const CLANS = [
  { name: 'Асан уруусу', founder: 'a0' },
  { name: 'Бек уруусу', founder: 'b0' },
  { name: 'Жакып уруусу', founder: 'c0' },
];

// ---------------------------------------------------------------------------------------------
// The expected figures, worked out from the fixture alone.

function isHidden(person: Fixture): boolean {
  const floor = new Date().getUTCFullYear() - PERSON_LIMITS.livingYears;
  return (
    person.living === true ||
    (person.death === undefined && person.birth !== undefined && person.birth > floor)
  );
}

function byKey(tree: readonly Fixture[]): Map<string, Fixture> {
  return new Map(tree.map((person) => [person.key, person]));
}

function generationOf(tree: readonly Fixture[], person: Fixture): number {
  const keys = byKey(tree);
  let generation = 1;
  for (let at = person; at.father; at = keys.get(at.father)!) generation += 1;
  return generation;
}

function clanOf(tree: readonly Fixture[], person: Fixture): string | null {
  const keys = byKey(tree);
  let top: string | null = null;
  for (let at: Fixture | undefined = person; at; at = at.father ? keys.get(at.father) : undefined) {
    const key = at.key;
    const clan = CLANS.find((c) => c.founder === key);
    if (clan) top = clan.name;
  }
  return top;
}

function countBy<T>(items: readonly T[], key: (item: T) => number | null): Map<number, number> {
  const counts = new Map<number, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

function sortedCells(counts: Map<number, number>, width = 0): TribeStatsRangeCell[] {
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([from, count]) => ({ from, to: from + width, count }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Births, lifespans and names of `persons` (all of them for a member, the shown for a guest). */
function personFigures(persons: readonly Fixture[]) {
  const births = sortedCells(
    countBy(persons, (p) => (p.birth === undefined ? null : Math.floor(p.birth / 10) * 10)),
    9,
  );
  const ages = new Map<number, number[]>();
  for (const p of persons) {
    if (p.birth === undefined || p.death === undefined) continue;
    const century = Math.floor(p.birth / 100) * 100;
    ages.set(century, [...(ages.get(century) ?? []), p.death - p.birth]);
  }
  const lifespans = [...ages]
    .sort(([a], [b]) => a - b)
    .map(([century, list]) => ({
      century,
      count: list.length,
      average_age: Math.round((list.reduce((s, a) => s + a, 0) / list.length) * 10) / 10,
      median_age: median(list),
    }));
  const top = (sex: 'M' | 'F') => {
    const counts = new Map<string, number>();
    for (const p of persons) if (p.sex === sex) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
    return [...counts]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1))
      .slice(0, 10);
  };
  return { births, lifespans, names: { male: top('M'), female: top('F') } };
}

function childCounts(tree: readonly Fixture[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of tree) if (p.father) counts.set(p.father, (counts.get(p.father) ?? 0) + 1);
  return counts;
}

/** What a member sees: every cell, one per value. */
function memberFigures(tree: readonly Fixture[]): Omit<TribeStats, 'clans'> {
  return {
    persons: tree.length,
    excludes_living: false,
    generations: sortedCells(countBy(tree, (p) => generationOf(tree, p))),
    ...personFigures(tree),
    children: sortedCells(countBy([...childCounts(tree).values()], (n) => n)),
  };
}

/**
 * The guest's rule, checked on the answer: the ranges cover every value once, each count is
 * the fixture's over its range, and a cell under the minimum counts no hidden person.
 */
function expectSafeRanges(
  cells: readonly TribeStatsRangeCell[],
  items: readonly { value: number; hidden: boolean }[],
) {
  let total = 0;
  for (const [index, cell] of cells.entries()) {
    const inside = items.filter((item) => item.value >= cell.from && item.value <= cell.to);
    expect(cell.count, JSON.stringify(cell)).toBe(inside.length);
    if (inside.length < TRIBE_STATS_MIN_CELL) {
      expect(
        inside.some((item) => item.hidden),
        `a guest's cell ${JSON.stringify(cell)} of fewer than ${TRIBE_STATS_MIN_CELL} counts a living person`,
      ).toBe(false);
    }
    if (index > 0) expect(cell.from).toBeGreaterThan(cells[index - 1]!.to);
    total += inside.length;
  }
  expect(total).toBe(items.length);
}

// ---------------------------------------------------------------------------------------------

let app: App;
let moderator: TestUser;
let member: TestUser;
const ids = new Map<string, Person>();

async function stats(user?: TestUser): Promise<TribeStats> {
  const response = await app.inject({
    url: '/api/stats/tribe/',
    ...(user ? { headers: user.headers } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TribeStats>();
}

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  for (const person of TREE) {
    const created = await addPerson(app, moderator, {
      name: person.name,
      sex: person.sex,
      father_id: person.father ? ids.get(person.father)!.id : null,
      birth_year: person.birth ?? null,
      death_year: person.death ?? null,
      is_living: person.living ?? false,
    });
    ids.set(person.key, created);
  }
  for (const clan of CLANS) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/clans/',
      headers: moderator.headers,
      payload: { name: clan.name, founder_id: ids.get(clan.founder)!.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ClanDetail>().kind).toBe('uruu');
  }
}, 60_000);

describe('GET /api/stats/tribe/', () => {
  it('gives a member every figure of the tree, counted in full', async () => {
    const answer = await stats(member);
    expect(answer).toMatchObject(memberFigures(TREE));
    const clanSizes = new Map<string, number>();
    for (const p of TREE) {
      const clan = clanOf(TREE, p);
      if (clan) clanSizes.set(clan, (clanSizes.get(clan) ?? 0) + 1);
    }
    expect(answer.clans.map((cell) => [cell.kind, cell.name, cell.count])).toEqual([
      ...[...clanSizes].sort(([, a], [, b]) => b - a).map(([name, count]) => ['clan', name, count]),
      ['none', null, TREE.filter((p) => clanOf(TREE, p) === null).length],
    ]);
    // A moderator sees what a member sees.
    expect(await stats(moderator)).toEqual(answer);
  });

  it('shows a guest no cell that could point at a living person', async () => {
    const answer = await stats();
    const shown = TREE.filter((p) => !isHidden(p));
    expect(answer.persons).toBe(TREE.length);
    expect(answer.excludes_living).toBe(true);
    // Births, lifespans and names: only the persons a guest sees in full.
    expect(answer).toMatchObject(personFigures(shown));
    expect(answer.births.every((cell) => cell.from < 1950)).toBe(true);

    // Generations: merged where a small cell holds a living person (the fixture's 3rd, and its
    // 6th and 7th, all living, which join the 5th).
    expectSafeRanges(
      answer.generations,
      TREE.map((p) => ({ value: generationOf(TREE, p), hidden: isHidden(p) })),
    );
    expect(answer.generations.map((cell) => [cell.from, cell.to])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
      [5, 7],
    ]);

    // Families (a father and his children): a family counts as hidden when any of them is.
    const counts = childCounts(TREE);
    const keys = byKey(TREE);
    expectSafeRanges(
      answer.children,
      [...counts].map(([father, n]) => ({
        value: n,
        hidden:
          isHidden(keys.get(father)!) ||
          TREE.some((child) => child.father === father && isHidden(child)),
      })),
    );

    // Clans: the small ones with a living person are counted together as the others.
    const clanCells = answer.clans.map((cell) => [cell.kind, cell.name, cell.count]);
    const members = (name: string) => TREE.filter((p) => clanOf(TREE, p) === name);
    expect(clanCells).toEqual([
      ['clan', 'Асан уруусу', members('Асан уруусу').length],
      ['others', null, members('Бек уруусу').length + members('Жакып уруусу').length],
      ['none', null, 1],
    ]);
    for (const cell of answer.clans) {
      if (cell.count !== null && cell.count < TRIBE_STATS_MIN_CELL && cell.kind === 'clan') {
        expect(members(cell.name!).some(isHidden)).toBe(false);
      }
    }
  });

  it('is refreshed when a person is added or edited', async () => {
    const before = await stats(member);
    const guestBefore = await stats();
    const added = await addPerson(app, moderator, {
      name: 'Асан',
      sex: 'M',
      father_id: ids.get('a11')!.id,
      birth_year: 1955,
      death_year: 2020,
    });
    const tree: Fixture[] = [
      ...TREE,
      { key: 'n0', name: 'Асан', sex: 'M', father: 'a11', birth: 1955, death: 2020 },
    ];
    // A read after a write waits a moment for the new summary (then answers the older one):
    // under load, the next reads bring it.
    await expect.poll(async () => (await stats(member)).persons).toBe(before.persons + 1);
    expect(await stats(member)).toMatchObject(memberFigures(tree));
    expect((await stats()).births.length).toBe(guestBefore.births.length + 1);

    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${added.id}/`,
      headers: moderator.headers,
      payload: { version: added.version, birth_year: 1945, death_year: 2021 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    tree[tree.length - 1] = { ...tree[tree.length - 1]!, birth: 1945, death: 2021 };
    const edited = memberFigures(tree);
    await expect.poll(async () => (await stats(member)).births).toEqual(edited.births);
    expect(await stats(member)).toMatchObject(edited);
  });
});
