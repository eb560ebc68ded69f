import type { Place, PlaceSummary, RecordRevision } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';
import {
  call,
  insertEvent,
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

async function addPlace(fields: Json): Promise<Place> {
  const { status, body } = await call(app, 'POST', '/api/places/', moderator, fields);
  expect(status, JSON.stringify(body)).toBe(201);
  return body as unknown as Place;
}

const getPlace = async (id: number, user: TestUser | null = null) =>
  call(app, 'GET', `/api/places/${id}/`, user);

async function revisionsOf(id: number): Promise<RecordRevision[]> {
  const { body } = await call(
    app,
    'GET',
    `/api/record-revisions/?record_type=place&record_id=${id}`,
    moderator,
  );
  return body.results as RecordRevision[];
}

describe('places: reading and writing by role', () => {
  it('a moderator creates a place in a parent chain; anyone reads its full name', async () => {
    const country = await addPlace({ name: 'Кыргызстан', latitude: 41.2, longitude: 74.7 });
    const region = await addPlace({ name: 'Нарын', parent_id: country.id });
    const village = await addPlace({
      name: 'Ат-Башы',
      parent_id: region.id,
      alt_names: ['Атбашы'],
    });
    expect(village.full_name).toBe('Ат-Башы, Нарын, Кыргызстан');

    const { status, body } = await getPlace(village.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: 'Ат-Башы',
      alt_names: ['Атбашы'],
      full_name: 'Ат-Башы, Нарын, Кыргызстан',
      parents: [
        { id: region.id, name: 'Нарын' },
        { id: country.id, name: 'Кыргызстан' },
      ],
      event_count: 0,
      latitude: null,
    });
    expect((await getPlace(country.id)).body).toMatchObject({ latitude: 41.2, longitude: 74.7 });

    // Each applied write left a revision: who, when, after.
    const [created] = await revisionsOf(village.id);
    expect(created).toMatchObject({
      action: 'create',
      status: 'applied',
      author: { id: moderator.id },
      before: null,
      after: { name: 'Ат-Башы', parent_id: region.id },
    });
  });

  it('a guest reads but cannot write', async () => {
    const place = await addPlace({ name: 'Кочкор' });
    expect((await call(app, 'POST', '/api/places/', null, { name: 'Жок' })).status).toBe(401);
    expect(
      (await call(app, 'PATCH', `/api/places/${place.id}/`, null, { name: 'Жок' })).status,
    ).toBe(401);
    expect((await call(app, 'DELETE', `/api/places/${place.id}/`, null)).status).toBe(401);
    expect((await call(app, 'GET', '/api/places/', null)).status).toBe(200);
    expect((await getPlace(place.id)).status).toBe(200);
    expect((await getPlace(2_000_000)).status).toBe(404);
  });

  it("a member's place waits as a proposal until a moderator accepts it", async () => {
    const before = await moderationCounts(app, moderator);
    const { status, body } = await call(app, 'POST', '/api/places/', member, {
      name: 'Эмгекчил',
    });
    expect(status).toBe(202);
    const proposal = body as unknown as RecordRevision;
    expect(proposal).toMatchObject({
      record_type: 'place',
      record_id: null,
      action: 'create',
      status: 'pending',
      author: { id: member.id },
    });
    const listed = await call(app, 'GET', '/api/places/?q=Эмгекчил', null);
    expect(listed.body.count).toBe(0);
    const counts = await moderationCounts(app, moderator);
    expect(counts.records).toBe((before.records as number) + 1);
    expect(counts.total).toBe((before.total as number) + 1);

    // Members cannot review; the moderator accepts.
    const url = `/api/record-revisions/${proposal.id}/accept/`;
    expect((await call(app, 'POST', url, member, {})).status).toBe(403);
    const accepted = await call(app, 'POST', url, moderator, { comment: 'Туура' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'applied', reviewer: { id: moderator.id } });
    const id = accepted.body.record_id as number;
    expect((await getPlace(id)).body.name).toBe('Эмгекчил');
    expect((await moderationCounts(app, moderator)).records).toBe(before.records);
    expect((await call(app, 'POST', url, moderator, {})).status).toBe(409);
  });

  it('a rejected proposal changes nothing; the member sees it with the reason', async () => {
    const place = await addPlace({ name: 'Казарман' });
    const proposed = await call(app, 'PATCH', `/api/places/${place.id}/`, member, {
      name: 'Казармaн',
    });
    expect(proposed.status).toBe(202);
    const id = proposed.body.id as number;
    const refused = await call(app, 'POST', `/api/record-revisions/${id}/reject/`, moderator, {});
    expect(refused.status).toBe(400);
    const rejected = await call(app, 'POST', `/api/record-revisions/${id}/reject/`, moderator, {
      comment: 'Латын тамгасы аралашкан',
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', comment: 'Латын тамгасы аралашкан' });
    expect((await getPlace(place.id)).body.name).toBe('Казарман');
    const own = await call(app, 'GET', `/api/record-revisions/${id}/`, member);
    expect(own.body.status).toBe('rejected');
    const other = await createTestUser(app);
    expect((await call(app, 'GET', `/api/record-revisions/${id}/`, other)).status).toBe(403);
  });

  it('an update proposal is refused at acceptance when the place changed since', async () => {
    const place = await addPlace({ name: 'Баетов' });
    const proposed = await call(app, 'PATCH', `/api/places/${place.id}/`, member, {
      name: 'Баетово',
    });
    const changed = await call(app, 'PATCH', `/api/places/${place.id}/`, moderator, {
      name: 'Баетов айылы',
    });
    expect(changed.status).toBe(200);
    const accept = await call(
      app,
      'POST',
      `/api/record-revisions/${proposed.body.id as number}/accept/`,
      moderator,
      {},
    );
    expect(accept.status).toBe(409);
    expect(accept.body.detail).toMatch(/өзгөртүлгөн/);
  });

  it('a moderator reverts an update, a creation and a deletion', async () => {
    const place = await addPlace({ name: 'Талас' });
    const updated = await call(app, 'PATCH', `/api/places/${place.id}/`, moderator, {
      name: 'Талас шаары',
      latitude: 42.5,
      longitude: 72.2,
    });
    expect(updated.status).toBe(200);
    const [update] = await revisionsOf(place.id);
    expect(update).toMatchObject({
      action: 'update',
      before: { name: 'Талас', latitude: null, longitude: null },
      after: { name: 'Талас шаары', latitude: 42.5, longitude: 72.2 },
    });
    const revert = await call(
      app,
      'POST',
      `/api/record-revisions/${update?.id ?? 0}/revert/`,
      moderator,
      {},
    );
    expect(revert.status).toBe(201);
    expect(revert.body).toMatchObject({ revert_of: update?.id, action: 'update' });
    expect((await getPlace(place.id)).body).toMatchObject({ name: 'Талас', latitude: null });
    const again = await call(
      app,
      'POST',
      `/api/record-revisions/${update?.id ?? 0}/revert/`,
      moderator,
      {},
    );
    expect(again.status).toBe(409);

    // Deleting, then reverting the deletion, brings the place back with its id.
    expect((await call(app, 'DELETE', `/api/places/${place.id}/`, moderator)).status).toBe(204);
    expect((await getPlace(place.id)).status).toBe(404);
    const [deletion] = await revisionsOf(place.id);
    expect(deletion).toMatchObject({ action: 'delete', before: { name: 'Талас' } });
    const restore = await call(
      app,
      'POST',
      `/api/record-revisions/${deletion?.id ?? 0}/revert/`,
      moderator,
      {},
    );
    expect(restore.status).toBe(201);
    expect((await getPlace(place.id)).body.name).toBe('Талас');

    // Reverting the creation deletes it.
    const creation = (await revisionsOf(place.id)).find(
      (r) => r.action === 'create' && !r.revert_of,
    );
    const undo = await call(
      app,
      'POST',
      `/api/record-revisions/${creation?.id ?? 0}/revert/`,
      moderator,
      {},
    );
    expect(undo.status).toBe(201);
    expect((await getPlace(place.id)).status).toBe(404);
  });

  it('answers invalid input with Kyrgyz field messages', async () => {
    const empty = await call(app, 'POST', '/api/places/', moderator, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.name).toEqual(['Милдеттүү талаа.']);
    const half = await call(app, 'POST', '/api/places/', moderator, { name: 'А', latitude: 40 });
    expect(half.body.longitude).toEqual(['Кеңдик менен узундук экөө тең берилиши керек.']);
    const far = await call(app, 'POST', '/api/places/', moderator, {
      name: 'А',
      latitude: 91,
      longitude: 0,
    });
    expect(far.body.latitude).toEqual(['90 же андан кичине болушу керек.']);
    // A change names both coordinates: one alone would leave the other without its pair.
    const placed = await addPlace({ name: 'Нарын', latitude: 41.43, longitude: 75.99 });
    for (const change of [{ latitude: null }, { longitude: 70 }]) {
      const alone = await call(app, 'PATCH', `/api/places/${placed.id}/`, moderator, change);
      expect(alone.status).toBe(400);
      expect(alone.body.longitude).toEqual(['Кеңдик менен узундук экөө тең берилиши керек.']);
    }
    const orphan = await call(app, 'POST', '/api/places/', member, {
      name: 'А',
      parent_id: 2_000_000,
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.parent_id).toEqual(['Мындай жогорку жер табылган жок.']);

    // A place cannot lie in itself or in a place inside it.
    const top = await addPlace({ name: 'Ысык-Көл' });
    const inner = await addPlace({ name: 'Каракол', parent_id: top.id });
    for (const parent of [top.id, inner.id]) {
      const cycle = await call(app, 'PATCH', `/api/places/${top.id}/`, moderator, {
        parent_id: parent,
      });
      expect(cycle.status).toBe(400);
      expect(cycle.body.parent_id).toEqual([
        'Жер өзүнүн ичинде же өзүнүн ичиндеги жердин ичинде боло албайт.',
      ]);
    }
  });
});

describe('places: search', () => {
  it('finds by folded name, with a typo, and by another name', async () => {
    const bishkek = await addPlace({ name: 'Бишкек', alt_names: ['Фрунзе', 'Пишпек'] });
    await addPlace({ name: 'Бишкек-Сити кичи району' });
    const names = async (q: string) => {
      const { body } = await call(app, 'GET', `/api/places/?q=${encodeURIComponent(q)}`, null);
      return (body.results as PlaceSummary[]).map((place) => place.name);
    };
    expect((await names('бишкек'))[0]).toBe('Бишкек');
    expect(await names('Бишкекк')).toContain('Бишкек');
    expect(await names('фрунзе')).toEqual(['Бишкек']);
    expect(await names('Пишпек')).toEqual(['Бишкек']);
    expect(await names('Жок-Жер')).toEqual([]);
    const { body } = await call(app, 'GET', `/api/places/?parent=${bishkek.id}`, null);
    expect(body.count).toBe(0);
  });
});

describe('places: delete and merge', () => {
  it('refuses to delete a used place; replace_with merges it, and a revert undoes the merge', async () => {
    const region = await addPlace({ name: 'Чүй' });
    const target = await addPlace({ name: 'Токмок', alt_names: ['Токмак'] });
    const duplicate = await addPlace({ name: 'Токмок ш.', parent_id: region.id });
    const inside = await addPlace({ name: 'Токмоктун базары', parent_id: duplicate.id });
    const person = await addPerson(app, moderator, { name: 'Бекболот', death_year: 1950 });
    const eventId = await insertEvent(app, { personId: person.id }, duplicate.id);
    const source = await call(app, 'POST', '/api/sources/', moderator, {
      title: 'Айтуучу',
      kind: 'informant',
      told_place_id: duplicate.id,
    });
    expect(source.status).toBe(201);

    const refused = await call(app, 'DELETE', `/api/places/${duplicate.id}/`, moderator);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'Бул жер колдонулуп жатат (окуялар: 1, булактар: 1, ичиндеги жерлер: 1). ' +
        'Аны өчүрүүдөн мурун башка жерге бириктириңиз (replace_with).',
    );
    const self = await call(
      app,
      'DELETE',
      `/api/places/${duplicate.id}/?replace_with=${inside.id}`,
      moderator,
    );
    expect(self.status).toBe(400);

    const merged = await call(
      app,
      'DELETE',
      `/api/places/${duplicate.id}/?replace_with=${target.id}`,
      moderator,
    );
    expect(merged.status).toBe(204);
    expect((await getPlace(duplicate.id)).status).toBe(404);
    const into = (await getPlace(target.id)).body;
    expect(into).toMatchObject({
      alt_names: ['Токмак', 'Токмок ш.'],
      event_count: 1,
      source_count: 1,
    });
    expect((await getPlace(inside.id)).body.full_name).toBe('Токмоктун базары, Токмок');

    const [merge] = await revisionsOf(duplicate.id);
    expect(merge?.after).toMatchObject({
      replace_with: target.id,
      events: [eventId],
      places: [inside.id],
    });
    const revert = await call(
      app,
      'POST',
      `/api/record-revisions/${merge?.id ?? 0}/revert/`,
      moderator,
      {},
    );
    expect(revert.status).toBe(201);
    expect((await getPlace(duplicate.id)).body).toMatchObject({
      full_name: 'Токмок ш., Чүй',
      event_count: 1,
      source_count: 1,
    });
    expect((await getPlace(target.id)).body).toMatchObject({
      alt_names: ['Токмак'],
      event_count: 0,
    });
    expect((await getPlace(inside.id)).body.parent_id).toBe(duplicate.id);
  });

  it("a member's delete is a proposal, refused already while the place is used", async () => {
    const place = await addPlace({ name: 'Сузак' });
    const person = await addPerson(app, moderator, { death_year: 1940 });
    await insertEvent(app, { personId: person.id }, place.id);
    expect((await call(app, 'DELETE', `/api/places/${place.id}/`, member)).status).toBe(409);
    const other = await addPlace({ name: 'Сузак р.' });
    const proposed = await call(
      app,
      'DELETE',
      `/api/places/${place.id}/?replace_with=${other.id}`,
      member,
    );
    expect(proposed.status).toBe(202);
    expect((await getPlace(place.id)).status).toBe(200);
    const accepted = await call(
      app,
      'POST',
      `/api/record-revisions/${proposed.body.id as number}/accept/`,
      moderator,
      {},
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.after).toMatchObject({ replace_with: other.id });
    expect((await getPlace(place.id)).status).toBe(404);
    expect((await getPlace(other.id)).body.event_count).toBe(1);
  });

  it('counts for a guest only the events of persons they may see', async () => {
    const place = await addPlace({ name: 'Жети-Өгүз' });
    const dead = await addPerson(app, moderator, { death_year: 1930 });
    const living = await addPerson(app, moderator, { is_living: true });
    await insertEvent(app, { personId: dead.id }, place.id);
    await insertEvent(app, { personId: living.id }, place.id);
    expect((await getPlace(place.id)).body.event_count).toBe(1);
    expect((await getPlace(place.id, member)).body.event_count).toBe(2);
  });
});

describe('places: OpenAPI', () => {
  it('documents the places and record revision paths', async () => {
    const paths = await openApiPaths(app);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/places/',
        '/api/places/{id}/',
        '/api/record-revisions/',
        '/api/record-revisions/{id}/',
        '/api/record-revisions/{id}/accept/',
        '/api/record-revisions/{id}/reject/',
        '/api/record-revisions/{id}/revert/',
      ]),
    );
    const rows = await queryRows<{ count: number }>(
      app.db,
      sql`select count(*)::int as count from proposals where kind = 'place'`,
    );
    expect(rows[0]?.count).toBeGreaterThan(0);
  });
});
