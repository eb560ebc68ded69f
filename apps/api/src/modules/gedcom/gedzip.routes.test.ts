import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { exeFile, pdfFile, pngFile, zipArchive } from '../files/test/fixtures';
import { gedcomBytes } from './gedcom.factories';
import {
  importGedcomFile,
  previewGedcomFile,
  storedBlobs as storedFiles,
} from './gedcom.test-support';

let app: App;
let moderator: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedzip-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir, uploadMaxBytes: 64 * 1024 });
  moderator = await createTestUser(app, { role: 'moderator' });
});

/** Blobs in the file storage (content-addressed), without the staged copies. */
const storedBlobs = () => storedFiles(dataDir).filter((name) => !name.startsWith('tmp/'));

/** Temporary files of the file storage (staged, never stored). */
function temporaryFiles(): string[] {
  const dir = join(dataDir, 'files', 'tmp');
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * A GEDCOM 5.5.1 file naming media: a dead man's primary photo (inline, its path
 * percent-escaped), a PDF on his birth through an OBJE record, a source's scan, a living
 * woman's primary photo, a file the archive lacks and a program the Files feature refuses.
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
  '2 OBJE @O1@',
  '1 DEAT Y',
  '1 OBJE',
  '2 FILE photos/asan%20bay.png',
  '3 FORM png',
  '3 TITL Асан бай',
  '2 _PRIM Y',
  '1 OBJE',
  '2 FILE photos/missing.jpg',
  '3 FORM jpg',
  '1 SOUR @S1@',
  '0 @I2@ INDI',
  '1 NAME Айша /Асанова/',
  '1 SEX F',
  '1 _LIVING Y',
  '1 OBJE',
  '2 FILE photos\\aisha.png',
  '3 FORM png',
  '2 _PRIM Y',
  '1 OBJE',
  '2 FILE tools/setup.exe',
  '0 @O1@ OBJE',
  '1 FILE docs/birth.pdf',
  '2 FORM pdf',
  '2 TITL Туулгандыгы тууралуу күбөлүк',
  '0 @S1@ SOUR',
  '1 TITL Санжыра дептери',
  '1 OBJE',
  '2 FILE photos/asan%20bay.png',
  '3 TITL Дептердин бети',
  '0 TRLR',
];
const lineOf = (text: string) => LINES.indexOf(text) + 1;

/** The archive; `tint` makes its media bytes (and blobs) different from another's. */
async function archive(tint = '#336699'): Promise<Buffer> {
  return zipArchive([
    { name: 'gedcom.ged', content: gedcomBytes(LINES) },
    { name: 'photos/asan bay.png', content: await pngFile(40, 30, tint) },
    { name: 'photos/aisha.png', content: await pngFile(20, 20, tint) },
    { name: 'docs/birth.pdf', content: pdfFile(`birth ${tint}`) },
    { name: 'tools/setup.exe', content: exeFile() },
    { name: 'extra/unused.txt', content: 'эч ким шилтебейт' },
  ]);
}

interface FileRow {
  id: number;
  name: string;
  kind: string;
  mime_type: string;
  visibility: string;
  owner_id: number;
  checksum: string;
}

const files = () =>
  queryRows<FileRow>(
    app.db,
    sql`select id, name, kind, mime_type, visibility, owner_id, checksum from files order by id`,
  );

describe('GEDZip import: the media become files', () => {
  it('previews the media it will import, writing nothing', async () => {
    const preview = await previewGedcomFile(app, moderator, await archive(), 'tree.gdz');
    expect(preview.refusal).toBeNull();
    // The photo, the living woman's photo and the PDF; not the missing file nor the program.
    expect(preview.counts).toMatchObject({ individuals: 2, media_files: 3 });
    expect(preview.warnings.map((w) => w.kind)).toEqual(
      expect.arrayContaining(['mediaMissing', 'mediaRefused', 'gedzipMedia']),
    );
    expect(await files()).toEqual([]);
    expect(storedBlobs()).toEqual([]);
    expect(temporaryFiles()).toEqual([]);
  });

  it('stores the linked files, links them, keeps the primary photo, warns with lines', async () => {
    const job = await importGedcomFile(app, moderator, dataDir, await archive(), 'tree.gdz');
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.warnings).toEqual(
      expect.arrayContaining([
        {
          line: lineOf('2 FILE photos/missing.jpg'),
          record: '@I1@',
          kind: 'mediaMissing',
          message:
            '«photos/missing.jpg» медиа файлы GEDZip архивинде жок: шилтеме эске алынган жок.',
        },
        {
          line: lineOf('2 FILE tools/setup.exe'),
          record: '@I2@',
          kind: 'mediaRefused',
          message:
            '«tools/setup.exe» медиа файлы кабыл алынган жок: Бул түрдөгү файл кабыл алынбайт. ' +
            'Сүрөт, PDF, офис документи, аудио, видео же текст файлын жүктөңүз. Шилтеме эске алынган жок.',
        },
        expect.objectContaining({
          line: lineOf('0 @I2@ INDI'),
          record: '@I2@',
          kind: 'livingPhoto',
        }),
        expect.objectContaining({
          line: null,
          kind: 'gedzipMedia',
          message:
            'GEDZip архивиндеги 1 файлга эч бир медиа шилтемеси (OBJE/FILE) жок: алар импорттолгон жок.',
        }),
      ]),
    );

    const stored = await files();
    expect(stored).toEqual([
      expect.objectContaining({
        name: 'asan bay.png',
        kind: 'image',
        visibility: 'public',
        owner_id: moderator.id,
      }),
      expect.objectContaining({ name: 'aisha.png', kind: 'image', visibility: 'members' }),
      expect.objectContaining({
        name: 'birth.pdf',
        kind: 'pdf',
        mime_type: 'application/pdf',
        visibility: 'members',
      }),
    ]);
    // Real files on disk, under their checksum, with thumbnails of the images.
    for (const file of stored) expect(storedBlobs()).toContain(file.checksum);
    expect(storedBlobs()).toHaveLength(5);
    expect(temporaryFiles()).toEqual([]);
    const [photo, aisha, pdf] = stored;

    const persons = await queryRows<{ id: number; name: string; photo_file_id: number | null }>(
      app.db,
      sql`select id, name, photo_file_id from persons order by id`,
    );
    expect(persons).toEqual([
      expect.objectContaining({ name: 'Асан Үсөнов', photo_file_id: photo?.id }),
      expect.objectContaining({ name: 'Айша Асанова', photo_file_id: null }),
    ]);
    const links = await queryRows<{ owner: string; file: string; title: string | null }>(
      app.db,
      sql`select coalesce(p.name, e.type, s.title) as owner, f.name as file, l.title
          from media_links l join files f on f.id = l.file_id
            left join persons p on p.id = l.person_id left join events e on e.id = l.event_id
            left join sources s on s.id = l.source_id
          order by l.id`,
    );
    expect(links).toEqual(
      expect.arrayContaining([
        { owner: 'Асан Үсөнов', file: 'asan bay.png', title: 'Асан бай' },
        { owner: 'birth', file: 'birth.pdf', title: 'Туулгандыгы тууралуу күбөлүк' },
        { owner: 'Санжыра дептери', file: 'asan bay.png', title: 'Дептердин бети' },
        { owner: 'Айша Асанова', file: 'aisha.png', title: null },
      ]),
    );
    expect(links).toHaveLength(4);

    // Guests see the dead man's photo; the living woman's and the PDF are members only.
    const guest = (id: number | undefined) =>
      app.inject({ url: `/api/files/${id}/download/` }).then((r) => r.statusCode);
    expect(await guest(photo?.id)).toBe(200);
    expect(await guest(aisha?.id)).toBe(404);
    expect(await guest(pdf?.id)).toBe(404);
    const person = await app.inject({ url: `/api/persons/${persons[0]?.id}/` });
    expect(person.json<{ photo_file_id: number | null }>().photo_file_id).toBe(photo?.id);

    // The unresolved links stay on their record (written back on export), not lost.
    const [asan] = await queryRows<{ extra: unknown }>(
      app.db,
      sql`select extra from persons where name = 'Асан Үсөнов'`,
    );
    expect(JSON.stringify(asan?.extra)).toContain('photos/missing.jpg');
  });

  it('keeps for members the photo of a dateless man the family rule finds living', async () => {
    // No dates of his own: only his son, born in 1995, makes him living (docs/genealogy.md).
    const lines = [
      '0 HEAD',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Бакыт /Жолдошев/',
      '1 SEX M',
      '1 OBJE',
      '2 FILE photos/bakyt.png',
      '2 _PRIM Y',
      '1 FAMS @F1@',
      '0 @I2@ INDI',
      '1 NAME Нурлан /Бакытов/',
      '1 SEX M',
      '1 BIRT',
      '2 DATE 1995',
      '1 FAMC @F1@',
      '0 @F1@ FAM',
      '1 HUSB @I1@',
      '1 CHIL @I2@',
      '0 TRLR',
    ];
    const content = zipArchive([
      { name: 'gedcom.ged', content: gedcomBytes(lines) },
      { name: 'photos/bakyt.png', content: await pngFile(24, 24, '#228844') },
    ]);
    const job = await importGedcomFile(app, moderator, dataDir, content, 'family.gdz');
    expect(job.status, job.error ?? '').toBe('done');
    const [bakyt] = await queryRows<{
      id: number;
      photo_file_id: number;
      presumed_living: boolean;
    }>(
      app.db,
      sql`select id, photo_file_id, presumed_living from persons where name = 'Бакыт Жолдошев'`,
    );
    expect(bakyt?.presumed_living).toBe(true);
    const download = (headers = {}) =>
      app
        .inject({ url: `/api/files/${bakyt?.photo_file_id}/download/`, headers })
        .then((r) => r.statusCode);
    expect(await download()).toBe(404);
    expect(await download(moderator.headers)).toBe(200);
  });

  it('refuses a file over the upload size limit with its line, the import going on', async () => {
    const big = Buffer.alloc(80 * 1024, 'а');
    const lines = [
      '0 HEAD',
      '1 CHAR UTF-8',
      '0 @I1@ INDI',
      '1 NAME Бек',
      '1 OBJE',
      '2 FILE big.txt',
    ];
    const content = zipArchive([
      { name: 'gedcom.ged', content: gedcomBytes([...lines, '0 TRLR']) },
      { name: 'big.txt', content: big },
    ]);
    const before = (await files()).length;
    const job = await importGedcomFile(app, moderator, dataDir, content, 'big.gdz');
    expect(job).toMatchObject({ status: 'done', persons_created: 1 });
    const refused = job.warnings.find((w) => w.kind === 'mediaRefused');
    expect(refused).toMatchObject({ line: 6, record: '@I1@' });
    expect(refused?.message).toMatch(/^«big\.txt» медиа файлы кабыл алынган жок: Файл өтө чоң/);
    expect(await files()).toHaveLength(before);
    expect(temporaryFiles()).toEqual([]);
  });
});

describe('GEDZip import: all or nothing', () => {
  it('leaves no row and no file on disk when the import fails after storing its files', async () => {
    const fileCount = (await files()).length;
    const blobs = storedBlobs();
    const [links] = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from media_links`,
    );
    // A failure at the last table the import moves, after its files went in the same
    // transaction; then one while staging, after the media were staged.
    await app.db.execute(
      sql.raw(`create function gedzip_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'test failure'; end $$`),
    );
    try {
      for (const table of ['media_links', 'gedcom_staging']) {
        await app.db.execute(
          sql.raw(`create trigger gedzip_test_fail before insert on ${table}
            for each row execute function gedzip_test_fail()`),
        );
        try {
          // Media of their own: blobs another file shares would stay anyway.
          const content = await archive(table === 'media_links' ? '#112233' : '#445566');
          const job = await importGedcomFile(app, moderator, dataDir, content, 'tree.gdz');
          expect(job).toMatchObject({ status: 'failed', persons_created: 0 });
        } finally {
          await app.db.execute(sql.raw(`drop trigger gedzip_test_fail on ${table}`));
        }
        expect(await files()).toHaveLength(fileCount);
        const [after] = await queryRows<{ n: number }>(
          app.db,
          sql`select count(*)::int as n from media_links`,
        );
        expect(after?.n).toBe(links?.n);
        expect(storedBlobs()).toEqual(blobs);
        expect(temporaryFiles()).toEqual([]);
      }
    } finally {
      await app.db.execute(sql.raw('drop function gedzip_test_fail'));
    }
  });
});
