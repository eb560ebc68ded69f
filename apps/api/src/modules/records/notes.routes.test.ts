import { RECORD_LIMITS, type NoteSummary } from '@bagysh/shared';
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
} from './records.test-support';

let app: App;
let member: TestUser;
let moderator: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
});

async function addNote(text: string, isPrivate = false): Promise<number> {
  const { status, body } = await call(app, 'POST', '/api/notes/', moderator, {
    text,
    is_private: isPrivate,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

const readNote = async (id: number, user: TestUser | null = null) =>
  call(app, 'GET', `/api/notes/${id}/`, user);

describe('notes: who reads a shared note', () => {
  it('a guest never reads a private note or one linked to a living person', async () => {
    const dead = await addPerson(app, moderator, { name: 'Жантай', death_year: 1890 });
    const living = await addPerson(app, moderator, { name: 'Нурлан', is_living: true });
    const wife = await addPerson(app, moderator, { name: 'Сайра', death_year: 1950 });

    const open = await addNote('Жантай хан жөнүндө');
    await insertLink(app, 'note_links', open, { person: dead.id });
    const unlinked = await addNote('Эч кимге байланбаган');
    const secret = await addNote('Жашыруун', true);
    const ofLiving = await addNote('Нурландын ден соолугу');
    await insertLink(app, 'note_links', ofLiving, { person: living.id });
    const mixed = await addNote('Экөө тең');
    await insertLink(app, 'note_links', mixed, { person: dead.id });
    await insertLink(app, 'note_links', mixed, { person: living.id });
    const ofEvent = await addNote('Туулган күнү');
    await insertLink(app, 'note_links', ofEvent, {
      event: await insertEvent(app, { personId: living.id }, null),
    });
    const ofUnion = await addNote('Үйлөнүү');
    const union = await insertUnion(app, living.id, wife.id);
    await insertLink(app, 'note_links', ofUnion, { union });
    const ofUnionEvent = await addNote('Той');
    await insertLink(app, 'note_links', ofUnionEvent, {
      event: await insertEvent(app, { unionId: union }, null),
    });

    const shown = await readNote(open);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      text: 'Жантай хан жөнүндө',
      is_private: false,
      linked_persons: [{ id: dead.id, name: 'Жантай' }],
    });
    expect((await readNote(unlinked)).status).toBe(200);
    for (const hidden of [secret, ofLiving, mixed, ofEvent, ofUnion, ofUnionEvent]) {
      const answer = await readNote(hidden);
      // As for a note that does not exist: a guest learns nothing of it.
      expect(answer.status, `note ${hidden}`).toBe(404);
      expect(answer.body).toEqual({ detail: 'Табылган жок.' });
    }
    for (const any of [open, secret, ofLiving, mixed, ofEvent, ofUnion, ofUnionEvent]) {
      expect((await readNote(any, member)).status).toBe(200);
    }
    expect((await readNote(mixed, member)).body.linked_persons).toEqual([
      { id: dead.id, name: 'Жантай' },
      { id: living.id, name: 'Нурлан' },
    ]);
  });

  it('lists notes for members only', async () => {
    await addNote('Тизмедеги эскертме');
    expect((await call(app, 'GET', '/api/notes/', null)).status).toBe(401);
    const { status, body } = await call(
      app,
      'GET',
      `/api/notes/?q=${encodeURIComponent('тизмедеги')}`,
      member,
    );
    expect(status).toBe(200);
    expect((body.results as NoteSummary[]).map((note) => note.text)).toEqual([
      'Тизмедеги эскертме',
    ]);
  });
});

describe('notes: writing', () => {
  it('takes a text up to the limit and refuses a longer one with the limit in the message', async () => {
    const longest = 'а'.repeat(RECORD_LIMITS.noteMaxLength);
    const id = await addNote(longest);
    expect(((await readNote(id)).body.text as string).length).toBe(RECORD_LIMITS.noteMaxLength);
    const over = await call(app, 'POST', '/api/notes/', moderator, { text: `${longest}а` });
    expect(over.status).toBe(400);
    expect(over.body.text).toEqual([`${RECORD_LIMITS.noteMaxLength} белгиден ашпашы керек.`]);
    const empty = await call(app, 'POST', '/api/notes/', moderator, { text: '  ' });
    expect(empty.body.text).toEqual(['Милдеттүү талаа.']);
  });

  it("a member's note is a proposal; a moderator accepts, rejects and reverts", async () => {
    expect((await call(app, 'POST', '/api/notes/', null, { text: 'Мейман' })).status).toBe(401);
    const before = await moderationCounts(app, moderator);
    const proposed = await call(app, 'POST', '/api/notes/', member, { text: 'Мүчөнүн эскертмеси' });
    expect(proposed.status).toBe(202);
    expect((await moderationCounts(app, moderator)).records).toBe((before.records as number) + 1);
    const accepted = await call(
      app,
      'POST',
      `/api/record-revisions/${proposed.body.id as number}/accept/`,
      moderator,
      {},
    );
    const id = accepted.body.record_id as number;
    expect((await readNote(id)).body.text).toBe('Мүчөнүн эскертмеси');

    const privacy = await call(app, 'PATCH', `/api/notes/${id}/`, member, { is_private: true });
    expect(privacy.status).toBe(202);
    const rejected = await call(
      app,
      'POST',
      `/api/record-revisions/${privacy.body.id as number}/reject/`,
      moderator,
      { comment: 'Жашыруун эмес' },
    );
    expect(rejected.status).toBe(200);
    expect((await readNote(id)).status).toBe(200);

    const edit = await call(app, 'PATCH', `/api/notes/${id}/`, moderator, { text: 'Оңдолгон' });
    expect(edit.status).toBe(200);
    const { body } = await call(
      app,
      'GET',
      `/api/record-revisions/?record_type=note&record_id=${id}&status=applied`,
      moderator,
    );
    const [update] = body.results as { id: number; action: string }[];
    expect(update?.action).toBe('update');
    const revert = await call(
      app,
      'POST',
      `/api/record-revisions/${update?.id ?? 0}/revert/`,
      moderator,
      {},
    );
    expect(revert.status).toBe(201);
    expect((await readNote(id)).body.text).toBe('Мүчөнүн эскертмеси');
  });

  it('refuses to delete a linked note (409) and deletes an unlinked one', async () => {
    const person = await addPerson(app, moderator, { death_year: 1900 });
    const linked = await addNote('Байланган');
    await insertLink(app, 'note_links', linked, { person: person.id });
    const refused = await call(app, 'DELETE', `/api/notes/${linked}/`, moderator);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(
      'Бул эскертме 1 жазууга байланган: алгач байланыштарды өчүрүңүз.',
    );
    const free = await addNote('Бош');
    expect((await call(app, 'DELETE', `/api/notes/${free}/`, moderator)).status).toBe(204);
    expect((await readNote(free, member)).status).toBe(404);
  });

  it('documents the notes paths in the OpenAPI document', async () => {
    expect(await openApiPaths(app)).toEqual(
      expect.arrayContaining(['/api/notes/', '/api/notes/{id}/']),
    );
  });
});
