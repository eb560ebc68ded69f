import {
  parseGedcomDate,
  type Informant,
  type InformantConflictsPage,
  type InformantsPage,
  type Person,
  type Recording,
  type RecordingsPage,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestFileRow, createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';
import { call } from '../records/records.test-support';

let app: App;
let member: TestUser;
let other: TestUser;
let moderator: TestUser;
let elder: number;
let book: number;
let secondElder: number;
let village: number;
let ancestor: Person;
/** Living: a guest is never shown this person. */
let living: Person;
let publicAudio: number;
let membersAudio: number;

async function addSource(fields: Record<string, unknown>): Promise<number> {
  const { status, body } = await call(app, 'POST', '/api/sources/', moderator, fields);
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

/** A birth or death event of `personId` dated `written`, cited by the source. */
async function citedEvent(
  personId: number,
  type: string,
  written: string | null,
  sourceId: number,
  placeId: number | null = null,
) {
  const date = written === null ? null : parseGedcomDate(written);
  const [event] = await queryRows<{ id: number }>(
    app.db,
    sql`insert into events (person_id, type, date, date_sort, place_id)
        values (${personId}, ${type}, ${date && JSON.stringify(date)}::jsonb, ${date?.sort ?? null},
          ${placeId})
        returning id`,
  );
  await queryRows(
    app.db,
    sql`insert into citations (source_id, event_id) values (${sourceId}, ${event!.id})`,
  );
}

beforeAll(async () => {
  app = await createTestApp();
  member = await createTestUser(app);
  other = await createTestUser(app);
  moderator = await createTestUser(app, { role: 'moderator' });
  const { body } = await call(app, 'POST', '/api/places/', moderator, { name: 'Ат-Башы' });
  village = body.id as number;
  elder = await addSource({ kind: 'informant', title: 'Асанов Токтогул', author: 'Токтогул' });
  secondElder = await addSource({ kind: 'informant', title: 'Бекова Айша', author: 'Айша' });
  book = await addSource({ kind: 'book', title: 'Санжыра китеби' });
  ancestor = await addPerson(app, moderator, { name: 'Багыш', sex: 'M', birth_year: 1700 });
  living = await addPerson(app, moderator, {
    name: 'Тирүү Адам',
    sex: 'M',
    birth_year: 1990,
    is_living: true,
  });
  publicAudio = await createTestFileRow(app, member.id, { kind: 'audio', visibility: 'public' });
  membersAudio = await createTestFileRow(app, member.id, { kind: 'audio', visibility: 'members' });
});

describe('recordings', () => {
  let publicRecording: Recording;
  let membersRecording: Recording;

  it('refuses guests, files that are not audio or video, and sources that are not informants', async () => {
    const input = { file_id: publicAudio, source_id: elder };
    expect((await call(app, 'POST', '/api/recordings/', null, input)).status).toBe(401);
    const image = await createTestFileRow(app, member.id, { kind: 'image' });
    const notAudio = await call(app, 'POST', '/api/recordings/', member, {
      ...input,
      file_id: image,
    });
    expect(notAudio.status).toBe(400);
    expect(notAudio.body).toHaveProperty('file_id');
    const notInformant = await call(app, 'POST', '/api/recordings/', member, {
      ...input,
      source_id: book,
    });
    expect(notInformant.body).toHaveProperty('source_id');
    const noPerson = await call(app, 'POST', '/api/recordings/', member, {
      ...input,
      person_ids: [999_999],
    });
    expect(noPerson.body).toHaveProperty('person_ids');
  });

  it('lets a member make recordings of existing audio files', async () => {
    const created = await call(app, 'POST', '/api/recordings/', member, {
      file_id: publicAudio,
      source_id: elder,
      person_ids: [ancestor.id, living.id],
      told_date: '05.05.1998',
      told_place_id: village,
      duration_seconds: 3,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    publicRecording = created.body as unknown as Recording;
    expect(publicRecording).toMatchObject({
      file: { id: publicAudio, kind: 'audio', visibility: 'public' },
      source: { id: elder, title: 'Асанов Токтогул' },
      told_date: { text: '5 MAY 1998' },
      told_place: { id: village, name: 'Ат-Башы' },
      duration_seconds: 3,
      persons: [
        { id: ancestor.id, name: 'Багыш' },
        { id: living.id, name: 'Тирүү Адам' },
      ],
      created_by: { id: member.id },
      can_edit: true,
    });
    const second = await call(app, 'POST', '/api/recordings/', member, {
      file_id: membersAudio,
      source_id: elder,
    });
    expect(second.status).toBe(201);
    membersRecording = second.body as unknown as Recording;
    const twice = await call(app, 'POST', '/api/recordings/', other, {
      file_id: membersAudio,
      source_id: secondElder,
    });
    expect(twice.status).toBe(400);
    expect(twice.body).toHaveProperty('file_id');
  });

  it('shows a guest only recordings of public files, without hidden persons', async () => {
    const url = `/api/recordings/?source_id=${elder}`;
    const forMember = (await call(app, 'GET', url, other)).body as unknown as RecordingsPage;
    expect(forMember.count).toBe(2);
    expect(forMember.results.map((r) => r.can_edit)).toEqual([false, false]);
    const forGuest = (await call(app, 'GET', url, null)).body as unknown as RecordingsPage;
    expect(forGuest.count).toBe(1);
    expect(forGuest.results.map((r) => r.id)).toEqual([publicRecording.id]);
    expect(forGuest.results[0]!.persons).toEqual([{ id: ancestor.id, name: 'Багыш' }]);
    expect(JSON.stringify(forGuest)).not.toContain('Тирүү');
    const hidden = await call(app, 'GET', `/api/recordings/${membersRecording.id}/`, null);
    expect(hidden.status).toBe(404);
    const one = await call(app, 'GET', `/api/recordings/${publicRecording.id}/`, null);
    expect(one.status).toBe(200);
    expect(JSON.stringify(one.body)).not.toContain('Тирүү');
    // Asked by the living person, a guest learns nothing.
    const byLiving = await call(app, 'GET', `/api/recordings/?person_id=${living.id}`, null);
    expect((byLiving.body as unknown as RecordingsPage).count).toBe(0);
    const byAncestor = await call(app, 'GET', `/api/recordings/?person_id=${ancestor.id}`, null);
    expect((byAncestor.body as unknown as RecordingsPage).count).toBe(1);
    // A file's recording (its page), for a guest only when the file is public.
    const ofFile = (file: number, user: TestUser | null) =>
      call(app, 'GET', `/api/recordings/?file_id=${file}`, user).then((answer) =>
        (answer.body as unknown as RecordingsPage).results.map((r) => r.id),
      );
    expect(await ofFile(publicAudio, null)).toEqual([publicRecording.id]);
    expect(await ofFile(membersAudio, null)).toEqual([]);
    expect(await ofFile(membersAudio, other)).toEqual([membersRecording.id]);
  });

  it('lets staff or the file owner change and remove a recording, nobody else', async () => {
    const url = `/api/recordings/${publicRecording.id}/`;
    expect((await call(app, 'PATCH', url, other, { person_ids: [] })).status).toBe(403);
    const changed = await call(app, 'PATCH', url, member, {
      person_ids: [ancestor.id],
      told_date: 'ABT 1965',
      told_place_id: null,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({
      persons: [{ id: ancestor.id }],
      told_date: { text: 'ABT 1965' },
      told_place: null,
    });
    const byStaff = await call(app, 'PATCH', url, moderator, { duration_seconds: 4 });
    expect(byStaff.body).toMatchObject({ duration_seconds: 4, can_edit: true });
    expect((await call(app, 'DELETE', url, other)).status).toBe(403);
    expect((await call(app, 'DELETE', url, null)).status).toBe(401);
    const mine = `/api/recordings/${membersRecording.id}/`;
    expect((await call(app, 'DELETE', mine, member)).status).toBe(204);
    expect((await call(app, 'GET', mine, member)).status).toBe(404);
    // The file stays.
    expect((await call(app, 'GET', `/api/files/${membersAudio}/`, member)).status).toBe(200);
  });
});

describe('informants', () => {
  it('shows where two informants name different places, not a place and the region it lies in', async () => {
    const place = async (name: string, parent: number | null) =>
      (await call(app, 'POST', '/api/places/', moderator, { name, parent_id: parent })).body
        .id as number;
    const region = await place('Нарын облусу', null);
    const town = await place('Нарын', region);
    const street = await place('Ленин көчөсү', town);
    const elsewhere = await place('Таласс', null);
    const founder = await addPerson(app, moderator, { name: 'Тагай', sex: 'M' });
    // A region and a street of a town inside it agree, dates or not.
    await citedEvent(founder.id, 'birth', null, elder, region);
    await citedEvent(founder.id, 'birth', '1650', secondElder, street);
    // Two places apart disagree, the years unknown.
    await citedEvent(founder.id, 'death', null, elder, town);
    await citedEvent(founder.id, 'death', null, secondElder, elsewhere);
    const page = (await call(app, 'GET', '/api/informants/conflicts/', null))
      .body as unknown as InformantConflictsPage;
    const ofFounder = page.results.filter((conflict) => conflict.person.id === founder.id);
    expect(ofFounder).toMatchObject([
      {
        person: { id: founder.id, name: 'Тагай' },
        fact: 'death',
        sides: [
          {
            source: { id: elder },
            date: null,
            place: { id: town, name: 'Нарын' },
          },
          {
            source: { id: secondElder },
            date: null,
            place: { id: elsewhere, name: 'Таласс' },
          },
        ],
      },
    ]);
    await call(app, 'DELETE', `/api/persons/${founder.id}/`, moderator);
  });

  it('lists informants with their recordings and the persons they told of', async () => {
    const page = (await call(app, 'GET', '/api/informants/', null))
      .body as unknown as InformantsPage;
    expect(page.results.map((informant) => informant.title)).toEqual([
      'Асанов Токтогул',
      'Бекова Айша',
    ]);
    expect(page.results[0]).toMatchObject({
      recording_count: 1,
      top_persons: [{ id: ancestor.id, count: 1 }],
    });
    const one = (await call(app, 'GET', `/api/informants/${elder}/`, member))
      .body as unknown as Informant;
    expect(one).toMatchObject({ id: elder, author: 'Токтогул', told_person_count: 1 });
    expect((await call(app, 'GET', `/api/informants/${book}/`, null)).status).toBe(404);
  });

  it('shows where two informants give different years, never of a hidden person', async () => {
    await citedEvent(ancestor.id, 'birth', '1700', elder);
    await citedEvent(ancestor.id, 'birth', 'ABT 1705', secondElder);
    // Agreeing informants are no conflict.
    await citedEvent(ancestor.id, 'death', '1780', elder);
    await citedEvent(ancestor.id, 'death', '1780', secondElder);
    await citedEvent(living.id, 'birth', '1990', elder);
    await citedEvent(living.id, 'birth', '1991', secondElder);

    const forGuest = (await call(app, 'GET', '/api/informants/conflicts/', null))
      .body as unknown as InformantConflictsPage;
    expect(forGuest.count).toBe(1);
    expect(forGuest.results[0]).toMatchObject({
      person: { id: ancestor.id },
      fact: 'birth',
      sides: [
        { source: { id: elder }, date: { text: '1700' } },
        { source: { id: secondElder }, date: { text: 'ABT 1705' } },
      ],
    });
    expect(JSON.stringify(forGuest)).not.toContain('Тирүү');
    const forMember = (await call(app, 'GET', '/api/informants/conflicts/', member))
      .body as unknown as InformantConflictsPage;
    expect(forMember.count).toBe(2);
    const ofOne = (await call(app, 'GET', `/api/informants/conflicts/?source_id=${book}`, member))
      .body as unknown as InformantConflictsPage;
    expect(ofOne.count).toBe(0);
    const ofElder = await call(app, 'GET', `/api/informants/conflicts/?source_id=${elder}`, null);
    expect((ofElder.body as unknown as InformantConflictsPage).count).toBe(1);
    // The guest's told persons leave out the living one too.
    const told = (await call(app, 'GET', `/api/informants/${elder}/`, null))
      .body as unknown as Informant;
    expect(told.told_persons.map((person) => person.id)).toEqual([ancestor.id]);
  });
});
