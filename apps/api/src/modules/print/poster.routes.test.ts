import { toRunes } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { readPdf } from '../../test/pdf-text';
import { addPerson } from '../persons/persons.factories';

let app: App;
let moderator: TestUser;
let member: TestUser;

/**
 *                        Бабакан (1850–1920)
 *                 ┌──────────┴───────────┐
 *        Асанбек (son)             Айгүл (daughter) ── Күйөөбай (from elsewhere)
 *        ┌────┴─────┐                     │
 *    Үсөнбай     Бермет                Жээнбек
 *    ┌───┴─────┐
 * Тирүүбек   Нуржан
 * (living, born 1990)
 */
let ids: Record<string, number>;
const DESCENDANTS = ['Асанбек', 'Айгүл', 'Үсөнбай', 'Бермет', 'Жээнбек', 'Тирүүбек', 'Нуржан'];
/** A person with many children: a chart wider than one A4 sheet. */
let wide: number;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  const add = async (name: string, fields: Parameters<typeof addPerson>[2] = {}) =>
    (await addPerson(app, moderator, { name, sex: 'M', ...fields })).id;
  const root = await add('Бабакан', { birth_year: 1850, death_year: 1920 });
  const son = await add('Асанбек', { father_id: root, birth_year: 1880, death_year: 1950 });
  const daughter = await add('Айгүл', {
    sex: 'F',
    father_id: root,
    birth_year: 1885,
    death_year: 1960,
  });
  const husband = await add('Күйөөбай', { birth_year: 1880, death_year: 1940 });
  await add('Жээнбек', {
    father_id: husband,
    mother_id: daughter,
    birth_year: 1912,
    death_year: 1970,
  });
  const grandson = await add('Үсөнбай', { father_id: son, birth_year: 1910, death_year: 1980 });
  await add('Бермет', { sex: 'F', father_id: son, birth_year: 1915, death_year: 1992 });
  const living = await add('Тирүүбек', { father_id: grandson, birth_year: 1990, is_living: true });
  await add('Нуржан', { father_id: grandson, birth_year: 1940, death_year: 2000 });
  ids = { root, son, daughter, grandson, living };
  wide = await add('Көпбала', { birth_year: 1800, death_year: 1870 });
  for (let child = 1; child <= 24; child++) {
    await add(`Бала ${child}`, { father_id: wide, birth_year: 1830, death_year: 1900 });
  }
});

async function poster(id: number, query = '', user: TestUser | null = member) {
  return app.inject({
    url: `/api/persons/${id}/poster.pdf${query}`,
    ...(user && { headers: user.headers }),
  });
}

/** How many times `word` stands in `text` as a word of its own. */
function count(text: string, word: string): number {
  return text.split(/[\s()·,]+/u).filter((part) => part === word).length;
}

describe('GET /api/persons/:id/poster.pdf', () => {
  it('prints every descendant once, the title and the QR link, as a PDF attachment', async () => {
    const response = await poster(ids.root!, '?generations=3&paper=A2');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain(
      'Бабакан санжырасы A2.pdf',
    );
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const { text, pages } = await readPdf(response.rawPayload);
    expect(pages).toHaveLength(1);
    for (const name of DESCENDANTS) expect(count(text, name), name).toBe(1);
    expect(text).toContain('Бабакан санжырасы');
    expect(text).toContain('Урпактары: 3 муун, 8 киши');
    expect(text).toContain(`${app.config.publicUrl}/persons/${ids.root}`);
    expect(text).toContain('Багыш санжырасы');
    expect(text).toContain('1990–');
    // Generations ask for the descendants below; fewer asked, fewer drawn.
    const two = await readPdf((await poster(ids.root!, '?generations=2&paper=A2')).rawPayload);
    expect(count(two.text, 'Үсөнбай')).toBe(1);
    expect(count(two.text, 'Тирүүбек')).toBe(0);
  });

  it('shows a guest a living person by name only', async () => {
    const guest = await readPdf((await poster(ids.root!, '?paper=A2', null)).rawPayload);
    expect(count(guest.text, 'Тирүүбек')).toBe(1);
    expect(guest.text).not.toContain('1990');
    expect(guest.text).toContain('1940–2000');
  });

  it('prints names and labels in runes, the rune font embedded', async () => {
    const response = await poster(ids.root!, '?paper=A1&script=old_ky');
    expect(response.statusCode).toBe(200);
    const { text } = await readPdf(response.rawPayload);
    expect(text).not.toMatch(/[\u0400-\u04FF]/u);
    // Runes run right to left: the text layer may hold a name in either order.
    for (const name of DESCENDANTS) {
      const runes = [...toRunes(name)];
      const either = [runes.join(''), [...runes].reverse().join('')];
      expect(
        either.some((word) => text.includes(word)),
        name,
      ).toBe(true);
    }
    expect(text).toContain(`${app.config.publicUrl}/persons/${ids.root}`);
    expect(response.rawPayload.toString('latin1')).toContain('NotoSansOldTurkic');
  });

  it('tiles a wide chart onto A4 sheets, each labelled with its row and column', async () => {
    const response = await poster(wide, '?paper=A4-tiles');
    expect(response.statusCode).toBe(200);
    const { pages, sizes, text } = await readPdf(response.rawPayload);
    const [, rows, columns] = /Катар 1, тилке 1 \((\d+) × (\d+) барак\)/u.exec(text) ?? [];
    expect(Number(rows) * Number(columns)).toBeGreaterThan(1);
    expect(pages).toHaveLength(Number(rows) * Number(columns));
    pages.forEach((page, index) => {
      const row = Math.floor(index / Number(columns)) + 1;
      const column = (index % Number(columns)) + 1;
      expect(page).toContain(`Катар ${row}, тилке ${column} (${rows} × ${columns} барак)`);
    });
    for (const size of sizes) {
      expect([size.width, size.height].map(Math.round).sort()).toEqual([595, 842]);
    }
    // Every child is on some sheet; one standing in an overlap is printed on both.
    for (let child = 1; child <= 24; child++) expect(text).toContain(`Бала ${child}`);
  });

  it('prints A0 on one sheet and a custom size at its size', async () => {
    const a0 = await readPdf((await poster(ids.root!, '?paper=A0')).rawPayload);
    expect(a0.sizes).toHaveLength(1);
    expect([a0.sizes[0]!.width, a0.sizes[0]!.height].map(Math.round).sort()).toEqual([2384, 3370]);
    const custom = await readPdf(
      (await poster(ids.root!, '?paper=custom&width_mm=300&height_mm=200')).rawPayload,
    );
    expect(custom.sizes).toEqual([{ width: 850.394, height: 566.929 }]);
  });

  it('leaves out generations that do not fit legibly, and says so', async () => {
    const { text } = await readPdf(
      (await poster(wide, '?paper=custom&width_mm=100&height_mm=100')).rawPayload,
    );
    expect(text).toContain('Баракка 0 муун гана батты, бутакта 1 муун бар.');
    expect(text).not.toContain('Бала 1');
  });

  it('answers 304 to the same poster and changes its ETag when the tree changes', async () => {
    const first = await poster(ids.root!, '?paper=A2');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"poster-/);
    const again = await app.inject({
      url: `/api/persons/${ids.root}/poster.pdf?paper=A2`,
      headers: { ...member.headers, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another script, or a guest's view, is another poster.
    expect((await poster(ids.root!, '?paper=A2&script=old_ky')).headers.etag).not.toBe(etag);
    expect((await poster(ids.root!, '?paper=A2', null)).headers.etag).not.toBe(etag);
    await addPerson(app, moderator, { name: 'Жаңыбек', father_id: ids.grandson! });
    const changed = await app.inject({
      url: `/api/persons/${ids.root}/poster.pdf?paper=A2`,
      headers: { ...member.headers, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a bad query with 400 and an unknown or deleted person with 404', async () => {
    for (const query of ['?paper=B5', '?generations=13', '?script=latin', '?paper=custom']) {
      expect((await poster(ids.root!, query)).statusCode, query).toBe(400);
    }
    const noSize = await poster(ids.root!, '?paper=custom&width_mm=300');
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json()).toEqual({
      width_mm: ['Өз өлчөмү үчүн туурасы менен бийиктигин мм менен жазыңыз.'],
    });
    expect((await poster(2_000_000_000)).statusCode).toBe(404);
    const gone = await addPerson(app, moderator, { name: 'Өчкөн', death_year: 1900 });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${gone.id}/`,
      headers: moderator.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await poster(gone.id)).statusCode).toBe(404);
  });
});
