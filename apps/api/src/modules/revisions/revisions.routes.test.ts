import type { Person, Revision, RevisionList } from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { files } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { PUBLIC_VIEWER, FULL_VIEWER } from '../../genealogy/privacy';
import { addPerson } from '../persons/persons.factories';
import { addNote, addSource } from '../persons/records.factories';
import { loadLinkedRecords } from '../../genealogy/proposals/person-revisions';

/**
 * A revision's diff names the sources, notes and files its records point to, as it names
 * persons and places, and tells a reader no more than the person page would.
 */

let app: App;
let moderator: TestUser;
let member: TestUser;
let person: Person;
let book: number;
let informant: number;
let publicNote: number;
let privateNote: number;
let photo: number;
let proposal: Revision;

const longLine = `${'Кыргыз '.repeat(20).trim()}`;

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app);
  person = await addPerson(app, moderator, { name: 'Түгөлбай', sex: 'M', birth_year: 1827 });
  book = await addSource(app, { title: 'Багыш санжырасы' });
  informant = await addSource(app, { title: 'Асанов Үсөн', kind: 'informant' });
  publicNote = await addNote(app, `\n${longLine}\nЭкинчи сап`);
  privateNote = await addNote(app, 'Жашыруун: үй-бүлөнүн ичинде гана', true);
  photo = await createTestFileRow(app, moderator.id);
  await app.db.update(files).set({ name: 'toy-1950.jpg' }).where(eq(files.id, photo));
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/persons/${person.id}/`,
    headers: member.headers,
    payload: {
      version: person.version,
      citations: [{ source_id: book, page: '12' }],
      events: [{ type: 'birth', date: '1827', citations: [{ source_id: informant }] }],
      note_ids: [publicNote, privateNote],
      media: [{ file_id: photo, title: null }],
    },
  });
  expect(response.statusCode, response.body).toBe(202);
  proposal = response.json<Revision>();
  // Made members-only after it was linked: a file the page no longer shows to guests.
  await app.db.update(files).set({ visibility: 'members' }).where(eq(files.id, photo));
});

describe('revision titles', () => {
  it('names the sources its citations cite, the notes it links and the files of its media', async () => {
    const response = await app.inject({
      url: '/api/revisions/?status=pending',
      headers: moderator.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const item = response.json<RevisionList>().results.find((r) => r.id === proposal.id);
    const byId = <T extends { id: number }>(list: T[] = []) =>
      [...list].sort((a, b) => a.id - b.id);
    expect(byId(item?.linked_sources)).toEqual([
      { id: book, title: 'Багыш санжырасы' },
      { id: informant, title: 'Асанов Үсөн' },
    ]);
    // A note by its first line, shortened; a private one too: only members read revisions.
    expect(byId(item?.linked_notes)).toEqual([
      { id: publicNote, excerpt: `${Array.from(longLine).slice(0, 79).join('')}…` },
      { id: privateNote, excerpt: 'Жашыруун: үй-бүлөнүн ичинде гана' },
    ]);
    expect(item?.linked_files).toEqual([{ id: photo, name: 'toy-1950.jpg' }]);
    const own = await app.inject({
      url: `/api/revisions/${proposal.id}/`,
      headers: member.headers,
    });
    expect(own.json<Revision>().linked_notes.map((note) => note.id)).toEqual([
      publicNote,
      privateNote,
    ]);
  });

  it('gives a guest no revision at all, so no title of a private note or file', async () => {
    for (const url of [
      '/api/revisions/',
      `/api/revisions/${proposal.id}/`,
      `/api/persons/${person.id}/revisions/`,
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.body).not.toContain('Жашыруун');
      expect(response.body).not.toContain('toy-1950');
    }
  });

  it('looks titles up under the person page’s rules: a guest’s view leaves private ones out', async () => {
    const rows = [{ before: null, after: proposal.after }];
    const guest = await loadLinkedRecords(app.db, rows, PUBLIC_VIEWER);
    expect([...guest.sources.keys()].sort()).toEqual([book, informant].sort());
    expect([...guest.notes.keys()]).toEqual([publicNote]);
    expect([...guest.files.keys()]).toEqual([]);
    const full = await loadLinkedRecords(app.db, rows, FULL_VIEWER);
    expect([...full.notes.keys()].sort()).toEqual([publicNote, privateNote].sort());
    expect([...full.files.keys()]).toEqual([photo]);
  });
});
