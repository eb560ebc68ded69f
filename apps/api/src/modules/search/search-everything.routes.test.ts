import { foldName, type SearchEverythingResponse, type SearchKind } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { postSearchKey } from '../content/content.service';
import { addPerson } from '../persons/persons.factories';

let app: App;
let member: TestUser;
let elder: number;
let living: number;

async function everything(q: string, user?: TestUser, kind?: SearchKind) {
  const query = new URLSearchParams({ q, ...(kind ? { kind } : {}) });
  const response = await app.inject({
    url: `/api/search/everything/?${query.toString()}`,
    headers: user?.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchEverythingResponse>();
}

/** Ids found of one kind. */
async function found(kind: SearchKind, q: string, user?: TestUser) {
  const { groups } = await everything(q, user);
  return groups.find((group) => group.kind === kind)?.results.map((hit) => hit.id) ?? [];
}

async function insertRow(query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ id: number }>(app.db, query);
  return row!.id;
}

async function insertNote(text: string, personId: number) {
  const id = await insertRow(sql`insert into notes (text) values (${text}) returning id`);
  await app.db.execute(
    sql`insert into note_links (note_id, person_id) values (${id}, ${personId})`,
  );
  return id;
}

async function insertPost(kind: 'article' | 'news', title: string, body: string, status: string) {
  return insertRow(sql`insert into posts (kind, title, body, status, search_key)
    values (${kind}, ${title}, ${body}, ${status}, ${postSearchKey(title, '', body)}) returning id`);
}

let note: number;
let livingNote: number;
let source: number;
let article: number;
let draft: number;
let news: number;

beforeAll(async () => {
  app = await createTestApp();
  const moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  elder = (await addPerson(app, moderator, { name: 'Төлөгөн', death_year: 1930 })).id;
  living = (await addPerson(app, moderator, { name: 'Айгерим', is_living: true })).id;
  note = await insertNote('Ал Көкөмерендин боюнда көчмөн турмуш кечирген.', elder);
  livingNote = await insertNote('Азыр Бишкекте жашайт, Көкөмерен жакта туулган.', living);
  source = await insertRow(sql`insert into sources (title, author, text)
    values ('Санжыра дептери', 'Эшмамбет', 'Жайлоодо айтылган Сарыгулжа жөнүндө.') returning id`);
  article = await insertPost(
    'article',
    'Баатыр',
    '<p>Ал <b>Шамшыбектин</b> уулу болгон.</p>',
    'published',
  );
  draft = await insertPost('article', 'Каралама', '<p>Шамшыбек жөнүндө каралама.</p>', 'draft');
  news = await insertPost('news', 'Жыйын', '<p>Өзгөнгө барып, тойго катыштык.</p>', 'published');
});

describe('search of everything', () => {
  it('finds a word in a note, a source, an article and news, folded and with one typo', async () => {
    // ө→о, ү→у and case; a prefix of a word with its ending; one typo in a word.
    expect(await found('note', 'кокомерен')).toEqual([note]);
    expect(await found('note', 'Кокомерон')).toEqual([note]);
    expect(await found('source', 'сарыгулжа')).toEqual([source]);
    expect(await found('source', 'Сарыгулжо')).toEqual([source]);
    expect(await found('article', 'шамшыбек')).toEqual([article]);
    expect(await found('article', 'Shamshybek')).toEqual([article]);
    expect(await found('news', 'озгон')).toEqual([news]);
    expect(await found('news', 'Озгрн')).toEqual([news]);
    // Two typos are another word.
    expect(await found('news', 'Уздрн')).toEqual([]);
  });

  it('finds a typo in either half of a word, after the exact and beginning hits', async () => {
    // The typo pass narrows rows by the word's halves: a typo in the first half is found
    // through the second.
    expect(await found('source', 'Марыгулжа')).toEqual([source]);
    // Two letters swapped across the middle, and a typo pg_trgm's similarity (0.3) missed.
    expect(await found('source', 'Саргыулжа')).toEqual([source]);
    const chatkal = await insertNote('Чапкалдын суусу муздак.', elder);
    expect(await found('note', 'Чаткал')).toEqual([chatkal]);
    const exact = await insertNote('Кочкор өрөөнүндө жашаган.', elder);
    const beginning = await insertNote('Кийин Кочкорго көчүп барган.', elder);
    const typo = await insertNote('Кочкур жакта турган.', elder);
    // The exact pass found two rows, fewer than its cap: the typo pass adds the third.
    expect(await found('note', 'Кочкор')).toEqual([exact, beginning, typo]);
    // One word with a typo beside one found as it is.
    expect(await found('note', 'Кочкур өрөөнүндө')).toEqual([exact]);
    // A five-letter word with a typo beside a longer word.
    expect(await found('note', 'Кочкорго көчөп')).toEqual([beginning]);
  });

  it('keeps a living person’s note from guests in the typo pass too', async () => {
    expect(await found('note', 'Бишкекта')).toEqual([]);
    expect(await found('note', 'Бишкекта', member)).toEqual([livingNote]);
  });

  it('keeps a living person’s note from guests and shows it to members', async () => {
    expect(await found('note', 'Бишкекте')).toEqual([]);
    expect(await found('note', 'Бишкекте', member)).toEqual([livingNote]);
    expect((await found('note', 'Көкөмерен', member)).sort()).toEqual([note, livingNote].sort());
  });

  it('finds no unpublished article', async () => {
    expect(await found('article', 'каралама')).toEqual([]);
    expect(await found('article', 'каралама', member)).toEqual([]);
    expect(draft).toBeGreaterThan(0);
  });

  it('answers hits with kind, title, link and a plain-text snippet with the match marked', async () => {
    const { groups } = await everything('Шамшыбек');
    expect(groups.map((group) => group.kind)).toEqual([
      'person',
      'note',
      'source',
      'transcript',
      'article',
      'news',
    ]);
    const hit = groups.find((group) => group.kind === 'article')?.results[0];
    expect(hit?.title).toBe('Баатыр');
    expect(hit?.link).toEqual({ route: 'personArticle', id: article });
    expect(hit?.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['Шамшыбектин']);
    expect(hit?.snippet.map((s) => s.text).join('')).not.toContain('<');
    const notes = await everything('Көкөмерен', undefined, 'note');
    expect(notes.groups).toHaveLength(1);
    expect(notes.groups[0]?.results[0]?.link).toEqual({ route: 'person', id: elder });
    expect((await found('person', 'Tologon'))[0]).toBe(elder);
  });

  it('answers empty groups to a query without a word of three letters', async () => {
    for (const q of ['', 'ак']) {
      const { groups } = await everything(q);
      expect(groups.map((group) => group.count)).toEqual([0, 0, 0, 0, 0, 0]);
    }
  });

  it('folds text in the database as foldName does', async () => {
    const text = 'Ыйык Жүсүп-Хан, Чыңгыз; Zhusup “Ёлка” ЦӨҮҢ ÄÖ  sh ng';
    const [row] = await queryRows<{ key: string }>(app.db, sql`select search_fold(${text}) as key`);
    expect(row?.key).toBe(foldName(text));
  });
});
