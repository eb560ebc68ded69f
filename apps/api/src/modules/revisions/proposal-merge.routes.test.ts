import {
  personMessages,
  revisionMessages,
  type Ancestors,
  type Person,
  type ProposalConflictsError,
  type RecordRevisionList,
  type Revision,
  type RevisionList,
} from '@bagysh/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addLine, addPerson } from '../persons/persons.factories';
import { call } from '../records/records.test-support';

/**
 * Pending proposals stay applicable after other changes (docs/genealogy.md, Revisions and
 * proposals): accepted field by field against the person as they are now, a field changed
 * since being the moderator's choice, and the author told what became of each.
 */

let app: App;
let moderator: TestUser;
let asel: TestUser;
let bolot: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  asel = await createTestUser(app);
  bolot = await createTestUser(app);
});

async function get<T>(url: string, user?: TestUser): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: user?.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

async function propose(user: TestUser, person: Person, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/persons/${person.id}/`,
    headers: user.headers,
    payload: { ...payload, version: person.version },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json<Revision>();
}

function accept(id: number, payload: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/revisions/${id}/accept/`,
    headers: moderator.headers,
    payload,
  });
}

const person = (id: number) => get<Person>(`/api/persons/${id}/`);

describe('two proposals on one person', () => {
  it('accepts the second after the first, applying the fields nobody changed since', async () => {
    const mambet = await addPerson(app, moderator, { name: 'Мамбет', sex: 'M' });
    const first = await propose(asel, mambet, { birth_place: 'Ат-Башы' });
    const second = await propose(bolot, mambet, { death_place: 'Нарын', biography: 'Малчы.' });
    expect((await accept(first.id)).statusCode).toBe(200);

    const late = await accept(second.id);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json<Revision>()).toMatchObject({
      status: 'applied',
      after: { death_place: 'Нарын', biography: 'Малчы.' },
      kept: [],
    });
    expect(await person(mambet.id)).toMatchObject({
      birth_place: 'Ат-Башы',
      death_place: 'Нарын',
      biography: 'Малчы.',
    });

    // Revert still takes back exactly what the late acceptance changed.
    const revert = await app.inject({
      method: 'POST',
      url: `/api/revisions/${second.id}/revert/`,
      headers: moderator.headers,
    });
    expect(revert.statusCode, revert.body).toBe(201);
    expect(await person(mambet.id)).toMatchObject({
      birth_place: 'Ат-Башы',
      death_place: null,
      biography: null,
    });
  });

  it('answers 409 with both values of a field changed since, and applies a resolution', async () => {
    const eshim = await addPerson(app, moderator, { name: 'Эшим', sex: 'M' });
    const first = await propose(asel, eshim, { death_place: 'Ош' });
    const second = await propose(bolot, eshim, { death_place: 'Өзгөн', biography: 'Устачы.' });
    expect((await accept(first.id)).statusCode).toBe(200);

    const refused = await accept(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ProposalConflictsError>()).toEqual({
      detail: revisionMessages.fieldsChanged,
      conflicts: [{ field: 'death_place', before: null, proposed: 'Өзгөн', current: 'Ош' }],
    });
    // Nothing of it was written while the conflict stands.
    expect(await person(eshim.id)).toMatchObject({ death_place: 'Ош', biography: null });
    const stillPending = await get<Revision>(`/api/revisions/${second.id}/`, bolot);
    expect(stillPending.status).toBe('pending');

    const settled = await accept(second.id, { resolutions: { death_place: 'current' } });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await person(eshim.id)).toMatchObject({ death_place: 'Ош', biography: 'Устачы.' });

    // The author sees the outcome: accepted, with the kept field and both values.
    const own = await get<RevisionList>('/api/revisions/', bolot);
    expect(own.results.find((r) => r.id === second.id)).toMatchObject({
      status: 'applied',
      after: { biography: 'Устачы.' },
      kept: [{ field: 'death_place', proposed: 'Өзгөн', current: 'Ош' }],
    });
    const rejected = await propose(bolot, await person(eshim.id), { name: 'Эшимкул' });
    await app.inject({
      method: 'POST',
      url: `/api/revisions/${rejected.id}/reject/`,
      headers: moderator.headers,
      payload: { comment: 'Булагы жок.' },
    });
    const mine = await get<RevisionList>('/api/revisions/?mine=1', bolot);
    expect(mine.results.find((r) => r.id === rejected.id)).toMatchObject({
      status: 'rejected',
      comment: 'Булагы жок.',
    });
    // A moderator's own contributions are theirs only.
    const moderatorsOwn = await get<RevisionList>('/api/revisions/?mine=1', moderator);
    expect(moderatorsOwn.results.every((r) => r.author?.id === moderator.id)).toBe(true);
  });

  it('takes the proposed value when the moderator chooses it', async () => {
    const kalyk = await addPerson(app, moderator, { name: 'Калык', sex: 'M' });
    const first = await propose(asel, kalyk, { birth_year: 1890, death_year: null });
    const second = await propose(bolot, kalyk, { birth_year: 1893, death_year: null });
    expect((await accept(first.id)).statusCode).toBe(200);
    const settled = await accept(second.id, { resolutions: { birth_year: 'proposed' } });
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await person(kalyk.id)).birth_year).toBe(1893);
    expect(settled.json<Revision>().kept).toEqual([]);
  });

  it('merges record lists record by record, and a record edited on both sides is a conflict', async () => {
    const toktogul = await addPerson(app, moderator, { name: 'Токтогул', sex: 'M' });
    const teacher = { type: 'occupation', value: 'мугалим' };
    const poet = { type: 'occupation', value: 'акын' };
    const first = await propose(asel, toktogul, { events: [teacher] });
    const second = await propose(bolot, toktogul, { events: [poet] });
    expect((await accept(first.id)).statusCode).toBe(200);
    expect((await accept(second.id)).statusCode).toBe(200);
    const values = (await person(toktogul.id)).events.map((event) => event.value);
    expect(values.sort()).toEqual(['акын', 'мугалим']);

    // Both change the teacher: the one accepted second meets a record no longer there.
    const now = await person(toktogul.id);
    const events = (value: string) =>
      now.events.map((event) =>
        event.value === 'мугалим'
          ? { type: 'occupation', value }
          : { type: 'occupation', value: event.value },
      );
    const a = await propose(asel, now, { events: events('мектеп мугалими') });
    const b = await propose(bolot, now, { events: events('молдо') });
    expect((await accept(a.id)).statusCode).toBe(200);
    const clash = await accept(b.id);
    expect(clash.statusCode).toBe(409);
    expect(clash.json<ProposalConflictsError>().conflicts.map((c) => c.field)).toEqual(['events']);
  });

  it('accepts a deletion of a person changed since the proposal', async () => {
    const osmon = await addPerson(app, moderator, { name: 'Осмон', sex: 'M' });
    const edit = await propose(asel, osmon, { biography: 'Эски.' });
    const drop = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${osmon.id}/?version=${osmon.version}`,
      headers: bolot.headers,
    });
    expect(drop.statusCode, drop.body).toBe(202);
    expect((await accept(edit.id)).statusCode).toBe(200);
    const deleted = await accept(drop.json<Revision>().id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await app.inject({ url: `/api/persons/${osmon.id}/` })).statusCode).toBe(404);
  });
});

describe('records (places) too', () => {
  it('accepts a second proposal on another field, and settles a conflict', async () => {
    const created = await call(app, 'POST', '/api/places/', moderator, { name: 'Баетов' });
    const id = created.body.id as number;
    const byName = await call(app, 'PATCH', `/api/places/${id}/`, asel, { name: 'Баетово' });
    const byCoords = await call(app, 'PATCH', `/api/places/${id}/`, bolot, {
      latitude: 41.2,
      longitude: 75.8,
    });
    const byName2 = await call(app, 'PATCH', `/api/places/${id}/`, bolot, { name: 'Баетов айылы' });
    const url = (answer: { body: Record<string, unknown> }) =>
      `/api/record-revisions/${answer.body.id as number}/accept/`;
    expect((await call(app, 'POST', url(byName), moderator, {})).status).toBe(200);
    expect((await call(app, 'POST', url(byCoords), moderator, {})).status).toBe(200);
    const clash = await call(app, 'POST', url(byName2), moderator, {});
    expect(clash.status).toBe(409);
    expect(clash.body.conflicts).toEqual([
      { field: 'name', before: 'Баетов', proposed: 'Баетов айылы', current: 'Баетово' },
    ]);
    const settled = await call(app, 'POST', url(byName2), moderator, {
      resolutions: { name: 'proposed' },
    });
    expect(settled.status).toBe(200);
    const place = await call(app, 'GET', `/api/places/${id}/`, null);
    expect(place.body).toMatchObject({ name: 'Баетов айылы', latitude: 41.2, longitude: 75.8 });
    const own = await get<RecordRevisionList>('/api/record-revisions/?mine=1', bolot);
    expect(own.results.map((r) => r.status)).toEqual(['applied', 'applied']);
  });
});

describe('father and mother', () => {
  it('a member joins a branch to the tree by proposing a father; a moderator sets a mother', async () => {
    const [root, son] = await addLine(app, moderator, ['Тагай', 'Адигине']);
    // An imported branch: a man without a father, with a son of his own.
    const branch = await addPerson(app, moderator, { name: 'Жору', sex: 'M' });
    const child = await addPerson(app, moderator, { name: 'Кулбай', father_id: branch.id });
    const proposal = await propose(asel, branch, { father_id: son!.id });
    expect(proposal).toMatchObject({ before: { father_id: null }, after: { father_id: son!.id } });
    expect((await person(branch.id)).father_id).toBeNull();
    expect((await accept(proposal.id)).statusCode).toBe(200);
    const ancestors = await get<Ancestors>(`/api/persons/${child.id}/ancestors/`);
    expect(ancestors.results.map((p) => p.id)).toEqual([branch.id, son!.id, root!.id]);

    const mother = await addPerson(app, moderator, { name: 'Айчүрөк', sex: 'F' });
    const direct = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${branch.id}/`,
      headers: moderator.headers,
      payload: { mother_id: mother.id, version: (await person(branch.id)).version },
    });
    expect(direct.statusCode, direct.body).toBe(200);
    expect((await person(branch.id)).mother?.id).toBe(mother.id);
  });

  it('refuses with the clear message a father who would become his own ancestor', async () => {
    const [root, , grandson] = await addLine(app, moderator, ['Чоро', 'Сары', 'Кутман']);
    const top = await person(root!.id);
    for (const user of [asel, moderator]) {
      const refused = await app.inject({
        method: 'PATCH',
        url: `/api/persons/${top.id}/`,
        headers: user.headers,
        payload: { father_id: grandson!.id, version: top.version },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ detail: string }>().detail).toBe(personMessages.cycle);
    }
    // A proposal made before another change closed the loop is refused when accepted.
    const [a, b] = await addLine(app, moderator, ['Бору', 'Кара']);
    const c = await addPerson(app, moderator, { name: 'Ак', sex: 'M' });
    const cFirst = await propose(asel, await person(a!.id), { father_id: c.id });
    const direct = await app.inject({
      method: 'PATCH',
      url: `/api/persons/${c.id}/`,
      headers: moderator.headers,
      payload: { father_id: b!.id, version: c.version },
    });
    expect(direct.statusCode).toBe(200);
    const late = await accept(cFirst.id);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ detail: string }>().detail).toBe(personMessages.cycle);
    expect((await person(a!.id)).father_id).toBeNull();
  });
});
