import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GedcomJob, Person, SearchResponse } from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { gedcomBytes } from './gedcom.factories';
import {
  importGedcomFile,
  lastPersonId,
  multipart,
  previewGedcomFile,
} from './gedcom.test-support';

/**
 * A person an imported file restricts (RESN CONFIDENTIAL, LOCKED or PRIVACY) is hidden from
 * guests exactly as a living one (docs/genealogy.md, Privacy), though dead for a century: by
 * the person read, the search, the tree's answers and the export. Members see them in full,
 * and the full export writes the same RESN line back.
 */

let app: App;
let admin: TestUser;
let member: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-resn-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
  member = await createTestUser(app);
});

/** Бообек (dead, shown), his son Асан, Асан's wife Айша and their son Үсөн, all three restricted. */
const FILE = [
  '0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '1 CHAR UTF-8',
  '0 @I1@ INDI',
  '1 NAME Бообек /Бообеков/',
  '1 SEX M',
  '1 RESN SOMETHING',
  '1 BIRT',
  '2 DATE 1820',
  '1 DEAT',
  '2 DATE 1890',
  '1 FAMS @F1@',
  '0 @I2@ INDI',
  '1 NAME Асан /Бообеков/',
  '1 RESN CONFIDENTIAL',
  '1 SEX M',
  '1 BIRT',
  '2 DATE 1851',
  '2 PLAC Кочкор',
  '1 DEAT',
  '2 DATE 1921',
  '1 NOTE Асандын жашыруун өмүр баяны.',
  '1 FAMC @F1@',
  '1 FAMS @F2@',
  '0 @I3@ INDI',
  '1 NAME Айша',
  '1 SEX F',
  '1 RESN privacy, locked',
  '1 BIRT',
  '2 DATE 1862',
  '1 DEAT',
  '2 DATE 1933',
  '1 FAMS @F2@',
  '0 @I4@ INDI',
  '1 NAME Үсөн /Асанов/',
  '1 SEX M',
  '1 RESN LOCKED',
  '1 BIRT',
  '2 DATE 1884',
  '2 PLAC Ат-Башы',
  '1 DEAT',
  '2 DATE 1957',
  '1 FAMC @F2@',
  '0 @F1@ FAM',
  '1 HUSB @I1@',
  '1 CHIL @I2@',
  '0 @F2@ FAM',
  '1 HUSB @I2@',
  '1 WIFE @I3@',
  '1 CHIL @I4@',
  '0 TRLR',
];

/** What a guest must never read of the three restricted persons. */
const HIDDEN =
  /\b(1851|1921|1862|1933|1884|1957)\b|Кочкор|Ат-Башы|өмүр баяны|CONFIDENTIAL|PRIVACY|LOCKED/;

async function importFile(content: Buffer | string): Promise<Record<string, number>> {
  const after = await lastPersonId(app);
  const job = await importGedcomFile(app, admin, dataDir, content);
  expect(job.error).toBeNull();
  const rows = await queryRows<{ id: number; name: string }>(
    app.db,
    sql`select id, name from persons where id > ${after} order by id`,
  );
  const ids: Record<string, number> = {};
  for (const row of rows) ids[row.name.split(' ')[0] ?? row.name] = row.id;
  return ids;
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const response = await app.inject({ url, headers });
  expect(response.statusCode, url).toBe(200);
  return response.body;
};

describe('GEDCOM RESN', () => {
  it('the preview counts the restricted individuals', async () => {
    const preview = await previewGedcomFile(app, admin, gedcomBytes(FILE));
    expect(preview.counts?.restricted).toBe(3);
  });

  it('hides a restricted dead person from guests as a living one, shows it to members, and exports it back', async () => {
    const ids = await importFile(gedcomBytes(FILE));
    const { Бообек: boobek, Асан: asan, Айша: aisha, Үсөн: usen } = ids;
    const stored = await queryRows<{ name: string; resn: string | null; extra: unknown }>(
      app.db,
      sql`select name, resn, extra from persons where id = any(${`{${Object.values(ids).join(',')}}`}::int[])
          order by id`,
    );
    expect(stored.map(({ name, resn }) => ({ name, resn }))).toEqual([
      { name: 'Бообек Бообеков', resn: null },
      { name: 'Асан Бообеков', resn: 'CONFIDENTIAL' },
      { name: 'Айша', resn: 'PRIVACY, LOCKED' },
      { name: 'Үсөн Асанов', resn: 'LOCKED' },
    ]);
    // An unknown notice is kept as the file's own data and hides nothing.
    expect(JSON.stringify(stored[0]?.extra)).toContain('SOMETHING');
    expect(JSON.stringify(stored[1]?.extra ?? null)).not.toContain('RESN');

    // The guest: the person read, the search, the tree around them, the lists.
    const guestUrls = [
      `/api/persons/${asan}/`,
      `/api/persons/${aisha}/`,
      `/api/persons/${usen}/`,
      `/api/persons/${boobek}/`,
      `/api/persons/${boobek}/children/`,
      `/api/persons/${boobek}/descendants/`,
      `/api/persons/${boobek}/descendant-chart/`,
      `/api/persons/${usen}/ancestors/`,
      `/api/persons/${usen}/pedigree/`,
      `/api/persons/${usen}/family/`,
      `/api/search/?q=${encodeURIComponent('Асан')}`,
      `/api/search/?q=${encodeURIComponent('Үсөн Асан')}`,
      `/api/persons/?ordering=birth_year&father=${asan}`,
      `/api/persons/?ordering=-birth_year`,
    ];
    for (const url of guestUrls) expect(await get(url), url).not.toMatch(HIDDEN);
    const guest = JSON.parse(await get(`/api/persons/${asan}/`)) as Person;
    expect(guest).toMatchObject({
      name: 'Асан Бообеков',
      father: { id: boobek },
      restricted: true,
      living: true,
      sex: 'U',
      birth_year: null,
      death_year: null,
      birth_place: null,
      biography: null,
      spouses: [],
      events: [],
    });
    // The father line stays, as for a living person; the mother link does not.
    const usenAsGuest = JSON.parse(await get(`/api/persons/${usen}/`)) as Person;
    expect(usenAsGuest).toMatchObject({ father: { id: asan }, mother: null, restricted: true });
    const hit = (
      JSON.parse(await get(`/api/search/?q=${encodeURIComponent('Асан')}`)) as SearchResponse
    ).results.find((result) => result.id === asan);
    expect(hit).toMatchObject({ sex: 'U', birth_year: null, death_year: null });
    // Nor does the living filter tell them apart from the living.
    const living = JSON.parse(await get(`/api/persons/?living=true`)) as {
      results: { id: number }[];
    };
    expect(living.results.map((p) => p.id).sort()).toEqual([asan, aisha, usen].sort());
    // The shown father keeps his years.
    expect(await get(`/api/persons/${boobek}/`)).toMatch(/1820/);

    // A member sees them in full.
    const asMember = JSON.parse(await get(`/api/persons/${asan}/`, member.headers)) as Person;
    expect(asMember).toMatchObject({
      restricted: false,
      living: false,
      sex: 'M',
      birth_year: 1851,
      death_year: 1921,
      birth_place: 'Кочкор',
      biography: 'Асандын жашыруун өмүр баяны.',
      spouses: [{ id: aisha, name: 'Айша' }],
    });
    const memberHit = (
      JSON.parse(
        await get(`/api/search/?q=${encodeURIComponent('Асан')}`, member.headers),
      ) as SearchResponse
    ).results.find((result) => result.id === asan);
    expect(memberHit).toMatchObject({ sex: 'M', birth_year: 1851, death_year: 1921 });

    // A member's export is the guest's view: the names, no notice, nothing hidden.
    const publicFile = await get('/api/gedcom/export/', member.headers);
    expect(publicFile).toContain('Асан');
    expect(publicFile).not.toMatch(HIDDEN);
    // An admin's export writes every notice back as it came.
    const fullFile = await get('/api/gedcom/export/', admin.headers);
    expect(fullFile).toContain('1 RESN CONFIDENTIAL\n');
    expect(fullFile).toContain('1 RESN PRIVACY, LOCKED\n');
    expect(fullFile).toContain('1 RESN LOCKED\n');
    expect(fullFile).toContain('1 RESN SOMETHING\n');
    expect(fullFile.match(/^1 RESN /gm)).toHaveLength(4);

    // …and importing it again keeps them.
    const again = await importFile(fullFile);
    const reimported = await queryRows<{ name: string; resn: string | null }>(
      app.db,
      sql`select name, resn from persons where id = any(${`{${Object.values(again).join(',')}}`}::int[])
          and name <> ${'Бообек Бообеков'} order by id`,
    );
    // In the export's lineage order, not the file's.
    expect(reimported).toHaveLength(3);
    expect(reimported).toEqual(
      expect.arrayContaining([
        { name: 'Асан Бообеков', resn: 'CONFIDENTIAL' },
        { name: 'Айша', resn: 'PRIVACY, LOCKED' },
        { name: 'Үсөн Асанов', resn: 'LOCKED' },
      ]),
    );
    const reimportedAsan = JSON.parse(await get(`/api/persons/${again['Асан']}/`)) as Person;
    expect(reimportedAsan).toMatchObject({ restricted: true, birth_year: null });
  });

  it('keeps the notice when a deletion of the person is reverted', async () => {
    const { Үсөн: usen } = await importFile(gedcomBytes(FILE));
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/persons/${usen}/`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const history = JSON.parse(await get(`/api/persons/${usen}/revisions/`, admin.headers)) as {
      results: { id: number; action: string }[];
    };
    const deletion = history.results.find((revision) => revision.action === 'delete');
    const reverted = await app.inject({
      method: 'POST',
      url: `/api/revisions/${deletion?.id}/revert/`,
      headers: admin.headers,
    });
    expect(reverted.statusCode, reverted.body).toBe(201);
    expect(await get(`/api/persons/${usen}/`)).not.toMatch(HIDDEN);
    expect(JSON.parse(await get(`/api/persons/${usen}/`)) as Person).toMatchObject({
      restricted: true,
    });
    const [row] = await queryRows<{ resn: string | null }>(
      app.db,
      sql`select resn from persons where id = ${usen}`,
    );
    expect(row?.resn).toBe('LOCKED');
  });

  it('keeps the notice of a person a merging import matches or attaches', async () => {
    const lines = (...more: string[]) =>
      ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', ...more, '0 TRLR', ''].join('\n');
    const { Карабек: karabek, Алымбек: alymbek } = await importFile(
      lines(
        '0 @I1@ INDI',
        '1 NAME Карабек /Тайлаков/',
        '1 SEX M',
        '1 BIRT',
        '2 DATE 1801',
        '1 DEAT',
        '2 DATE 1870',
        '1 FAMS @F1@',
        '0 @I2@ INDI',
        '1 NAME Алымбек /Карабеков/',
        '1 SEX M',
        '1 BIRT',
        '2 DATE 1831',
        '1 DEAT',
        '2 DATE 1900',
        '1 FAMC @F1@',
        '0 @F1@ FAM',
        '1 HUSB @I1@',
        '1 CHIL @I2@',
      ),
    );
    // The family's own file restricts the son: merged into the tree's Алымбек.
    const body = multipart(
      lines(
        '0 @P1@ INDI',
        '1 NAME Карабек /Тайлаков/',
        '1 SEX M',
        '1 BIRT',
        '2 DATE 1801',
        '1 DEAT',
        '2 DATE 1870',
        '1 FAMS @G1@',
        '0 @P2@ INDI',
        '1 NAME Алымбек /Карабеков/',
        '1 SEX M',
        '1 RESN CONFIDENTIAL',
        '1 BIRT',
        '2 DATE 1831',
        '1 DEAT',
        '2 DATE 1900',
        '1 FAMC @G1@',
        '0 @G1@ FAM',
        '1 HUSB @P1@',
        '1 CHIL @P2@',
      ),
      'file',
      'restricted-merge.ged',
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/gedcom/import/?mode=merge&accept=auto&confirm_same_file=true',
      headers: { ...admin.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    const job = await finishedJob(response.json<{ job_id: string }>().job_id);
    expect(job.status, job.error ?? '').toBe('done');
    expect(job.persons_merged).toBe(2);
    const resnOf = async (id: number | undefined) =>
      (
        await queryRows<{ resn: string | null }>(
          app.db,
          sql`select resn from persons where id = ${id ?? 0}`,
        )
      )[0]?.resn;
    expect(await resnOf(alymbek)).toBe('CONFIDENTIAL');
    expect(await resnOf(karabek)).toBeNull();
    expect(await get(`/api/persons/${alymbek}/`)).not.toMatch(/\b(1831|1900)\b|CONFIDENTIAL/);
    expect(JSON.parse(await get(`/api/persons/${alymbek}/`)) as Person).toMatchObject({
      restricted: true,
    });
    expect(
      JSON.parse(await get(`/api/persons/${alymbek}/`, member.headers)) as Person,
    ).toMatchObject({ restricted: false, birth_year: 1831 });

    // A file's root placed under a tree person (attach_to) keeps its notice too.
    const preview = await previewGedcomFile(
      app,
      admin,
      lines(
        '0 @L1@ INDI',
        '1 NAME Шабдан /Алымбеков/',
        '1 SEX M',
        '1 RESN LOCKED',
        '1 BIRT',
        '2 DATE 1852',
        '1 DEAT',
        '2 DATE 1912',
      ),
      'restricted-attach.ged',
    );
    const matches = await app.inject({
      url: `/api/gedcom/previews/${preview.id}/matches/`,
      headers: admin.headers,
    });
    expect(matches.statusCode, matches.body).toBe(200);
    const committed = await app.inject({
      method: 'POST',
      url: `/api/gedcom/previews/${preview.id}/commit/`,
      headers: admin.headers,
      payload: { mode: 'merge', attach_to: karabek, confirm_same_file: true },
    });
    expect(committed.statusCode, committed.body).toBe(202);
    const attached = await finishedJob(committed.json<{ job_id: string }>().job_id);
    expect(attached.status, attached.error ?? '').toBe('done');
    const [shabdan] = await queryRows<{ id: number; resn: string | null; father_id: number }>(
      app.db,
      sql`select id, resn, father_id from persons where name = 'Шабдан Алымбеков'`,
    );
    expect(shabdan).toMatchObject({ resn: 'LOCKED', father_id: karabek });
    expect(JSON.parse(await get(`/api/persons/${shabdan?.id}/`)) as Person).toMatchObject({
      restricted: true,
      birth_year: null,
    });
  });
});

/** Polls an import job until it has ended. */
async function finishedJob(jobId: string): Promise<GedcomJob> {
  for (let i = 0; i < 600; i++) {
    const job = (
      await app.inject({ url: `/api/gedcom/jobs/${jobId}/`, headers: admin.headers })
    ).json<GedcomJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}
