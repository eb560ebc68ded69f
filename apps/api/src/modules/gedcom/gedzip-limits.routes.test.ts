import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { deflatedZeros, zipArchive } from '../files/test/fixtures';
import { gedcomBytes } from './gedcom.factories';
import { importGedcomFile, multipart, postGedcomPreview } from './gedcom.test-support';

/**
 * Hostile archives (docs/security.md, Uploaded archives): a zip bomb, an archive that lies
 * about its sizes, too many entries and entries named outside the archive are refused at once
 * with a Kyrgyz message, and nothing of them stays on disk.
 */

let app: App;
let moderator: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedzip-limits-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir, uploadMaxBytes: 4 * 1024 * 1024, archiveMaxEntries: 20 });
  moderator = await createTestUser(app, { role: 'moderator' });
});

const GEDCOM = gedcomBytes([
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Асан /Үсөнов/',
  '0 TRLR',
]);

/** Every file left under the data directory's upload folders (the storage's too). */
function leftOnDisk(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(dataDir, path));
    }
  };
  walk(join(dataDir, 'tmp'));
  walk(join(dataDir, 'files', 'tmp'));
  return found;
}

/** A 1 MB archive whose GEDCOM unpacks to 1 GiB, its size told honestly. */
const bomb = () =>
  zipArchive([{ name: 'gedcom.ged', deflated: deflatedZeros(1024), size: 1024 * 1024 * 1024 }]);

describe('GEDZip archives under limits', () => {
  it('refuses a zip bomb in a preview at once, with nothing left on disk', async () => {
    const archive = bomb();
    expect(archive.length).toBeLessThan(1.1 * 1024 * 1024);
    const started = Date.now();
    const response = await postGedcomPreview(app, moderator, archive, 'bomb.gdz');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<{ detail: string }>().detail).toMatch(/архив-бомба|өтө чоң/);
    expect(leftOnDisk()).toEqual([]);
  });

  it('refuses a zip bomb sent for an import at once, before any job', async () => {
    const body = multipart(bomb(), 'file', 'bomb.gdz');
    const response = await app.inject({
      method: 'POST',
      url: '/api/gedcom/import/',
      headers: { ...moderator.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(413);
    const jobs = await app.inject({ url: '/api/gedcom/jobs/', headers: moderator.headers });
    expect(jobs.json<{ count: number }>().count).toBe(0);
    expect(leftOnDisk()).toEqual([]);
  });

  it('stops an entry that unpacks to more than it declared while it streams', async () => {
    // Declares 512 KiB (no ratio to see), holds 1 GiB.
    const liar = zipArchive([
      { name: 'gedcom.ged', deflated: deflatedZeros(1024), size: 512 * 1024 },
    ]);
    const started = Date.now();
    const response = await postGedcomPreview(app, moderator, liar, 'liar.gdz');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ refusal: string }>().refusal).toBe(
      'Архивдеги «gedcom.ged» файлы бузулган: архивди кайра түзүп жүктөңүз.',
    );
    expect(leftOnDisk()).toEqual([]);

    // The same archive imported at once: the job fails with the same words, nothing left.
    const job = await importGedcomFile(app, moderator, dataDir, liar, 'liar.gdz');
    expect(job).toMatchObject({ status: 'failed', persons_created: 0 });
    expect(job.error).toContain('«gedcom.ged»');
    expect(leftOnDisk()).toEqual([]);
  });

  it('refuses an archive of more entries than allowed', async () => {
    const entries = Array.from({ length: 21 }, (_, n) => ({
      name: `photos/${n}.txt`,
      content: 'x',
    }));
    const response = await postGedcomPreview(
      app,
      moderator,
      zipArchive([{ name: 'gedcom.ged', content: GEDCOM }, ...entries]),
      'many.gdz',
    );
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<{ detail: string }>().detail).toContain('20 файлдан');
    expect(leftOnDisk()).toEqual([]);
  });

  it.each(['../../etc/cron.d/evil', '/etc/passwd', 'photos\\..\\..\\evil.png', 'C:/evil.png'])(
    'answers 400 naming the entry %s',
    async (name) => {
      const archive = zipArchive([
        { name: 'gedcom.ged', content: GEDCOM },
        { name, content: 'x' },
      ]);
      const response = await postGedcomPreview(app, moderator, archive, 'evil.gdz');
      expect(response.statusCode, response.body).toBe(400);
      const { detail } = response.json<{ detail: string }>();
      expect(detail).toContain(`«${name.replace(/\\/g, '/')}»`);
      expect(detail).toContain('кооптуу');
      expect(leftOnDisk()).toEqual([]);
    },
  );

  it('still reads an honest archive', async () => {
    const response = await postGedcomPreview(
      app,
      moderator,
      zipArchive([{ name: 'gedcom.ged', content: GEDCOM }]),
      'ok.gdz',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ refusal: string | null }>().refusal).toBeNull();
  });
});
