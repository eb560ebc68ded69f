import { toRunes } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { readPdf } from '../../test/pdf-text';
import { addPerson } from '../persons/persons.factories';
import { addPlace, addSource } from '../persons/records.factories';

let app: App;
let moderator: TestUser;
let member: TestUser;

/**
 *   Бабаке ── Байбиче                      (1-муун)
 *        │
 *   Асан ─────────── Айша ── (Күйөөбек)    (2-муун)
 *     │                │
 *   Үсөн, Тирүүбек    Жээнбек              (3-муун; Тирүүбек is living, with a living wife)
 */
let ids: Record<string, number>;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  const region = await addPlace(app, 'Нарын');
  const village = await addPlace(app, 'Кочкор', region);
  const hiddenVillage = await addPlace(app, 'Жашыруунайыл');
  const book = await addSource(app, { title: 'Санжыра китеби' });
  const informant = await addSource(app, { title: 'Асанбек аксакал', kind: 'informant' });
  const secretSource = await addSource(app, { title: 'Жашыруунбулак' });
  const add = async (name: string, fields: Parameters<typeof addPerson>[2] = {}) =>
    (await addPerson(app, moderator, { name, ...fields })).id;

  const baibiche = await add('Байбиче', { sex: 'F', birth_year: 1855, death_year: 1925 });
  const babake = await add('Бабаке', {
    sex: 'M',
    death_year: 1920,
    spouse_ids: [baibiche],
    events: [
      {
        type: 'birth',
        date: '1850',
        place_id: village,
        citations: [{ source_id: book, page: '5-бет' }],
      },
    ],
    unions: [
      {
        spouse_id: baibiche,
        position: 1,
        events: [{ type: 'marriage', date: '1875', place_id: village }],
        citations: [{ source_id: informant }],
      },
    ],
  });
  const asan = await add('Асан', {
    sex: 'M',
    father_id: babake,
    mother_id: baibiche,
    death_year: 1950,
    names: [{ kind: 'documents', full_name: 'Асанов Асан' }],
    events: [
      { type: 'birth', date: '1880', citations: [{ source_id: informant }] },
      { type: 'occupation', value: 'мугалим' },
    ],
  });
  const aisha = await add('Айша', {
    sex: 'F',
    father_id: babake,
    mother_id: baibiche,
    birth_year: 1885,
    death_year: 1960,
  });
  const husband = await add('Күйөөбек', { sex: 'M', birth_year: 1880, death_year: 1950 });
  const usön = await add('Үсөн', { sex: 'M', father_id: asan, birth_year: 1910, death_year: 1980 });
  const livingWife = await add('Жашыруунаял', { sex: 'F', is_living: true });
  const living = await add('Тирүүбек', {
    sex: 'M',
    father_id: asan,
    is_living: true,
    birth_year: 1990,
    spouse_ids: [livingWife],
    biography: 'Жашыруунбаян',
    names: [{ kind: 'aka', full_name: 'Жашыруунат' }],
    events: [
      {
        type: 'occupation',
        value: 'дарыгер',
        place_id: hiddenVillage,
        citations: [{ source_id: secretSource }],
      },
    ],
  });
  const jeen = await add('Жээнбек', {
    sex: 'M',
    father_id: husband,
    mother_id: aisha,
    birth_year: 1905,
    death_year: 1970,
  });
  ids = { babake, baibiche, asan, aisha, husband, usön, living, livingWife, jeen };
});

async function book(id: number, query = '', user: TestUser | null = member, etag?: string) {
  return app.inject({
    url: `/api/persons/${id}/book.pdf${query}`,
    headers: { ...(user ? user.headers : {}), ...(etag ? { 'if-none-match': etag } : {}) },
  });
}

async function read(id: number, query = '', user: TestUser | null = member) {
  const response = await book(id, query, user);
  expect(response.statusCode).toBe(200);
  return readPdf(response.rawPayload);
}

/**
 * The titles of the PDF's outline (bookmarks), in the order written: pdfkit writes each as a
 * literal string of UTF-16BE with a byte order mark, its parentheses and backslashes escaped.
 */
function outlineTitles(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\/Title \(((?:\\[\s\S]|[^\\)])*)\)/g)].map((match) => {
    const unescaped = (match[1] ?? '').replace(
      /\\([\s\S])/g,
      (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[c] ?? c,
    );
    const bytes = Buffer.from(unescaped, 'latin1');
    if (bytes[0] !== 0xfe || bytes[1] !== 0xff) return unescaped;
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  });
}

/** The 1-based page whose text holds `text`, or 0. */
const pageOf = (pages: string[], text: string) =>
  pages.findIndex((page) => page.includes(text)) + 1;

describe('GET /api/persons/:id/book.pdf', () => {
  it('answers a PDF download, tagged and private', async () => {
    const response = await book(ids.babake!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      'Бабаке санжырасы.pdf',
    );
    expect(response.headers['cache-control']).toContain('private');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  it('has a chapter per generation in order, the register numbers, the contents and page numbers', async () => {
    const { pages, text } = await read(ids.babake!);
    expect(pages[0]).toContain('Бабаке');
    expect(pages[0]).toContain('санжырасы');
    expect(pages[0]).toContain('3 муун, 6 адам');
    // Chapters in order, each entry once: the person, children, grandchildren.
    const chapterPages = ['1-муун', '2-муун', '3-муун'].map((title) =>
      pages.findIndex((page, index) => index > 1 && page.includes(title)),
    );
    expect(
      chapterPages.every((page, i) => page > 1 && (i === 0 || page > chapterPages[i - 1]!)),
    ).toBe(true);
    for (const [number, name] of [
      [1, 'Бабаке'],
      [2, 'Асан'],
      [3, 'Айша'],
      [4, 'Үсөн'],
      [5, 'Тирүүбек'],
      [6, 'Жээнбек'],
    ] as const) {
      expect(text.split(`№${number}. ${name}`)).toHaveLength(2);
    }
    // Children listed under their parent with their numbers; a daughter's son too.
    expect(text).toMatch(/Балдары: №2 Асан, №3 Айша/);
    expect(text).toMatch(/Балдары: №4 Үсөн, №5 Тирүүбек/);
    expect(text).toMatch(/Балдары: №6 Жээнбек/);
    expect(text).toContain('Энеси: Айша (№3)');
    // Names, events with dates and places, spouses.
    expect(text).toContain('Асанов Асан (документтеги аты)');
    expect(text).toMatch(/Туулган: 1850, Кочкор, Нарын \[1\]/);
    expect(text).toMatch(/Аялы: Байбиче \[2\]; Нике: 1875, Кочкор, Нарын/);
    expect(text).toContain('Кесиби: мугалим');
    // The contents page lists every chapter and the index with their pages.
    const contents = pages[1]!;
    expect(contents).toContain('Мазмуну');
    for (const [index, title] of ['1-муун', '2-муун', '3-муун'].entries()) {
      expect(contents).toMatch(new RegExp(`${title}\\s+${chapterPages[index]! + 1}\\b`));
    }
    expect(contents).toMatch(new RegExp(`Аттар көрсөткүчү\\s+${pages.length}\\b`));
    // A bookmark for the contents, each chapter and the index.
    const response = await book(ids.babake!);
    expect(outlineTitles(response.rawPayload)).toEqual(
      expect.arrayContaining(['Мазмуну', '1-муун', '2-муун', '3-муун', 'Аттар көрсөткүчү']),
    );
    // Every page but the title page carries its number at the foot.
    pages.slice(1).forEach((page, index) => {
      expect(page.trim().split('\n').at(-1)?.trim()).toBe(String(index + 2));
    });
  });

  it('numbers the notes per chapter and lists each note at the chapter’s end', async () => {
    const { pages } = await read(ids.babake!);
    // The chapter's own page, after the title page and the contents.
    const chapter = (title: string) =>
      pages.find((page, index) => index > 1 && page.includes(title))!;
    const first = chapter('1-муун');
    expect(first).toMatch(/Булактар\s+1\. Санжыра китеби, 5-бет\s+2\. Асанбек аксакал/);
    // The second chapter starts again from 1.
    const second = chapter('2-муун');
    expect(second).toMatch(/Туулган: 1880 \[1\]/);
    expect(second).toMatch(/Булактар\s+1\. Асанбек аксакал/);
    for (const page of [first, second]) {
      const marks = new Set([...page.matchAll(/\[(\d+)\]/g)].map((match) => match[1]));
      const notes = new Set([...page.matchAll(/^(\d+)\. /gm)].map((match) => match[1]));
      expect([...marks].sort()).toEqual([...notes].sort());
    }
  });

  it('ends with an index of names, each with the page of its entry', async () => {
    const { pages } = await read(ids.babake!);
    const index = pages.at(-1)!;
    expect(index).toContain('Аттар көрсөткүчү');
    for (const [number, name] of [
      [1, 'Бабаке'],
      [2, 'Асан'],
      [3, 'Айша'],
      [4, 'Үсөн'],
      [5, 'Тирүүбек'],
      [6, 'Жээнбек'],
    ] as const) {
      const line = new RegExp(`${name}[^\\n]*№${number}\\s+(\\d+)`).exec(index);
      expect(line, name).not.toBeNull();
      expect(Number(line![1])).toBe(pageOf(pages, `№${number}. ${name}`));
    }
    // In the collation order of Kyrgyz.
    const order = ['Айша', 'Асан', 'Бабаке', 'Жээнбек', 'Тирүүбек', 'Үсөн'];
    const positions = order.map((name) => index.search(new RegExp(`^${name}`, 'm')));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('cuts the book at the generations asked for', async () => {
    const { text } = await read(ids.babake!, '?generations=2');
    expect(text).toContain('2-муун');
    expect(text).not.toContain('3-муун');
    expect(text).not.toContain('Үсөн');
    expect(text).toContain('Балдары: 2 (бул китепте жок)');
  });

  it('prints in runes: every letter runic', async () => {
    const { text, pages } = await read(ids.babake!, '?script=old_ky');
    expect(text).not.toMatch(/[А-Яа-яЁёӨөҮүҢң]/);
    const runes = [...toRunes('Бабаке')];
    expect(
      [runes.join(''), runes.reverse().join('')].some((word) => pages[0]!.includes(word)),
    ).toBe(true);
    expect(text).toContain('№6');
  });

  it('shows a guest a living person as the person page does: the name only', async () => {
    const guest = await read(ids.babake!, '', null);
    expect(guest.text).toContain('№5. Тирүүбек');
    expect(guest.text).toContain('Бул тирүү адам');
    for (const hidden of ['дарыгер', 'Жашыруун', '1990']) {
      expect(guest.text).not.toContain(hidden);
    }
    // A member sees everything, so the guest's book differs by the hidden details only.
    const full = await read(ids.babake!);
    for (const shown of [
      'дарыгер',
      'Жашыруунайыл',
      'Жашыруунбулак',
      'Жашыруунат',
      'Жашыруунаял',
      'Жашыруунбаян',
      '1990',
    ]) {
      expect(full.text).toContain(shown);
    }
    // A guest and a member get different tags, so no cache mixes them up.
    const guestTag = (await book(ids.babake!, '', null)).headers.etag;
    const memberTag = (await book(ids.babake!)).headers.etag;
    expect(guestTag).not.toBe(memberTag);
  });

  it('answers 304 to an unchanged book, and a new tag after the tree changes', async () => {
    const first = await book(ids.asan!);
    const etag = String(first.headers.etag);
    const again = await book(ids.asan!, '', member, etag);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect((await book(ids.asan!, '?script=old_ky', member, etag)).statusCode).toBe(200);
    await addPerson(app, moderator, { name: 'Жаңыбек', sex: 'M', father_id: ids.usön });
    const changed = await book(ids.asan!, '', member, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await readPdf(changed.rawPayload)).text).toContain('Жаңыбек');
  });

  it('refuses a bad query (400) and an unknown person (404)', async () => {
    expect((await book(ids.babake!, '?generations=0')).statusCode).toBe(400);
    expect((await book(ids.babake!, '?generations=13')).statusCode).toBe(400);
    expect((await book(ids.babake!, '?script=latin')).statusCode).toBe(400);
    expect((await book(99_999_999)).statusCode).toBe(404);
    expect((await book(99_999_999, '', null)).statusCode).toBe(404);
  });
});
