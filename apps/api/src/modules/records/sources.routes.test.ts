import type { PersonLink, RecordRevision, Source, SourceSummary } from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';
import {
  call,
  insertEvent,
  insertLink,
  insertUnion,
  moderationCounts,
  openApiPaths,
  type Json,
} from './records.test-support';

let app: App;
let member: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
});

async function addSource(fields: Json): Promise<Source> {
  const { status, body } = await call(app, 'POST', '/api/sources/', moderator, fields);
  expect(status, JSON.stringify(body)).toBe(201);
  return body as unknown as Source;
}

const getSource = async (id: number, user: TestUser | null = null) =>
  call(app, 'GET', `/api/sources/${id}/`, user);

describe('sources: reading and writing by role', () => {
  it('keeps an informant: who told it, when (a parsed GEDCOM date) and where', async () => {
    const place = await call(app, 'POST', '/api/places/', moderator, { name: 'Ак-Талаа' });
    const source = await addSource({
      kind: 'informant',
      title: 'Токтогулов Асандын айтуусу',
      author: 'Асан Токтогулов',
      told_date: 'ABT 1965',
      told_place_id: place.body.id,
      note: '',
    });
    expect(source).toMatchObject({
      kind: 'informant',
      author: 'Асан Токтогулов',
      told_place: { id: place.body.id, name: 'Ак-Талаа' },
      note: null,
      citation_count: 0,
      cited_persons: [],
    });
    expect(source.told_date).toMatchObject({
      text: 'ABT 1965',
      qualifier: 'about',
      start: { year: 1965 },
      valid: true,
    });
    const read = await getSource(source.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(source);

    const changed = await call(app, 'PATCH', `/api/sources/${source.id}/`, moderator, {
      told_date: '1966-жылы күзүндө',
    });
    expect(changed.status).toBe(200);
    // Not a GEDCOM date: kept whole as the phrase, never dropped.
    expect(changed.body.told_date).toMatchObject({ valid: false, phrase: '1966-жылы күзүндө' });

    // Written another way, with one clear reading: kept as that GEDCOM date.
    const dotted = await call(app, 'PATCH', `/api/sources/${source.id}/`, moderator, {
      told_date: '05.05.1998',
    });
    expect(dotted.status).toBe(200);
    expect(dotted.body.told_date).toMatchObject({
      text: '5 MAY 1998',
      qualifier: 'exact',
      start: { year: 1998, month: 5, day: 5 },
      valid: true,
    });
  });

  it('a guest reads but cannot write; a member proposes and a moderator accepts', async () => {
    expect((await call(app, 'POST', '/api/sources/', null, { title: 'Китеп' })).status).toBe(401);
    const before = await moderationCounts(app, moderator);
    const proposed = await call(app, 'POST', '/api/sources/', member, {
      kind: 'book',
      title: 'Кыргыз санжырасы',
      author: 'Осмонаалы Сыдык уулу',
    });
    expect(proposed.status).toBe(202);
    expect((await moderationCounts(app, moderator)).records).toBe((before.records as number) + 1);
    const accepted = await call(
      app,
      'POST',
      `/api/record-revisions/${proposed.body.id as number}/accept/`,
      moderator,
      {},
    );
    expect(accepted.status).toBe(200);
    const id = accepted.body.record_id as number;
    expect((await getSource(id)).body).toMatchObject({ title: 'Кыргыз санжырасы', kind: 'book' });

    const update = await call(app, 'PATCH', `/api/sources/${id}/`, member, {
      publication: 'Бишкек, 1990',
    });
    expect(update.status).toBe(202);
    expect((await getSource(id)).body.publication).toBeNull();
    const revision = update.body as unknown as RecordRevision;
    expect(revision).toMatchObject({
      before: { publication: null },
      after: { publication: 'Бишкек, 1990' },
    });
  });

  it('answers invalid input with Kyrgyz field messages', async () => {
    const bad = await call(app, 'POST', '/api/sources/', moderator, {
      kind: 'song',
      title: '',
      told_place_id: 2_000_000,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      kind: ['Туура эмес тандоо.'],
      title: ['Милдеттүү талаа.'],
    });
    // A year beyond the tree's range (it would not sort) is refused, not stored.
    const far = await call(app, 'POST', '/api/sources/', moderator, {
      title: 'Айтуу',
      told_date: '999999',
    });
    expect(far.status).toBe(400);
    expect(far.body.told_date).toEqual(['Жыл -3000 менен 2100 ортосунда болушу керек.']);
    const noPlace = await call(app, 'POST', '/api/sources/', member, {
      title: 'Айтуу',
      told_place_id: 2_000_000,
    });
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.told_place_id).toEqual(['Мындай жер табылган жок.']);
  });

  it('lists by kind and finds by title or author', async () => {
    await addSource({ kind: 'archive', title: 'ЦГА КР, фонд 1', author: null });
    await addSource({ kind: 'web', title: 'Санжыра сайты', author: 'Бакыт Жумабеков' });
    const list = async (query: string) => {
      const { body } = await call(app, 'GET', `/api/sources/?${query}`, null);
      return (body.results as SourceSummary[]).map((source) => source.title);
    };
    expect(await list('kind=archive')).toEqual(['ЦГА КР, фонд 1']);
    expect(await list(`q=${encodeURIComponent('жумабек')}`)).toEqual(['Санжыра сайты']);
    expect(await list(`q=${encodeURIComponent('фонд')}`)).toEqual(['ЦГА КР, фонд 1']);
  });
});

describe('sources: citations', () => {
  it('a guest is shown no citation that reaches a living person', async () => {
    const source = await addSource({ title: 'Үй-бүлө архиви' });
    const dead = await addPerson(app, moderator, { name: 'Карабек', death_year: 1920 });
    const living = await addPerson(app, moderator, { name: 'Айгүл', is_living: true });
    const wife = await addPerson(app, moderator, { name: 'Бүбүш', death_year: 1930 });
    await insertLink(app, 'citations', source.id, { person: dead.id });
    await insertLink(app, 'citations', source.id, { person: living.id });
    // Through an event of the living person, and through a union with her.
    const event = await insertEvent(app, { personId: living.id }, null);
    await insertLink(app, 'citations', source.id, { event });
    const union = await insertUnion(app, living.id, wife.id);
    await insertLink(app, 'citations', source.id, { union });

    const names = (body: Json) => (body.cited_persons as PersonLink[]).map((p) => p.name);
    const guest = await getSource(source.id);
    expect(guest.body.citation_count).toBe(1);
    expect(names(guest.body)).toEqual(['Карабек']);
    const memberView = await getSource(source.id, member);
    expect(memberView.body.citation_count).toBe(4);
    expect(names(memberView.body)).toEqual(['Айгүл', 'Бүбүш', 'Карабек']);
  });

  it('refuses to delete a cited source (409) and deletes an uncited one', async () => {
    const source = await addSource({ title: 'Шилтемеленген' });
    const person = await addPerson(app, moderator, { death_year: 1900 });
    await insertLink(app, 'citations', source.id, { person: person.id });
    const refused = await call(app, 'DELETE', `/api/sources/${source.id}/`, moderator);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'Бул булакка 1 жолу шилтеме берилген: алгач шилтемелерди өчүрүңүз.',
    );
    expect((await call(app, 'DELETE', `/api/sources/${source.id}/`, member)).status).toBe(409);

    const free = await addSource({ title: 'Эч ким шилтебеген' });
    const proposal = await call(app, 'DELETE', `/api/sources/${free.id}/`, member);
    expect(proposal.status).toBe(202);
    expect((await getSource(free.id)).status).toBe(200);
    expect((await call(app, 'DELETE', `/api/sources/${free.id}/`, moderator)).status).toBe(204);
    expect((await getSource(free.id)).status).toBe(404);
    // The member's proposal now has no source to delete.
    const late = await call(
      app,
      'POST',
      `/api/record-revisions/${proposal.body.id as number}/accept/`,
      moderator,
      {},
    );
    expect(late.status).toBe(409);
  });

  it('documents the sources paths in the OpenAPI document', async () => {
    expect(await openApiPaths(app)).toEqual(
      expect.arrayContaining(['/api/sources/', '/api/sources/{id}/']),
    );
  });
});
