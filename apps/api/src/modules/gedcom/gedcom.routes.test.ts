import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GedcomExportLink, Person, PersonList } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { addPerson } from '../persons/persons.factories';
import { exportLinkMessages, signExportLink } from './export/links';
import { exportMessages } from './export/stream';
import { importGedcomFile, multipart, uploadCopies } from './gedcom.test-support';

// Imports and exports through a second app, on PGlite beside the other files: 20 s was too
// close under CI's load (15 s seen).
vi.setConfig({ testTimeout: 60_000 });

let app: App;
let admin: TestUser;
// Uploads are kept under DATA_DIR/tmp/gedcom/ while their job runs.
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
});

/** Uploads a file, waits for its job to finish and checks that its copy of the upload is gone. */
const importFile = (target: App, user: TestUser, content: Buffer | string) =>
  importGedcomFile(target, user, target.config.dataDir, content);

async function countPersons(target: App): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    target.db,
    sql`select (select count(*)::int from persons) + (select count(*)::int from gedcom_staging) as count`,
  );
  return row?.count ?? 0;
}

async function findByName(target: App, name: string, user?: TestUser): Promise<Person> {
  const list = await target.inject({
    url: `/api/persons/?q=${encodeURIComponent(name)}`,
    headers: user?.headers,
  });
  const hit = list.json<PersonList>().results.find((p) => p.name === name);
  if (!hit) throw new Error(`no ${name}`);
  return (
    await target.inject({ url: `/api/persons/${hit.id}/`, headers: user?.headers })
  ).json<Person>();
}

const SAMPLE_551 = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '2 FORM LINEAGE-LINKED',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Төлөк /Бакаев/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE ABT 1820',
  '2 PLAC Кочкор',
  '1 DEAT',
  '2 DATE 1890',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Айша',
  '1 SEX F',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Үсөн',
  '1 SEX M',
  '1 BIRT',
  '2 DATE INT 1850 (жазында)',
  '1 NOTE Биринчи сап',
  '2 CONT экинчи сап, жана узун',
  '2 CONC  улантуу; email: a@@b.kg',
  '1 FAMC @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I3@',
  '0 TRLR',
  '',
].join('\r\n');

describe('GEDCOM import', () => {
  it('imports a 5.5.1 file: names, parents, spouses, dates, places, notes', async () => {
    const job = await importFile(app, admin, SAMPLE_551);
    expect(job).toMatchObject({
      status: 'done',
      processed: 3,
      total: 3,
      persons_created: 3,
      error: null,
    });
    const uson = await findByName(app, 'Үсөн', admin);
    expect(uson).toMatchObject({
      father: { name: 'Төлөк Бакаев' },
      mother: { name: 'Айша' },
      generation: 2,
      descendant_count: 0,
      birth_year: 1850,
      birth_date: 'жазында',
      biography: 'Биринчи сап\nэкинчи сап, жана узун улантуу; email: a@b.kg',
    });
    const tolok = await findByName(app, 'Төлөк Бакаев', admin);
    expect(tolok).toMatchObject({
      descendant_count: 1,
      birth_year: 1820,
      birth_date: 'ABT 1820',
      birth_place: 'Кочкор',
      death_year: 1890,
      death_date: null,
      spouses: [{ name: 'Айша' }],
    });
    // The name search knows the new names at once.
    const search = await app.inject({ url: '/api/search/?q=Үсөн Төлөк' });
    expect(search.json<{ results: { id: number }[] }>().results[0]?.id).toBe(uson.id);
  });

  it('reads GEDCOM 7.0 (PHRASE, leading @@) and UTF-16 and ANSEL files', async () => {
    const v7 = [
      '0 HEAD',
      '1 GEDC',
      '2 VERS 7.0',
      '0 @A@ INDI',
      '1 NAME @@Жети',
      '1 BIRT',
      '2 DATE 1901',
      '3 PHRASE күзүндө',
      '0 TRLR',
    ].join('\n');
    expect((await importFile(app, admin, v7)).status).toBe('done');
    expect(await findByName(app, '@Жети', admin)).toMatchObject({
      birth_year: 1901,
      birth_date: 'күзүндө',
    });

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(
        ['0 HEAD', '1 CHAR UNICODE', '0 @I1@ INDI', '1 NAME Ысманбек', '0 TRLR'].join('\n'),
        'utf16le',
      ),
    ]);
    expect((await importFile(app, admin, utf16)).status).toBe('done');
    await findByName(app, 'Ысманбек', admin);

    // ANSEL: the diaeresis (0xE8) comes before its letter.
    const ansel = Buffer.concat([
      Buffer.from('0 HEAD\n1 CHAR ANSEL\n0 @I1@ INDI\n1 NAME M', 'latin1'),
      Buffer.from([0xe8]),
      Buffer.from('uller\n0 TRLR\n', 'latin1'),
    ]);
    expect((await importFile(app, admin, ansel)).status).toBe('done');
    await findByName(app, 'Müller', admin);
  });

  it('skips a malformed line, a level jump and a dangling pointer with warnings; rejects a loop', async () => {
    const lines = SAMPLE_551.split('\r\n');
    lines.splice(20, 0, 'this is not a GEDCOM line');
    const job = await importFile(app, admin, lines.join('\r\n'));
    expect(job).toMatchObject({ status: 'done', persons_created: 3 });
    expect(job.warnings.map((w) => w.line)).toContain(21);

    const jump = await importFile(app, admin, '0 HEAD\n0 @I1@ INDI\n2 NAME Асан\n0 TRLR\n');
    expect(jump).toMatchObject({ status: 'done', persons_created: 1 });
    expect(jump.warnings[0]).toMatchObject({ line: 3, record: '@I1@' });

    const unknown = await importFile(
      app,
      admin,
      '0 HEAD\n0 @I1@ INDI\n1 NAME Асан\n0 @F1@ FAM\n1 HUSB @I9@\n1 CHIL @I1@\n0 TRLR\n',
    );
    expect(unknown).toMatchObject({ status: 'done', persons_created: 1 });
    expect(unknown.warnings).toEqual([
      {
        line: 5,
        record: '@F1@',
        message: expect.stringContaining('@I9@') as string,
        kind: 'dangling',
      },
    ]);

    const before = await countPersons(app);
    const cycle = await importFile(
      app,
      admin,
      [
        '0 HEAD',
        '0 @I1@ INDI',
        '1 NAME Асан',
        '0 @I2@ INDI',
        '1 NAME Үсөн',
        '0 @F1@ FAM',
        '1 HUSB @I1@',
        '1 CHIL @I2@',
        '0 @F2@ FAM',
        '1 HUSB @I2@',
        '1 CHIL @I1@',
        '0 TRLR',
      ].join('\n'),
    );
    expect(cycle.status).toBe('failed');
    expect(cycle.error).toMatch(/ата-бабасы/);

    const notGedcom = await importFile(app, admin, 'hello\nworld\n');
    expect(notGedcom.status).toBe('failed');
    expect(await countPersons(app)).toBe(before);
  });

  it('answers 404 for an unknown job', async () => {
    const response = await app.inject({
      url: '/api/gedcom/jobs/00000000-0000-4000-8000-000000000000/',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(404);
  });

  it('is for moderators and admins and needs the file field', async () => {
    const member = await createTestUser(app, { role: 'user' });
    const body = multipart(SAMPLE_551);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/gedcom/import/',
      headers: { ...member.headers, ...body.headers },
      payload: body.payload,
    });
    expect(refused.statusCode).toBe(403);
    const guest = await app.inject({ method: 'POST', url: '/api/gedcom/import/', ...body });
    expect(guest.statusCode).toBe(401);
    const wrongField = multipart(SAMPLE_551, 'document');
    const missing = await app.inject({
      method: 'POST',
      url: '/api/gedcom/import/',
      headers: { ...admin.headers, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('asks before importing at once a file imported before: 409 unless confirmed', async () => {
    const lines = SAMPLE_551.replace('Төлөк', 'Экинчи Төлөк');
    expect((await importFile(app, admin, lines)).status).toBe('done');
    const body = multipart(lines);
    const again = await app.inject({
      method: 'POST',
      url: '/api/gedcom/import/',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(
      /^Бул файл \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\) импорттолгон\. Кайра импорттоо керек болсо, ырастаңыз/,
    );
    expect(uploadCopies(dataDir)).toEqual([]);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/gedcom/import/?confirm_same_file=true',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(202);
  });
});

describe('GEDCOM export', () => {
  it('round-trips every person, parent link, name, date and place', async () => {
    const editor = admin;
    const root = await addPerson(app, editor, {
      name: 'Жоро Түп',
      sex: 'M',
      birth_year: 1800,
      birth_date: '1800-жылдын жазы (болжол)',
      birth_place: 'Ат-Башы',
      death_year: 1870,
      death_place: 'Нарын',
      biography: 'Узун өмүр.\nЭкинчи сап @ белгиси менен.',
    });
    const wife = await addPerson(app, editor, { name: 'Бүбүш', sex: 'F', birth_year: 1805 });
    const son = await addPerson(app, editor, {
      name: 'Жоробек',
      sex: 'M',
      father_id: root.id,
      mother_id: wife.id,
      birth_year: 1830,
      birth_date: '12 MAR 1830',
      birth_order: 2,
    });
    await addPerson(app, editor, {
      name: 'Жоро кызы',
      sex: 'F',
      father_id: root.id,
      birth_order: 1,
    });
    await addPerson(app, editor, {
      name: 'Небере',
      sex: 'M',
      father_id: son.id,
      death_date: 'жаш кезинде',
    });
    await app.inject({
      method: 'PATCH',
      url: `/api/persons/${root.id}/`,
      headers: editor.headers,
      payload: { spouse_ids: [wife.id], version: root.version },
    });

    for (const version of ['5.5.1', '7.0'] as const) {
      const exported = await app.inject({
        url: `/api/gedcom/export/?root=${root.id}&version=${version}`,
        headers: admin.headers,
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('gedcom');
      const text = exported.body;
      expect(text.startsWith('0 HEAD')).toBe(true);
      expect(text.trimEnd().endsWith('0 TRLR')).toBe(true);
      if (version === '5.5.1')
        expect(text.split('\n').every((line) => line.length < 256)).toBe(true);

      const target = await createTestApp();
      const targetAdmin = await createTestUser(target, { role: 'admin' });
      const job = await importFile(target, targetAdmin, text);
      expect(job, version).toMatchObject({ status: 'done', persons_created: 4 });

      const byName = async (name: string) => findByName(target, name, targetAdmin);
      const [root2, son2, daughter2, grandson2] = await Promise.all(
        ['Жоро Түп', 'Жоробек', 'Жоро кызы', 'Небере'].map(byName),
      );
      expect(root2).toMatchObject({
        father: null,
        birth_year: 1800,
        birth_place: 'Ат-Башы',
        death_year: 1870,
        death_place: 'Нарын',
        biography: 'Узун өмүр.\nЭкинчи сап @ белгиси менен.',
      });
      // The parentheses cannot travel in a date phrase; 5.5.1's INT (…) folds the spaces.
      expect(root2?.birth_date?.replace(/ +/g, ' ')).toBe('1800-жылдын жазы болжол');
      expect(son2).toMatchObject({
        father: { id: root2!.id },
        birth_year: 1830,
        birth_date: '12 MAR 1830',
        birth_order: 2,
      });
      expect(daughter2).toMatchObject({ father: { id: root2!.id }, sex: 'F', birth_order: 1 });
      expect(grandson2).toMatchObject({ father: { id: son2!.id }, death_date: 'жаш кезинде' });
      // The mother is outside the exported subtree: the link is left out, not dangling.
      expect(son2?.mother).toBeNull();
    }
  });

  it('exports the whole tree with mothers and spouses, living persons name-only for non-admins', async () => {
    const father = await addPerson(app, admin, {
      name: 'Тирүүнүн атасы',
      sex: 'M',
      death_year: 1999,
    });
    const mother = await addPerson(app, admin, {
      name: 'Тирүүнүн энеси',
      sex: 'F',
      death_year: 2001,
    });
    await addPerson(app, admin, {
      name: 'Тирүү Адам',
      father_id: father.id,
      mother_id: mother.id,
      birth_year: new Date().getFullYear() - 25,
      birth_place: 'Жашыруун Жер',
    });
    const member = await createTestUser(app);
    const guest = await app.inject({ url: '/api/gedcom/export/' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: 'Кирүү талап кылынат.' });
    const forMember = (await app.inject({ url: '/api/gedcom/export/', headers: member.headers }))
      .body;
    expect(forMember).toContain('Тирүү Адам');
    expect(forMember).not.toContain('Жашыруун Жер');
    // The living person's father line stays; the mother link of a living person does not.
    expect(forMember).toContain(`0 @F${father.id}_0@ FAM\n1 HUSB @I${father.id}@\n1 CHIL`);
    expect(forMember).not.toContain(`1 WIFE @I${mother.id}@`);
    const full = (await app.inject({ url: '/api/gedcom/export/', headers: admin.headers })).body;
    expect(full).toContain('Жашыруун Жер');
    const missing = await app.inject({
      url: '/api/gedcom/export/?root=99999999',
      headers: member.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('runs one export at a time: 429 with Retry-After meanwhile, the slot freed on hang-up', async () => {
    const busy = await createTestApp({ exportConcurrency: 1 });
    const member = await createTestUser(busy);
    // About 10 MB of GEDCOM: more than the socket buffers hold, so an unread export stays open.
    await busy.db.execute(sql`insert into name_keys (key) values ('адам') on conflict do nothing`);
    await busy.db.execute(sql`insert into persons (name, name_key, death_year, biography)
      select 'Адам ' || g, 'адам', 1900, repeat('Өмүр баяны. ', 170) from generate_series(1, 5000) g`);
    await busy.listen({ port: 0, host: '127.0.0.1' });
    const { port } = busy.server.address() as AddressInfo;

    const linkRequest = {
      method: 'POST',
      url: '/api/gedcom/export/link/',
      headers: member.headers,
      payload: {},
    } as const;
    const early = await busy.inject(linkRequest);
    expect(early.statusCode, early.body).toBe(200);

    // A client that reads the headers and then nothing more.
    const slow = http.get({
      host: '127.0.0.1',
      port,
      path: '/api/gedcom/export/',
      headers: member.headers,
    });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      slow.once('response', resolve);
      slow.once('error', reject);
    });
    expect(response.statusCode).toBe(200);
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));

    const refused = await busy.inject({ url: '/api/gedcom/export/', headers: member.headers });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ detail: exportMessages.busy });
    // No link is made meanwhile (the page says so at once), and one made before waits too.
    const noLink = await busy.inject(linkRequest);
    expect(noLink.statusCode).toBe(429);
    expect(noLink.json()).toEqual({ detail: exportMessages.busy });
    expect(Number(noLink.headers['retry-after'])).toBeGreaterThan(0);
    const refusedLink = await busy.inject({ url: early.json<GedcomExportLink>().url });
    expect(refusedLink.statusCode).toBe(429);

    slow.destroy();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const next = await busy.inject({ url: '/api/gedcom/export/', headers: member.headers });
      status = next.statusCode;
      if (status === 200) expect(next.body.trimEnd().endsWith('0 TRLR')).toBe(true);
    }
    expect(status).toBe(200);
  });
});

describe('GEDCOM export links', () => {
  /** A link made by `user` for `options`, as the export page asks for one. */
  async function makeLink(user: TestUser, options: object = {}) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/gedcom/export/link/',
      headers: user.headers,
      payload: options,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GedcomExportLink>();
  }

  /** The link's URL with one query parameter changed. */
  function altered(url: string, key: string, value: string): string {
    const parsed = new URL(url, 'http://site');
    parsed.searchParams.set(key, value);
    return `${parsed.pathname}${parsed.search}`;
  }

  let member: TestUser;
  beforeAll(async () => {
    member = await createTestUser(app);
    await addPerson(app, admin, {
      name: 'Шилтемедеги Тирүү',
      birth_year: new Date().getFullYear() - 30,
      birth_place: 'Шилтемедеги Жашыруун Жер',
    });
  });

  it('exports without the token what the role it was made for may read', async () => {
    const forAdmin = await makeLink(admin, { version: '7.0' });
    expect(forAdmin.url).toMatch(/^\/api\/gedcom\/export\/\?/);
    expect(Date.parse(forAdmin.expires_at) - Date.now()).toBeLessThanOrEqual(60_000);
    const full = await app.inject({ url: forAdmin.url });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.headers['content-disposition']).toBe(
      'attachment; filename="bagysh-sanjyra-7.0.ged"',
    );
    // Not for a shared cache: the link's URL holds no Authorization that would say so.
    expect(full.headers['cache-control']).toBe('private, no-store');
    expect(full.body.startsWith('0 HEAD')).toBe(true);
    expect(full.body).toContain('2 VERS 7.0');
    expect(full.body).toContain('Шилтемедеги Жашыруун Жер');

    // A member's link: the living person by name only, as the member's token would export it.
    const forMember = await app.inject({ url: (await makeLink(member)).url });
    expect(forMember.statusCode, forMember.body).toBe(200);
    expect(forMember.body).toContain('Шилтемедеги Тирүү');
    expect(forMember.body).not.toContain('Шилтемедеги Жашыруун Жер');
    const left = await app.inject({ url: (await makeLink(member, { living: 'exclude' })).url });
    expect(left.body).not.toContain('Шилтемедеги Тирүү');
    expect(left.headers['content-disposition']).toBe(
      'attachment; filename="bagysh-sanjyra-5.5.1-no-living.ged"',
    );
  });

  it('refuses an altered or expired link with 403, and a guest cannot make one', async () => {
    const { url } = await makeLink(member);
    const admins = await app.inject({ url: altered(url, 'role', 'admin') });
    expect(admins.statusCode).toBe(403);
    expect(admins.json()).toEqual({ detail: exportLinkMessages.badLink });
    for (const [key, value] of [
      ['living', 'exclude'],
      ['user', String(admin.id)],
      ['signature', 'x'.repeat(43)],
      ['expires', String(Math.floor(Date.now() / 1000) + 3600)],
    ] as const) {
      const response = await app.inject({ url: altered(url, key, value) });
      expect(response.statusCode, key).toBe(403);
      expect(response.json(), key).toEqual({ detail: exportLinkMessages.badLink });
    }
    // Signed rightly but a minute and more ago.
    const secret = app.config.jwtSecret ?? '';
    const stale = signExportLink(
      secret,
      { version: '5.5.1', living: 'include', private_notes: 'exclude' },
      { id: member.id, role: 'user' },
      Date.now() - 61_000,
    );
    const expired = await app.inject({ url: stale.url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ detail: exportLinkMessages.badLink });
    const fresh = signExportLink(
      secret,
      { version: '5.5.1', living: 'include', private_notes: 'exclude' },
      { id: member.id, role: 'user' },
    );
    expect((await app.inject({ url: fresh.url })).statusCode).toBe(200);

    const guest = await app.inject({
      method: 'POST',
      url: '/api/gedcom/export/link/',
      payload: {},
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ detail: 'Кирүү талап кылынат.' });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/gedcom/export/link/',
      headers: member.headers,
      payload: { version: '6.0' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("reads with a role taken away since, and refuses a blocked member's link", async () => {
    const staff = await createTestUser(app, { role: 'admin' });
    const { url } = await makeLink(staff);
    await app.db.execute(sql`update users set role = 'user' where id = ${staff.id}`);
    const demoted = await app.inject({ url });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.body).toContain('Шилтемедеги Тирүү');
    expect(demoted.body).not.toContain('Шилтемедеги Жашыруун Жер');
    await app.db.execute(sql`update users set is_active = false where id = ${staff.id}`);
    const blocked = await app.inject({ url });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ detail: exportLinkMessages.badLink });
  });

  it('is in the OpenAPI document, with the link fields of the export', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    const paths = response.json<{
      paths: Record<
        string,
        Record<string, { parameters?: { name: string }[]; security?: unknown[] }>
      >;
    }>().paths;
    expect(Object.keys(paths['/api/gedcom/export/link/'] ?? {})).toEqual(['post']);
    const names = (paths['/api/gedcom/export/']?.get?.parameters ?? []).map((p) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['version', 'user', 'role', 'expires', 'signature']),
    );
    // The token is optional there: a signed link stands in for it.
    expect(paths['/api/gedcom/export/']?.get?.security).toEqual([{}, { bearer: [] }]);
  });
});
