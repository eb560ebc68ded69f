import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  foldName,
  type GedcomJob,
  type GedcomMatches,
  type GedcomRevertResult,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { createTestApp } from '../../test/app';
import { createTestUser, type TestUser } from '../../test/factories';
import { importGedcomFile, multipart, previewGedcomFile } from './gedcom.test-support';
import { mergeImportMessages } from './merge-messages';

/**
 * Importing into the existing tree (docs/genealogy.md): two family files that share a dozen
 * persons spelled differently; the second merged into the tree the first made, automatically
 * and reviewed person by person, and reverted.
 */

const SLOW = 120_000;
let app: App;
let admin: TestUser;
let moderator: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'bagysh-gedcom-merge-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  admin = await createTestUser(app, { role: 'admin' });
  moderator = await createTestUser(app, { role: 'moderator' });
});

const gedcom = (...lines: string[]) =>
  ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8', ...lines, '0 TRLR', ''].join('\n');

/** An individual: xref, name, sex, birth and death years, the families. */
function indi(
  xref: string,
  name: string,
  options: { born?: number; died?: number; sex?: 'M' | 'F'; famc?: string; fams?: string[] },
  ...more: string[]
): string[] {
  return [
    `0 @${xref}@ INDI`,
    `1 NAME ${name}`,
    `1 SEX ${options.sex ?? 'M'}`,
    ...(options.born === undefined ? [] : ['1 BIRT', `2 DATE ${options.born}`]),
    ...(options.died === undefined ? [] : ['1 DEAT', `2 DATE ${options.died}`]),
    ...(options.famc ? [`1 FAMC @${options.famc}@`] : []),
    ...(options.fams ?? []).map((fam) => `1 FAMS @${fam}@`),
    ...more,
  ];
}

function fam(xref: string, husband: string, wife: string | null, children: string[]): string[] {
  return [
    `0 @${xref}@ FAM`,
    `1 HUSB @${husband}@`,
    ...(wife ? [`1 WIFE @${wife}@`] : []),
    ...children.map((c) => `1 CHIL @${c}@`),
  ];
}

/** The first file: fourteen persons of Багыш's line, citing the book they come from. */
const FIRST = gedcom(
  '0 @S1@ SOUR',
  '1 TITL Талас санжырасы',
  ...indi('I1', 'Багыш', { born: 1700, fams: ['F1'] }, '1 SOUR @S1@'),
  ...indi('I13', 'Айша', { sex: 'F', born: 1705, fams: ['F1'] }),
  ...indi('I2', 'Жанболот', { born: 1730, famc: 'F1', fams: ['F2'] }),
  ...indi('I3', 'Кочкор', { born: 1735, famc: 'F1', fams: ['F3'] }),
  ...indi('I4', 'Төлөк', { born: 1760, famc: 'F2', fams: ['F4'] }, '1 SOUR @S1@'),
  ...indi('I5', 'Сарыбай', { born: 1765, famc: 'F2', fams: ['F5'] }),
  ...indi('I6', 'Төрөгелди', { born: 1770, famc: 'F3', fams: ['F6'] }),
  ...indi('I7', 'Асан', { born: 1790, famc: 'F4', fams: ['F7'] }),
  ...indi('I8', 'Өмүрбек', { born: 1795, famc: 'F4' }),
  ...indi('I9', 'Кадыр', { born: 1800, famc: 'F5', fams: ['F9'] }),
  ...indi('I10', 'Үсөн', { born: 1820, famc: 'F7', fams: ['F10'] }),
  ...indi('I11', 'Жумабай', { born: 1805, famc: 'F6' }),
  ...indi('I12', 'Бакыт', { born: 1850, famc: 'F10' }),
  ...indi('I14', 'Мамыт', { born: 1830, famc: 'F9' }),
  ...fam('F1', 'I1', 'I13', ['I2', 'I3']),
  ...fam('F2', 'I2', null, ['I4', 'I5']),
  ...fam('F3', 'I3', null, ['I6']),
  ...fam('F4', 'I4', null, ['I7', 'I8']),
  ...fam('F5', 'I5', null, ['I9']),
  ...fam('F6', 'I6', null, ['I11']),
  ...fam('F7', 'I7', null, ['I10']),
  ...fam('F9', 'I9', null, ['I14']),
  ...fam('F10', 'I10', null, ['I12']),
);

/**
 * The second file: the same twelve men of the line spelled otherwise (Latin, о for ө, у for ү,
 * a patronymic, years left out), another year for Асан, his death the first file lacks, and
 * three persons the first file does not have.
 */
const SECOND = gedcom(
  ...indi('P1', 'Bagysh', { born: 1700, fams: ['G1'] }),
  ...indi('P2', 'Жанболот', { born: 1730, famc: 'G1', fams: ['G2'] }),
  ...indi('P3', 'Кочкор', { famc: 'G1', fams: ['G3'] }),
  ...indi('P4', 'Tolok', { born: 1760, famc: 'G2', fams: ['G4'] }),
  ...indi('P5', 'Сарыбай', { born: 1765, famc: 'G2', fams: ['G5'] }),
  ...indi('P6', 'Торогелди', { famc: 'G3', fams: ['G6'] }),
  ...indi('P7', 'Асан', { born: 1791, died: 1850, famc: 'G4', fams: ['G7'] }),
  ...indi('P8', 'Омурбек', { famc: 'G4' }),
  ...indi('P9', 'Кадыр', { born: 1800, famc: 'G5', fams: ['G9'] }),
  ...indi('P10', 'Усон', { born: 1820, famc: 'G7', fams: ['G10'] }),
  ...indi('P11', 'Жумабай', { famc: 'G6', fams: ['G11'] }),
  ...indi('P12', 'Бакыт Үсөн уулу', { born: 1850, famc: 'G10', fams: ['G12'] }),
  ...indi('P13', 'Нурлан', { born: 1880, famc: 'G12' }),
  ...indi('P14', 'Азамат', { born: 1835, famc: 'G11' }),
  ...indi('P15', 'Эшим', { born: 1828, famc: 'G9' }),
  ...fam('G1', 'P1', null, ['P2', 'P3']),
  ...fam('G2', 'P2', null, ['P4', 'P5']),
  ...fam('G3', 'P3', null, ['P6']),
  ...fam('G4', 'P4', null, ['P7', 'P8']),
  ...fam('G5', 'P5', null, ['P9']),
  ...fam('G6', 'P6', null, ['P11']),
  ...fam('G7', 'P7', null, ['P10']),
  ...fam('G9', 'P9', null, ['P15']),
  ...fam('G10', 'P10', null, ['P12']),
  ...fam('G11', 'P11', null, ['P14']),
  ...fam('G12', 'P12', null, ['P13']),
);

/** The persons of both files, each once. */
const UNION = 14 + 3;
const SHARED = ['Багыш', 'Жанболот', 'Кочкор', 'Төлөк', 'Сарыбай', 'Төрөгелди', 'Асан'];

async function counts() {
  const [row] = await queryRows<Record<string, number>>(
    app.db,
    sql`select (select count(*)::int from persons) as persons,
          (select count(*)::int from person_names) as names,
          (select count(*)::int from events) as events,
          (select count(*)::int from citations) as citations,
          (select count(*)::int from sources) as sources,
          (select count(*)::int from unions) as unions,
          (select count(*)::int from parent_families) as parent_families`,
  );
  return row;
}

async function personsNamed(name: string) {
  return queryRows<{
    id: number;
    name: string;
    birth_year: number | null;
    death_year: number | null;
  }>(
    app.db,
    sql`select id, name, birth_year, death_year from persons where name_key = ${foldName(name)}`,
  );
}

async function finished(jobId: string): Promise<GedcomJob> {
  for (let i = 0; i < 600; i++) {
    const job = (
      await app.inject({ url: `/api/gedcom/jobs/${jobId}/`, headers: admin.headers })
    ).json<GedcomJob>();
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

/** The second file merged at once (`mode=merge&accept=auto`), as a script would. */
async function mergeAuto(): Promise<GedcomJob> {
  const body = multipart(SECOND, 'file', 'second.ged');
  const response = await app.inject({
    method: 'POST',
    url: '/api/gedcom/import/?mode=merge&accept=auto&confirm_same_file=true',
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(202);
  return finished(response.json<{ job_id: string }>().job_id);
}

/** The tree holds both files' persons once each, with both files' facts and sources. */
async function expectUnion(job: GedcomJob) {
  expect(job.status, job.error ?? '').toBe('done');
  expect(job.persons_merged).toBe(12);
  expect(job.persons_created).toBe(3);
  expect((await counts())?.persons).toBe(UNION);
  for (const name of [...SHARED, 'Өмүрбек', 'Кадыр', 'Үсөн', 'Жумабай', 'Бакыт']) {
    expect(await personsNamed(name), name).toHaveLength(1);
  }
  // The tree's spelling and years stay; the file's other spellings are alternative names.
  const [tolok] = await personsNamed('Төлөк');
  const names = await queryRows<{ full_name: string }>(
    app.db,
    sql`select full_name from person_names where person_id = ${tolok?.id ?? 0}`,
  );
  expect(tolok?.name).toBe('Төлөк');
  expect(names.map((n) => n.full_name)).toContain('Tolok');
  // Асан: the tree's birth year, the file's death.
  const [asan] = await personsNamed('Асан');
  expect(asan).toMatchObject({ birth_year: 1790, death_year: 1850 });
  const asanEvents = await queryRows<{ type: string }>(
    app.db,
    sql`select type from events where person_id = ${asan?.id ?? 0} order by type`,
  );
  expect(asanEvents.map((e) => e.type)).toEqual(['birth', 'death']);
  expect(job.warnings.map((w) => w.message).join('\n')).toContain('«1790»');
  // The new persons hang under the tree's persons.
  const [bakyt] = await personsNamed('Бакыт');
  const [nurlan] = await personsNamed('Нурлан');
  const [eshim] = await personsNamed('Эшим');
  const [kadyr] = await personsNamed('Кадыр');
  const fathers = await queryRows<{ id: number; father_id: number }>(
    app.db,
    sql`select id, father_id from persons where id in (${nurlan?.id ?? 0}, ${eshim?.id ?? 0})`,
  );
  expect(new Map(fathers.map((r) => [r.id, r.father_id]))).toEqual(
    new Map([
      [nurlan?.id, bakyt?.id],
      [eshim?.id, kadyr?.id],
    ]),
  );
  // Both sources: the first file's book and the second file itself.
  const sources = await queryRows<{ title: string }>(
    app.db,
    sql`select s.title from citations c join sources s on s.id = c.source_id
        where c.person_id = ${tolok?.id ?? 0} order by s.title`,
  );
  expect(sources.map((s) => s.title)).toEqual(['GEDCOM: second.ged', 'Талас санжырасы']);
  // The descendant counts hold: Багыш's line is everyone but his wife.
  const [root] = await personsNamed('Багыш');
  const [line] = await queryRows<{ descendant_count: number }>(
    app.db,
    sql`select descendant_count from persons where id = ${root?.id ?? 0}`,
  );
  expect(line?.descendant_count).toBe(UNION - 2);
}

async function reads(ids: number[]) {
  const out: unknown[] = [];
  for (const id of ids) {
    const response = await app.inject({ url: `/api/persons/${id}/`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    out.push(response.json());
  }
  return out;
}

describe('importing into the existing tree', () => {
  let before: Awaited<ReturnType<typeof counts>>;
  let sharedIds: number[] = [];
  let beforeReads: unknown[] = [];
  let autoJob: GedcomJob;

  it(
    'merges the second file automatically: the union, each shared ancestor once',
    async () => {
      const first = await importGedcomFile(app, moderator, dataDir, FIRST, 'first.ged');
      expect(first.status, first.error ?? '').toBe('done');
      before = await counts();
      expect(before?.persons).toBe(14);
      sharedIds = (await Promise.all(SHARED.map(personsNamed))).map((rows) => rows[0]?.id ?? 0);
      beforeReads = await reads(sharedIds);
      autoJob = await mergeAuto();
      await expectUnion(autoJob);
    },
    SLOW,
  );

  it(
    'reverts the merge: the counts and the merged persons read as before',
    async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/gedcom/jobs/${autoJob.id}/revert/`,
        headers: admin.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<GedcomRevertResult>()).toEqual({
        persons_removed: 3 + 12,
        merges_undone: 12,
      });
      expect(await counts()).toEqual(before);
      expect(await reads(sharedIds)).toEqual(beforeReads);
      const again = await app.inject({
        method: 'POST',
        url: `/api/gedcom/jobs/${autoJob.id}/revert/`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: mergeImportMessages.revertedAlready });
    },
    SLOW,
  );

  it(
    'shows the matches to admins only, and merges the ones accepted person by person',
    async () => {
      const preview = await previewGedcomFile(app, admin, SECOND, 'second.ged');
      const url = `/api/gedcom/previews/${preview.id}/matches/`;
      expect((await app.inject({ url })).statusCode).toBe(401);
      expect((await app.inject({ url, headers: moderator.headers })).statusCode).toBe(403);
      // Admins only, even for a moderator's own preview.
      const own = await previewGedcomFile(app, moderator, SECOND, 'mine.ged');
      const mine = await app.inject({
        url: `/api/gedcom/previews/${own.id}/matches/`,
        headers: moderator.headers,
      });
      expect(mine.statusCode).toBe(403);
      const response = await app.inject({ url, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      const matches = response.json<GedcomMatches>();
      expect(matches.root_xref).toBe('@P1@');
      const proposed = matches.results.filter((r) => r.match !== null);
      expect(proposed).toHaveLength(12);
      const tolok = matches.results.find((r) => r.xref === '@P4@');
      expect(tolok?.match).toMatchObject({
        name: 'Төлөк',
        father_name: 'Жанболот',
        grandfather_name: 'Багыш',
      });
      expect(tolok?.reasons.map((r) => r.code)).toContain('name_folded');
      expect(matches.results.find((r) => r.xref === '@P13@')?.match).toBeNull();

      const commit = (payload: Record<string, unknown>) =>
        app.inject({
          method: 'POST',
          url: `/api/gedcom/previews/${preview.id}/commit/`,
          headers: admin.headers,
          payload: { mode: 'merge', confirm_same_file: true, ...payload },
        });
      const accepted = proposed.map((r) => ({ xref: r.xref, person_id: r.match?.id ?? 0 }));
      const unchanged = await counts();
      // A match the preview did not propose, or a person twice: 400, nothing changed.
      const wrong = await commit({
        matches: [{ xref: '@P4@', person_id: accepted[0]?.person_id }],
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ matches: [mergeImportMessages.matchUnknown('@P4@')] });
      const unknown = await commit({ matches: [{ xref: '@X99@', person_id: 1 }] });
      expect(unknown.statusCode).toBe(400);
      const moderatorCommit = await app.inject({
        method: 'POST',
        url: `/api/gedcom/previews/${preview.id}/commit/`,
        headers: moderator.headers,
        payload: { mode: 'merge', matches: accepted },
      });
      expect(moderatorCommit.statusCode).toBe(403);
      // A matched person changed since the preview: 409.
      const mamyt = (await personsNamed('Мамыт'))[0];
      const kadyr = (await personsNamed('Кадыр'))[0];
      await app.db.execute(
        sql`update persons set version = version + 1 where id = ${kadyr?.id ?? 0}`,
      );
      const stale = await commit({ matches: accepted });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ detail: mergeImportMessages.matchStale });
      await app.db.execute(
        sql`update persons set version = version - 1 where id = ${kadyr?.id ?? 0}`,
      );
      expect(await counts()).toEqual(unchanged);
      expect(mamyt).toBeDefined();

      const committed = await commit({ accept: 'reviewed', matches: accepted });
      expect(committed.statusCode, committed.body).toBe(202);
      await expectUnion(await finished(committed.json<{ job_id: string }>().job_id));
    },
    SLOW,
  );

  it(
    'refuses a match to a deleted person, and attaches the file root under a chosen father',
    async () => {
      const lone = gedcom(
        ...indi('L1', 'Сейит', { born: 1880, fams: ['H1'] }),
        ...indi('L2', 'Мырза', { born: 1910, famc: 'H1' }),
        ...fam('H1', 'L1', null, ['L2']),
      );
      const preview = await previewGedcomFile(app, admin, lone, 'lone.ged');
      const matches = (
        await app.inject({
          url: `/api/gedcom/previews/${preview.id}/matches/`,
          headers: admin.headers,
        })
      ).json<GedcomMatches>();
      expect(matches.results.every((r) => r.match === null)).toBe(true);
      const [nurlan] = await personsNamed('Нурлан');
      const missing = await app.inject({
        method: 'POST',
        url: `/api/gedcom/previews/${preview.id}/commit/`,
        headers: admin.headers,
        payload: { mode: 'merge', attach_to: 2_000_000 },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ attach_to: [mergeImportMessages.attachNotFound] });
      const committed = await app.inject({
        method: 'POST',
        url: `/api/gedcom/previews/${preview.id}/commit/`,
        headers: admin.headers,
        payload: { mode: 'merge', attach_to: nurlan?.id },
      });
      expect(committed.statusCode, committed.body).toBe(202);
      const job = await finished(committed.json<{ job_id: string }>().job_id);
      expect(job.status, job.error ?? '').toBe('done');
      const [seyit] = await personsNamed('Сейит');
      const [row] = await queryRows<{ father_id: number; depth: number }>(
        app.db,
        sql`select father_id, depth from persons where id = ${seyit?.id ?? 0}`,
      );
      expect(row?.father_id).toBe(nurlan?.id);
      const beforeRevert = (await counts())?.persons ?? 0;
      const reverted = await app.inject({
        method: 'POST',
        url: `/api/gedcom/jobs/${job.id}/revert/`,
        headers: admin.headers,
      });
      expect(reverted.statusCode, reverted.body).toBe(200);
      expect((await counts())?.persons).toBe(beforeRevert - 2);
      const [root] = await personsNamed('Багыш');
      const [line] = await queryRows<{ descendant_count: number }>(
        app.db,
        sql`select descendant_count from persons where id = ${root?.id ?? 0}`,
      );
      expect(line?.descendant_count).toBe(UNION - 2);

      // A matched person deleted after the matching: 409, nothing imported.
      const second = await previewGedcomFile(app, admin, SECOND, 'second-again.ged');
      const found = (
        await app.inject({
          url: `/api/gedcom/previews/${second.id}/matches/`,
          headers: admin.headers,
        })
      ).json<GedcomMatches>();
      expect(found.results.find((r) => r.xref === '@P13@')?.match?.name).toBe('Нурлан');
      const leaf = found.results.find((r) => r.xref === '@P13@');
      await app.db.execute(sql`delete from persons where id = ${leaf?.match?.id ?? 0}`);
      const deleted = await app.inject({
        method: 'POST',
        url: `/api/gedcom/previews/${second.id}/commit/`,
        headers: admin.headers,
        payload: {
          mode: 'merge',
          confirm_same_file: true,
          matches: [{ xref: '@P13@', person_id: leaf?.match?.id }],
        },
      });
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json()).toEqual({
        detail: mergeImportMessages.matchPersonGone(leaf?.match?.id ?? 0),
      });
    },
    SLOW,
  );
});
