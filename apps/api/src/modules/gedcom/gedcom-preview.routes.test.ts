import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  gedcomMessages,
  gedcomWarnings,
  type GedcomJob,
  type GedcomJobPage,
  type GedcomWarning,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { openPglite, queryRows, type Db } from '../../db/client';
import { errorMessages } from '../../lib/http-errors';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { restoreBackup } from '../../backup/restore.service';
import { addLine, addPerson } from '../persons/persons.factories';
import {
  multipart,
  postGedcomPreview,
  previewGedcomFile,
  uploadCopies,
} from './gedcom.test-support';

/**
 * Preview before import, add or replace, the same file twice, history (docs/genealogy.md,
 * GEDCOM).
 */

const SLOW = 60_000;
let app: App;
let admin: TestUser;
let moderator: TestUser;
let otherModerator: TestUser;
let member: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-preview-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
  moderator = await createTestUser(app, { role: 'moderator' });
  otherModerator = await createTestUser(app, { role: 'moderator' });
  member = await createTestUser(app, { role: 'user' });
});

const gedcom = (...lines: string[]) =>
  ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', ...lines, '0 TRLR', ''].join('\n');

/** Three persons in a family, with events, a source, places, notes, media and a dangling FAMS. */
const FAMILY = gedcom(
  '0 @I1@ INDI', //          line 5
  '1 NAME Төлөк /Бакаев/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1820',
  '2 PLAC Талас',
  '1 DEAT',
  '2 DATE 1890',
  '2 PLAC Кара-Буура',
  '1 FAMS @F1@',
  '1 FAMS @F9@', //          line 15: dangling
  '0 @I2@ INDI',
  '1 NAME Айша',
  '1 SEX F',
  '1 NOTE Жакшы адам эле.',
  '1 FAMS @F1@',
  '0 @I3@ INDI',
  '1 NAME Асан /Төлөков/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1850',
  '2 PLAC Талас',
  '1 RESI',
  '2 DATE кечээ', //           line 28: not a date
  '1 OBJE',
  '2 FILE photo.jpg',
  '1 SOUR @S1@',
  '1 FAMC @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @I3@',
  '1 MARR',
  '2 DATE 1845',
  '0 @S1@ SOUR',
  '1 TITL Санжыра дептери',
  '0 @N1@ NOTE Бөлүшүлгөн эскертме',
);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const count = async (query: ReturnType<typeof sql>, db: Db = app.db) =>
  (await queryRows<{ n: number }>(db, query))[0]?.n ?? -1;
const previewDirs = () => {
  const dir = join(dataDir, 'tmp', 'gedcom-previews');
  return existsSync(dir) ? readdirSync(dir) : [];
};

const postPreview = (user: TestUser, content: string, fileName?: string) =>
  postGedcomPreview(app, user, content, fileName);
const preview = (user: TestUser, content: string, fileName?: string) =>
  previewGedcomFile(app, user, content, fileName);

const commit = (user: TestUser, id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/gedcom/previews/${id}/commit/`,
    headers: user.headers,
    payload,
  });

async function finished(user: TestUser, id: string): Promise<GedcomJob> {
  for (let i = 0; i < 600; i++) {
    const job = (
      await app.inject({ url: `/api/gedcom/jobs/${id}/`, headers: user.headers })
    ).json<GedcomJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await sleep(50);
  }
  throw new Error('the import did not finish');
}

async function commitAndWait(user: TestUser, id: string, payload: object): Promise<GedcomJob> {
  const response = await commit(user, id, payload);
  expect(response.statusCode, response.body).toBe(202);
  return finished(user, response.json<{ job_id: string }>().job_id);
}

const personNames = async () =>
  (await queryRows<{ name: string }>(app.db, sql`select name from persons order by name`)).map(
    (row) => row.name,
  );

describe('POST /api/gedcom/previews/', () => {
  it('counts, reads the encoding and lists the warnings without writing anything', async () => {
    const persons = await count(sql`select count(*)::int as n from persons`);
    const jobs = await count(sql`select count(*)::int as n from gedcom_jobs`);
    const result = await preview(moderator, FAMILY, 'family.ged');
    expect(result).toMatchObject({
      file_name: 'family.ged',
      file_size: Buffer.byteLength(FAMILY),
      version: '5.5.1',
      encoding: 'UTF-8',
      refusal: null,
      counts: {
        individuals: 3,
        families: 1,
        // BIRT, DEAT, BIRT, RESI and the family's MARR.
        events: 5,
        sources: 1,
        places: 2,
        // The inline note of @I2@ and the shared @N1@.
        notes: 2,
        media: 1,
      },
      look_alikes: { count: 0, examples: [] },
      same_file: null,
    });
    expect(result.file_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(result.encoding_reason).toBeTruthy();
    expect(result.warnings.map(({ line, record }) => ({ line, record }))).toEqual([
      { line: 15, record: '@I1@' },
      { line: 28, record: '@I3@' },
    ]);
    expect(result.warnings[0]?.message).toContain('@F9@');
    expect(result.warnings[1]?.message).toContain('кечээ');
    expect(result.warnings_total).toBe(2);
    expect(Date.parse(result.expires_at) - Date.parse(result.created_at)).toBe(24 * 3600 * 1000);

    expect(await count(sql`select count(*)::int as n from persons`)).toBe(persons);
    expect(await count(sql`select count(*)::int as n from gedcom_jobs`)).toBe(jobs);
    expect(previewDirs()).toContain(result.id);

    // Its creator and admins may read it again; another moderator may not.
    const again = await app.inject({
      url: `/api/gedcom/previews/${result.id}/`,
      headers: moderator.headers,
    });
    expect(again.json()).toEqual(result);
    const byAdmin = await app.inject({
      url: `/api/gedcom/previews/${result.id}/`,
      headers: admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    const other = await app.inject({
      url: `/api/gedcom/previews/${result.id}/`,
      headers: otherModerator.headers,
    });
    expect(other.statusCode).toBe(403);
    expect((await commit(otherModerator, result.id, { mode: 'add' })).statusCode).toBe(403);

    const dropped = await app.inject({
      method: 'DELETE',
      url: `/api/gedcom/previews/${result.id}/`,
      headers: moderator.headers,
    });
    expect(dropped.statusCode).toBe(204);
    expect(previewDirs()).not.toContain(result.id);
  });

  it('warns of sources, notes and repositories pointed at but missing, as the import does', async () => {
    const file = gedcom(
      '0 @I1@ INDI', //     line 5
      '1 NAME Бектемир',
      '1 BIRT',
      '2 SOUR @S9@', //     line 8: no such source
      '1 NOTE @N9@', //     line 9: no such note
      '1 SOUR @S1@',
      '0 @S1@ SOUR', //     line 11
      '1 TITL Дептер',
      '1 REPO @R9@', //     line 13: no such repository
    );
    const result = await preview(moderator, file);
    expect(result.warnings.map(({ line, record }) => ({ line, record }))).toEqual([
      { line: 8, record: '@I1@' },
      { line: 9, record: '@I1@' },
      { line: 13, record: '@S1@' },
    ]);
    expect(result.warnings.map((warning) => warning.message)).toEqual([
      expect.stringContaining('@S9@'),
      expect.stringContaining('@N9@'),
      expect.stringContaining('@R9@'),
    ]);
  });

  /** The warnings of `kinds` that a preview of `file` lists, and those its import then gives. */
  async function warningsOfKinds(file: string, kinds: string[]) {
    const ofKinds = (warnings: GedcomWarning[]) =>
      warnings.filter((warning) => kinds.includes(warning.kind ?? ''));
    const result = await preview(moderator, file);
    const job = await commitAndWait(moderator, result.id, { mode: 'add' });
    expect(job.status, job.error ?? '').toBe('done');
    return { previewed: ofKinds(result.warnings), imported: ofKinds(job.warnings), result, job };
  }

  it('warns of kept pointers to no record, missing records and what a family without a couple drops, as the import does', async () => {
    const file = gedcom(
      '0 @R1@ REPO', //       line 5
      '1 NAME Архив',
      '0 @I1@ INDI',
      '1 NAME Калыс',
      '1 SEX M',
      '1 XTAG өзүнүкү', //    line 10: kept
      '1 _WITN @R1@', //      line 11: a repository is no record of the tree
      '1 ASSO @I99@', //      line 12: no such person
      '2 RELA Күбө',
      '1 FAMS @F1@',
      '1 FAMS @F2@',
      '0 @I2@ INDI',
      '1 NAME Жубайы',
      '1 SEX F',
      '1 FAMS @F1@',
      '0 @I3@ INDI',
      '1 NAME Жетим',
      '1 FAMC @F3@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 WIFE @I2@',
      '1 _LINK @F3@', //      line 26: a family without parents
      '1 XTAG жубайлар', //   line 27: kept
      '0 @F2@ FAM',
      '1 HUSB @I1@',
      '1 XTAG жалгыз', //     line 30: dropped
      '1 _UID f2', //         line 31: dropped
      '1 MARR',
      '2 _WITN @I99@', //     line 33: the spouse's event keeps it
      '0 @F3@ FAM',
      '1 CHIL @I3@',
      '1 MARR', //            line 36: dropped
      '2 XTAG эч кимдики',
      '0 @S1@ SOUR',
      '1 TITL Дептер',
      '1 _SUBJ Калыс',
      '2 SOUR @S9@', //       line 41: kept data's, no such source
      '1 REPO @R9@', //       line 42: no such repository
    );
    const { previewed, imported, result, job } = await warningsOfKinds(file, [
      'keptPointer',
      'familyDataDropped',
      'unknownTag',
      'dangling',
    ]);
    expect(imported.map((w) => [w.line, w.kind])).toEqual([
      [10, 'unknownTag'],
      [11, 'keptPointer'],
      [12, 'keptPointer'],
      [26, 'keptPointer'],
      [30, 'familyDataDropped'],
      [31, 'familyDataDropped'],
      [36, 'familyDataDropped'],
      [41, 'keptPointer'],
      [42, 'dangling'],
    ]);
    expect(previewed).toEqual(imported);
    expect(result.warnings_total).toBe(job.warnings_total);
  });

  it('warns of dates written another way and of dates it cannot read, a source’s too, as the import does', async () => {
    const file = gedcom(
      '0 @S1@ SOUR', //          line 5
      '1 TITL Метрика',
      '1 DATA',
      '2 EVEN BIRT',
      '3 DATE кечээ', //         line 9: the date the source tells of is no date
      '0 @I1@ INDI',
      '1 NAME Асан',
      '1 BIRT',
      '2 DATE 12.03.1925', //    line 13: read as 12 MAR 1925
      '2 SOUR @S1@',
      '1 DEAT',
      '2 DATE около 1990', //    line 16: read as ABT 1990
    );
    const { previewed, imported } = await warningsOfKinds(file, ['date', 'dateRead']);
    expect(imported.map((w) => [w.line, w.kind, w.message])).toEqual([
      [9, 'date', gedcomWarnings.date('кечээ')],
      [13, 'dateRead', gedcomWarnings.dateRead(2, '13, 16', '12.03.1925', '12 MAR 1925')],
    ]);
    expect(previewed).toEqual(imported);
  });

  it('shows the refusal a file would get, naming the line, and does not import it', async () => {
    const truncated = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '0 @I1@ INDI', '1 NAME Асан'].join('\n');
    const result = await preview(moderator, truncated);
    expect(result.refusal).toBe(gedcomMessages.truncated(5));
    expect(result.counts).toBeNull();
    const refused = await commit(moderator, result.id, { mode: 'add' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: gedcomMessages.truncated(5) });

    const cycle = gedcom(
      '0 @I1@ INDI',
      '1 NAME Асан',
      '1 FAMC @F1@',
      '1 FAMS @F2@',
      '0 @I2@ INDI',
      '1 NAME Үсөн',
      '1 FAMC @F2@',
      '1 FAMS @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I2@',
      '1 CHIL @I1@',
      '0 @F2@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
    );
    expect((await preview(moderator, cycle)).refusal).toMatch(/^Инсан өзүнүн ата-бабасы/);
    const png = '\x89PNG\r\n\x1a\n' + 'x'.repeat(64);
    expect((await preview(moderator, png)).refusal).toMatch(/^Бул GEDCOM файлы эмес/);
  });

  it('counts the persons that look like persons already in the tree', async () => {
    const [, known] = await addLine(app, admin, ['Жунус', 'Качкынбай']);
    await addPerson(app, admin, { name: 'Качкынбай', birth_year: 1700 }); // no father: unlike
    const file = gedcom(
      '0 @I1@ INDI',
      '1 NAME Жүнүс', // folds like «Жунус»
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Качкынбай',
      '1 BIRT',
      '2 DATE 1790',
      '1 FAMC @F1@',
      '0 @I3@ INDI',
      '1 NAME Бердике',
      '1 FAMC @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
      '1 CHIL @I3@',
    );
    const result = await preview(moderator, file);
    expect(result.look_alikes).toEqual({
      count: 1,
      examples: [
        {
          xref: '@I2@',
          line: 8,
          name: 'Качкынбай',
          birth_year: 1790,
          person_id: known?.id,
          person_name: 'Качкынбай',
          person_birth_year: null,
        },
      ],
    });

    // A birth year on both sides must agree.
    await app.db.execute(sql`update persons set birth_year = 1800 where id = ${known?.id}`);
    expect((await preview(moderator, file)).look_alikes.count).toBe(0);
  });

  it('is for moderators and admins', async () => {
    expect((await postPreview(member, FAMILY)).statusCode).toBe(403);
    const body = multipart(FAMILY);
    const guest = await app.inject({ method: 'POST', url: '/api/gedcom/previews/', ...body });
    expect(guest.statusCode).toBe(401);
  });

  it(
    'asks before importing the same file again: 409, then imported once confirmed',
    async () => {
      const file = gedcom('0 @I1@ INDI', '1 NAME Сарыбагыш /Тестов/');
      const first = await preview(moderator, file, 'once.ged');
      const job = await commitAndWait(moderator, first.id, { mode: 'add' });
      expect(job).toMatchObject({
        status: 'done',
        mode: 'add',
        file_name: 'once.ged',
        file_sha256: first.file_sha256,
        backup_name: null,
        persons_created: 1,
        created_by: { id: moderator.id, username: moderator.username },
      });
      // Committed: the preview and its file are gone, the job's copy too.
      expect(previewDirs()).not.toContain(first.id);
      const gone = await app.inject({
        url: `/api/gedcom/previews/${first.id}/`,
        headers: moderator.headers,
      });
      expect(gone.statusCode).toBe(404);

      const second = await preview(otherModerator, file, 'twice.ged');
      expect(second.same_file).toMatchObject({
        job_id: job.id,
        imported_by: { id: moderator.id, username: moderator.username },
        mode: 'add',
      });
      const asked = await commit(otherModerator, second.id, { mode: 'add' });
      expect(asked.statusCode).toBe(409);
      expect(asked.json<{ detail: string }>().detail).toMatch(/^Бул файл .* импорттолгон/);
      // Nothing happened: the preview is still there to confirm.
      const confirmed = await commitAndWait(otherModerator, second.id, {
        mode: 'add',
        confirm_same_file: true,
      });
      expect(confirmed).toMatchObject({ status: 'done', persons_created: 1 });
      const names = await personNames();
      expect(names.filter((name) => name === 'Сарыбагыш Тестов')).toHaveLength(2);
      for (let i = 0; i < 40 && uploadCopies(dataDir).length > 0; i++) await sleep(25);
      expect(uploadCopies(dataDir)).toEqual([]);
    },
    SLOW,
  );

  it('removes expired previews and their files, and files without a preview', async () => {
    const old = await preview(moderator, FAMILY);
    await app.db.execute(
      sql`update gedcom_previews set expires_at = now() - interval '1 second' where id = ${old.id}::uuid`,
    );
    const orphan = join(dataDir, 'tmp', 'gedcom-previews', '00000000-0000-4000-8000-00000000000a');
    mkdirSync(orphan, { recursive: true });
    expect(previewDirs()).toContain(old.id);
    // Each new preview sweeps first (every process also sweeps every few minutes).
    const fresh = await preview(moderator, FAMILY);
    expect(previewDirs()).not.toContain(old.id);
    expect(existsSync(orphan)).toBe(false);
    expect(previewDirs()).toContain(fresh.id);
    const expired = await app.inject({
      url: `/api/gedcom/previews/${old.id}/`,
      headers: moderator.headers,
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toEqual({ detail: errorMessages.notFound });
    expect((await commit(moderator, old.id, { mode: 'add' })).statusCode).toBe(404);
  });
});

describe('GET /api/gedcom/jobs/', () => {
  it('lists the imports newest first, with who, file, mode, counts and status', async () => {
    const file = gedcom('0 @I1@ INDI', '1 NAME Мамбет', '1 FAMS @F7@');
    const committed = await preview(admin, file, 'history.ged');
    const job = await commitAndWait(admin, committed.id, { mode: 'add' });
    const response = await app.inject({
      url: '/api/gedcom/jobs/?page_size=2',
      headers: moderator.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<GedcomJobPage>();
    expect(page.count).toBeGreaterThanOrEqual(3);
    expect(page.next).toContain('page=2');
    expect(page.results).toHaveLength(2);
    expect(page.results[0]).toMatchObject({
      id: job.id,
      status: 'done',
      mode: 'add',
      file_name: 'history.ged',
      created_by: { id: admin.id, username: admin.username },
      persons_created: 1,
      warnings_total: 1,
      counts: { individuals: 1, families: 0 },
    });
    expect(page.results[0]).not.toHaveProperty('warnings');
    const times = page.results.map((j) => Date.parse(j.created_at));
    expect(times[0]).toBeGreaterThanOrEqual(times[1] ?? Infinity);
    const refused = await app.inject({ url: '/api/gedcom/jobs/', headers: member.headers });
    expect(refused.statusCode).toBe(403);
  });
});

describe('replace mode', () => {
  const NEW_TREE = gedcom(
    '0 @I1@ INDI',
    '1 NAME Жаңы /Ата/',
    '1 FAMS @F1@',
    '0 @I2@ INDI',
    '1 NAME Жаңы /Бала/',
    '1 FAMC @F1@',
    '0 @F1@ FAM',
    '1 HUSB @I1@',
    '1 CHIL @I2@',
  );

  it('is for admins only: a moderator gets 403 and the preview stays', async () => {
    const result = await preview(moderator, NEW_TREE);
    const refused = await commit(moderator, result.id, { mode: 'replace' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: gedcomMessages.replaceAdminOnly });
    const still = await app.inject({
      url: `/api/gedcom/previews/${result.id}/`,
      headers: moderator.headers,
    });
    expect(still.statusCode).toBe(200);
  });

  it(
    'leaves the old tree intact when the import fails after deleting it',
    async () => {
      await addLine(app, admin, ['Калган', 'Калгандын уулу']);
      const before = await personNames();
      const clans = await count(sql`select count(*)::int as n from clans`);
      // A failure inside the final transaction, after the old tree's rows are deleted.
      await app.db.execute(sql`create function gedcom_test_fail() returns trigger
        language plpgsql as $$ begin raise exception 'test failure after the delete'; end $$`);
      await app.db.execute(sql`create trigger gedcom_test_fail before insert on persons
        for each row when (new.name = 'Жаңы Бала') execute function gedcom_test_fail()`);
      try {
        const result = await preview(admin, NEW_TREE);
        const job = await commitAndWait(admin, result.id, { mode: 'replace' });
        expect(job.status).toBe('failed');
        expect(job.backup_name).toMatch(/\.tar\.gz$/);
      } finally {
        await app.db.execute(sql`drop trigger gedcom_test_fail on persons`);
        await app.db.execute(sql`drop function gedcom_test_fail()`);
      }
      expect(await personNames()).toEqual(before);
      expect(await count(sql`select count(*)::int as n from clans`)).toBe(clans);
    },
    SLOW,
  );

  it(
    'backs the site up, then replaces the tree; the backup restores the old tree',
    async () => {
      const [founder] = await addLine(app, admin, ['Эски', 'Эскинин уулу']);
      const clan = await app.inject({
        method: 'POST',
        url: '/api/clans/',
        headers: admin.headers,
        payload: { name: 'Эски уруу', founder_id: founder?.id },
      });
      expect(clan.statusCode, clan.body).toBe(201);
      const before = await personNames();
      const revisions = await count(
        sql`select count(*)::int as n from proposals where kind = 'person'`,
      );

      const result = await preview(admin, NEW_TREE, 'new-tree.ged');
      const job = await commitAndWait(admin, result.id, { mode: 'replace' });
      expect(job).toMatchObject({ status: 'done', mode: 'replace', persons_created: 2 });
      expect(await personNames()).toEqual(['Жаңы Ата', 'Жаңы Бала']);
      expect(await count(sql`select count(*)::int as n from clans`)).toBe(0);
      // The history of the old tree stays.
      expect(await count(sql`select count(*)::int as n from proposals where kind = 'person'`)).toBe(
        revisions,
      );

      const backup = join(dataDir, 'backups', job.backup_name ?? '-');
      expect(job.backup_name).toMatch(/^bagysh-backup-.*\.tar\.gz$/);
      expect(existsSync(backup)).toBe(true);
      const target = { databaseUrl: undefined, dataDir: mkdtempSync(join(dataDir, 'restore-')) };
      await restoreBackup(backup, target);
      const restored = await openPglite({ dataDir: join(target.dataDir, 'pglite') });
      try {
        const names = await queryRows<{ name: string }>(
          restored.db,
          sql`select name from persons order by name`,
        );
        expect(names.map((row) => row.name)).toEqual(before);
        expect(await count(sql`select count(*)::int as n from clans`, restored.db)).toBe(1);
      } finally {
        await restored.close();
      }
    },
    SLOW,
  );
});
