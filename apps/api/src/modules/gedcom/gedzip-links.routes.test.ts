import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { openPglite, queryRows, type Db } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { restoreBackup } from '../../backup/restore.service';
import { multipartBody, pdfFile, pngFile, zipArchive } from '../files/test/fixtures';
import { gedcomBytes } from './gedcom.factories';
import {
  commitGedcomFile,
  importGedcomFile,
  storedBlobs as storedFiles,
} from './gedcom.test-support';

/**
 * GEDZip media beyond persons, events and sources: a family's and a citation's files, the same
 * archive imported twice, and a replacing import removing the old tree's imported files.
 */

const SLOW = 60_000;
let app: App;
let admin: TestUser;
let member: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedzip-links-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
  member = await createTestUser(app, { role: 'user' });
});

const storedBlobs = () => storedFiles(dataDir).filter((name) => !name.startsWith('tmp/'));

/**
 * A couple whose family (FAM) has a wedding photo, a family of the husband alone with a file, a
 * citation on the husband with a scan, a citation on his birth with a page, and the husband's
 * own primary photo.
 */
const LINES = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Асан /Үсөнов/',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1850',
  '2 SOUR @S1@',
  '3 PAGE 5-бет',
  '3 OBJE',
  '4 FILE scans/page5.pdf',
  '4 TITL Бешинчи бет',
  '1 DEAT Y',
  '1 SOUR @S1@',
  '2 OBJE',
  '3 FILE scans/asan.pdf',
  '1 OBJE',
  '2 FILE photos/asan.png',
  '2 _PRIM Y',
  '1 FAMS @F1@',
  '1 FAMS @F2@',
  '0 @I2@ INDI',
  '1 NAME Айша /Асанова/',
  '1 SEX F',
  '1 DEAT Y',
  '1 FAMS @F1@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 MARR',
  '2 DATE 1870',
  '1 OBJE',
  '2 FILE photos/wedding.png',
  '3 FORM png',
  '3 TITL Той',
  '0 @F2@ FAM',
  '1 HUSB @I1@',
  '1 OBJE',
  '2 FILE scans/asan.pdf',
  '3 TITL Бир жубай',
  '0 @S1@ SOUR',
  '1 TITL Санжыра дептери',
  '0 TRLR',
];
const lineOf = (text: string) => LINES.indexOf(text) + 1;

/** The archive; `tint` makes its media bytes (and blobs) different from another's. */
async function archive(tint = '#336699'): Promise<Buffer> {
  return zipArchive([
    { name: 'gedcom.ged', content: gedcomBytes(LINES) },
    { name: 'photos/asan.png', content: await pngFile(40, 30, tint) },
    { name: 'photos/wedding.png', content: await pngFile(60, 40, tint) },
    { name: 'scans/page5.pdf', content: pdfFile(`page 5 ${tint}`) },
    { name: 'scans/asan.pdf', content: pdfFile(`asan ${tint}`) },
  ]);
}

interface FileRow {
  id: number;
  name: string;
  visibility: string;
  checksum: string;
  thumbnail_checksum: string | null;
  origin: string;
}

const files = (db: Db = app.db) =>
  queryRows<FileRow>(
    db,
    sql`select id, name, visibility, checksum, thumbnail_checksum, origin from files order by id`,
  );

/** Every media link as owner → file, the owner named (a person, or an event's type). */
const links = () =>
  queryRows<{ owner: string; file: string; file_id: number; title: string | null }>(
    app.db,
    sql`select coalesce(p.name, e.type || ' ' || ep.name, s.title) as owner, f.name as file,
          l.file_id, l.title
        from media_links l join files f on f.id = l.file_id
          left join persons p on p.id = l.person_id
          left join events e on e.id = l.event_id left join persons ep on ep.id = e.person_id
          left join sources s on s.id = l.source_id
        order by l.id`,
  );

const count = async (query: ReturnType<typeof sql>, db: Db = app.db) =>
  (await queryRows<{ n: number }>(db, query))[0]?.n ?? -1;

describe("a family's and a citation's media", () => {
  it('are imported and linked to the nearest record that holds media, said with the line', async () => {
    const job = await importGedcomFile(app, admin, dataDir, await archive(), 'tree.gdz');
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.warnings).toEqual(
      expect.arrayContaining([
        {
          line: lineOf('2 FILE photos/wedding.png'),
          record: '@F1@',
          kind: 'mediaMoved',
          message:
            '«photos/wedding.png» медиа файлы үй-бүлөнүн (FAM) жазуусунда турат, сайтта ал жерге ' +
            'медиа байланбайт: файл эки жубайдын тең баракчасына байланды (экспортто ошол жерде жазылат).',
        },
        expect.objectContaining({
          line: lineOf('3 FILE scans/asan.pdf'),
          record: '@I1@',
          kind: 'mediaMoved',
          message: expect.stringContaining('шилтеме турган инсандын баракчасына') as string,
        }),
        {
          line: lineOf('2 FILE scans/asan.pdf'),
          record: '@F2@',
          kind: 'mediaMoved',
          message:
            '«scans/asan.pdf» медиа файлы үй-бүлөнүн (FAM) жазуусунда турат, сайтта ал жерге ' +
            'медиа байланбайт: файл жубайдын баракчасына байланды (экспортто ошол жерде жазылат).',
        },
        expect.objectContaining({
          line: lineOf('4 FILE scans/page5.pdf'),
          record: '@I1@',
          kind: 'mediaMoved',
          message: expect.stringContaining('шилтеме турган окуяга') as string,
        }),
      ]),
    );
    // Every archive file has a link: none is left unimported.
    expect(job.warnings.map((w) => w.kind)).not.toContain('gedzipMedia');

    expect((await files()).map((f) => `${f.name} ${f.origin}`).sort()).toEqual([
      'asan.pdf gedcom',
      'asan.png gedcom',
      'page5.pdf gedcom',
      'wedding.png gedcom',
    ]);
    expect(await links()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ owner: 'Асан Үсөнов', file: 'wedding.png', title: 'Той' }),
        expect.objectContaining({ owner: 'Айша Асанова', file: 'wedding.png', title: 'Той' }),
        expect.objectContaining({ owner: 'Асан Үсөнов', file: 'asan.pdf', title: null }),
        expect.objectContaining({ owner: 'Асан Үсөнов', file: 'asan.pdf', title: 'Бир жубай' }),
        expect.objectContaining({
          owner: 'birth Асан Үсөнов',
          file: 'page5.pdf',
          title: 'Бешинчи бет',
        }),
        expect.objectContaining({ owner: 'Асан Үсөнов', file: 'asan.png' }),
      ]),
    );
    expect(await links()).toHaveLength(6);
    // The links taken are not kept a second time as unknown data of the family or citation.
    const extras = await queryRows<{ extra: unknown }>(
      app.db,
      sql`select extra from unions union all select extra from citations`,
    );
    expect(JSON.stringify(extras)).not.toMatch(/wedding|scans/);
  });

  it('are written back by the export where they are linked', async () => {
    const response = await app.inject({ url: '/api/gedcom/export/', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const text = response.body.replace(/\r\n/g, '\n');
    const [asan, aisha] = await queryRows<{ id: number }>(
      app.db,
      sql`select id from persons order by id`,
    );
    const fileId = async (name: string) => (await files()).find((f) => f.name === name)?.id ?? -1;
    const record = (start: string) => {
      const lines = text.split('\n');
      const from = lines.indexOf(start);
      const to = lines.findIndex((l, i) => i > from && l.startsWith('0 '));
      return lines.slice(from, to).join('\n');
    };
    const url = (id: number) => `/api/files/${id}/download/`;
    const wedding = await fileId('wedding.png');
    for (const person of [asan, aisha]) {
      expect(record(`0 @I${person?.id}@ INDI`)).toMatch(
        new RegExp(`1 OBJE\\n2 FILE \\S*${url(wedding)}\\n3 FORM png\\n3 TITL Той`),
      );
    }
    const asanRecord = record(`0 @I${asan?.id}@ INDI`);
    expect(asanRecord).toContain(url(await fileId('asan.pdf')));
    // The page's scan under the birth event, before the next level-1 line.
    const birth = /\n1 BIRT\n(?:[2-9].*\n)*/.exec(asanRecord)?.[0] ?? '';
    expect(birth).toMatch(
      new RegExp(`2 OBJE\\n3 FILE \\S*${url(await fileId('page5.pdf'))}\\n4 FORM pdf`),
    );
  });
});

describe('the same archive imported twice', () => {
  it(
    'reuses the files already stored (same name and bytes) instead of storing them again',
    async () => {
      const before = await files();
      const blobs = storedBlobs();
      const linksBefore = await links();
      const job = await importGedcomFile(app, admin, dataDir, await archive(), 'tree.gdz');
      expect(job.status, job.error ?? '').toBe('done');
      expect(await files()).toEqual(before);
      expect(storedBlobs()).toEqual(blobs);
      // The new tree's links point at the same files.
      const after = await links();
      expect(after).toHaveLength(linksBefore.length * 2);
      expect(new Set(after.map((l) => l.file_id))).toEqual(
        new Set(linksBefore.map((l) => l.file_id)),
      );
      const photos = await queryRows<{ photo_file_id: number | null }>(
        app.db,
        sql`select photo_file_id from persons where name = 'Асан Үсөнов' order by id`,
      );
      const photo = before.find((f) => f.name === 'asan.png');
      expect(photos).toEqual([{ photo_file_id: photo?.id }, { photo_file_id: photo?.id }]);
    },
    SLOW,
  );

  it(
    "stores its own copy when the file it would reuse is another user's and members only " +
      'but must be public (a primary photo)',
    async () => {
      const content = await pngFile(40, 30, '#aa5500');
      const upload = multipartBody([
        { name: 'file', filename: 'asan.png', value: content, contentType: 'image/png' },
      ]);
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/files/',
        headers: { ...upload.headers, ...member.headers },
        payload: upload.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const memberFile = uploaded.json<{ id: number; visibility: string }>();
      expect(memberFile.visibility).toBe('members');
      const job = await importGedcomFile(app, admin, dataDir, await archive('#aa5500'), 'b.gdz');
      expect(job.status, job.error ?? '').toBe('done');
      const [photo] = await queryRows<{ id: number; visibility: string; owner_id: number }>(
        app.db,
        sql`select f.id, f.visibility, f.owner_id from persons p join files f
            on f.id = p.photo_file_id order by p.id desc limit 1`,
      );
      expect(photo).toMatchObject({ visibility: 'public', owner_id: admin.id });
      expect(photo?.id).not.toBe(memberFile.id);
      const [still] = await files().then((rows) => rows.filter((f) => f.id === memberFile.id));
      expect(still?.visibility).toBe('members');
    },
    SLOW,
  );
});

describe('replacing the tree', () => {
  it(
    "removes the old tree's imported files and their blobs after the commit, keeps uploads, " +
      'and the backup holds what it removed',
    async () => {
      const upload = multipartBody([
        {
          name: 'file',
          filename: 'own.pdf',
          value: pdfFile('own'),
          contentType: 'application/pdf',
        },
      ]);
      const uploaded = await app.inject({
        method: 'POST',
        url: '/api/files/',
        headers: { ...upload.headers, ...admin.headers },
        payload: upload.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const own = uploaded.json<{ id: number; checksum: string }>();
      const old = (await files()).filter((f) => f.origin === 'gedcom');
      expect(old.length).toBeGreaterThan(0);

      const job = await commitGedcomFile(
        app,
        admin,
        await archive('#22aa44'),
        'replace',
        'tree.gdz',
      );
      expect(job).toMatchObject({ status: 'done', mode: 'replace' });
      const now = await files();
      // The new tree's files and the uploads (this one, the member's earlier); none of the old
      // imported ones.
      expect(
        now
          .filter((f) => f.origin === 'gedcom')
          .map((f) => f.name)
          .sort(),
      ).toEqual(['asan.pdf', 'asan.png', 'page5.pdf', 'wedding.png']);
      expect(
        now
          .filter((f) => f.origin === 'upload')
          .map((f) => f.name)
          .sort(),
      ).toEqual(['asan.png', 'own.pdf']);
      for (const f of old) expect(now.map((n) => n.id)).not.toContain(f.id);
      const blobs = storedBlobs();
      expect(blobs).toContain(own.checksum);
      // Gone unless a remaining row names the same bytes (the member's upload of a photo).
      const named = new Set(now.flatMap((f) => [f.checksum, f.thumbnail_checksum]));
      const removed = old
        .flatMap((f) => [f.checksum, f.thumbnail_checksum ?? ''])
        .filter((key) => key !== '' && !named.has(key));
      expect(removed.length).toBeGreaterThanOrEqual(6);
      for (const key of removed) expect(blobs).not.toContain(key);
      for (const f of now) expect(blobs).toContain(f.checksum);
      expect(await count(sql`select count(*)::int as n from media_links`)).toBe(6);

      // Recoverable: the backup made first has the old files' rows and blobs.
      const backup = join(dataDir, 'backups', job.backup_name ?? '-');
      const target = { databaseUrl: undefined, dataDir: mkdtempSync(join(dataDir, 'restore-')) };
      await restoreBackup(backup, target);
      const restored = await openPglite({ dataDir: join(target.dataDir, 'pglite') });
      try {
        const restoredFiles = await files(restored.db);
        for (const f of old) expect(restoredFiles.map((r) => r.id)).toContain(f.id);
        const restoredBlobs = storedFiles(target.dataDir);
        for (const f of old) expect(restoredBlobs).toContain(f.checksum);
      } finally {
        await restored.close();
      }
      expect(existsSync(backup)).toBe(true);
    },
    SLOW,
  );

  it(
    'keeps an old imported file that something else still uses (a news cover)',
    async () => {
      const [cover] = (await files()).filter((f) => f.name === 'wedding.png');
      await app.db.execute(sql`update files set visibility = 'public' where id = ${cover?.id}`);
      const post = await app.inject({
        method: 'POST',
        url: '/api/news/',
        headers: admin.headers,
        payload: { title: 'Той', body: '<p>Тойдун сүрөтү</p>', cover_file_id: cover?.id },
      });
      expect(post.statusCode, post.body).toBe(201);
      const job = await commitGedcomFile(
        app,
        admin,
        await archive('#7711aa'),
        'replace',
        'tree.gdz',
      );
      expect(job.status, job.error ?? '').toBe('done');
      const ids = (await files()).map((f) => f.id);
      expect(ids).toContain(cover?.id);
      expect(storedBlobs()).toContain(cover?.checksum);
    },
    SLOW,
  );
});
