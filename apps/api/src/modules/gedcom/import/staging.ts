import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import { copyText, type CopyValue } from '../../../db/copy-text';
import type { gedcomStaging } from '../../../db/schema';
import { StagedRecords } from './mapping';

/**
 * Staging: pass 2 writes its rows batch by batch into `gedcom_staging` (the persons) and the
 * `gedcom_staging_*` tables (their records), by COPY and in short statements, so that PGlite's
 * single connection keeps serving requests; the final move (move.ts) copies them into the tree.
 */

/**
 * A person as pass 2 stages it: `gedcom_staging`'s columns, the `path` as its array literal and
 * `extra` as JSON text.
 */
export type StagedPerson = Omit<
  typeof gedcomStaging.$inferSelect,
  'jobId' | 'createdAt' | 'updatedAt' | 'path' | 'extra'
> & { path: string; extra: string | null };

/** Every key of each member of a union (`keyof` of a union keeps only the common ones). */
type KeysOf<T> = T extends unknown ? keyof T & string : never;
type StagedKind = Exclude<keyof StagedRecords, 'mark' | 'extrasSince'>;
type StagedTable = {
  [K in StagedKind]: {
    kind: K;
    staging: string;
    table: string | null;
    columns: readonly KeysOf<StagedRecords[K][number]>[];
  };
}[StagedKind];

/**
 * Staging table of each kind of record and the columns of its target table it holds, made by
 * migration 0022 with the target's types (a column staged later is added there too); the final
 * move copies them over. The unions' GEDCOM data joins the unions made from the families.
 */
export const STAGED_RECORDS = [
  {
    kind: 'notes',
    staging: 'gedcom_staging_notes',
    table: 'notes',
    columns: ['id', 'text', 'is_private', 'extra'],
  },
  {
    kind: 'sources',
    staging: 'gedcom_staging_sources',
    table: 'sources',
    columns: [
      'id',
      'kind',
      'title',
      'author',
      'publication',
      'repository',
      'call_number',
      'url',
      'told_date',
      'told_place_id',
      'text',
      'note',
      'extra',
    ],
  },
  {
    kind: 'names',
    staging: 'gedcom_staging_names',
    table: 'person_names',
    columns: [
      'id',
      'person_id',
      'kind',
      'given',
      'surname',
      'nickname',
      'prefix',
      'suffix',
      'full_name',
      'name_key',
      'alternative',
      'position',
      'extra',
    ],
  },
  {
    kind: 'events',
    staging: 'gedcom_staging_events',
    table: 'events',
    columns: [
      'id',
      'person_id',
      'union_id',
      'type',
      'custom_type',
      'value',
      'date',
      'date_sort',
      'place_id',
      'note',
      'position',
      'extra',
    ],
  },
  {
    kind: 'citations',
    staging: 'gedcom_staging_citations',
    table: 'citations',
    columns: [
      'source_id',
      'person_id',
      'event_id',
      'union_id',
      'name_id',
      'page',
      'quality',
      'note',
      'position',
      'extra',
    ],
  },
  {
    kind: 'noteLinks',
    staging: 'gedcom_staging_note_links',
    table: 'note_links',
    columns: ['note_id', 'person_id', 'event_id', 'union_id', 'source_id', 'position'],
  },
  {
    kind: 'parentFamilies',
    staging: 'gedcom_staging_parent_families',
    table: 'parent_families',
    columns: ['child_id', 'father_id', 'mother_id', 'relation', 'position'],
  },
  { kind: 'unions', staging: 'gedcom_staging_unions', table: null, columns: ['id', 'extra'] },
] as const satisfies readonly StagedTable[];

/** Every staging table: what a finished or abandoned import clears. */
const STAGING_TABLES = ['gedcom_staging', ...STAGED_RECORDS.map((r) => r.staging)];

/** Removes what an import staged. */
export async function clearStaging(db: Db, jobId: string): Promise<void> {
  for (const table of STAGING_TABLES) {
    await db.execute(sql`delete from ${sql.identifier(table)} where job_id = ${jobId}::uuid`);
  }
}

/** Removes what imports that are neither queued nor running left behind. */
export async function clearAbandonedStaging(db: Db): Promise<void> {
  for (const table of STAGING_TABLES) {
    await db.execute(sql`delete from ${sql.identifier(table)} s where not exists (
      select 1 from gedcom_jobs j where j.id = s.job_id and j.status in ('queued', 'running'))`);
  }
}

/** The columns of `gedcom_staging` and the staged person's field each takes. */
const PERSON_COLUMNS: readonly (readonly [string, keyof StagedPerson])[] = [
  ['id', 'id'],
  ['name', 'name'],
  ['name_key', 'nameKey'],
  ['father_name_key', 'fatherNameKey'],
  ['sex', 'sex'],
  ['father_id', 'fatherId'],
  ['mother_id', 'motherId'],
  ['path', 'path'],
  ['depth', 'depth'],
  ['descendant_count', 'descendantCount'],
  ['birth_year', 'birthYear'],
  ['death_year', 'deathYear'],
  ['birth_date', 'birthDate'],
  ['death_date', 'deathDate'],
  ['birth_place', 'birthPlace'],
  ['death_place', 'deathPlace'],
  ['biography', 'biography'],
  ['is_living', 'isLiving'],
  ['resn', 'resn'],
  ['birth_order', 'birthOrder'],
  ['birth_year_source', 'birthYearSource'],
  ['death_year_source', 'deathYearSource'],
  ['extra', 'extra'],
];

/**
 * Writes a batch into the staging tables by COPY: the import's hot path, several times
 * cheaper for the database than the same rows as JSON or array parameters.
 */
async function stage(
  database: Database,
  jobId: string,
  rows: StagedPerson[],
  records: StagedRecords,
): Promise<void> {
  if (rows.length > 0) {
    await database.copyIn(
      'gedcom_staging',
      ['job_id', ...PERSON_COLUMNS.map(([column]) => column)],
      copyText(rows, (row) => [jobId, ...PERSON_COLUMNS.map(([, key]) => row[key])]),
    );
  }
  for (const { kind, staging, columns } of STAGED_RECORDS) {
    const list: readonly object[] = records[kind];
    if (list.length === 0) continue;
    await database.copyIn(
      staging,
      ['job_id', ...columns],
      copyText(list, (row) => [
        jobId,
        ...columns.map((c) => (row as Record<string, CopyValue>)[c]),
      ]),
    );
  }
}

const BATCH = 2000;
/** A batch is also written when it holds this many rows of all kinds. */
const BATCH_ROWS = 12_000;

/**
 * Pass 2's rows, a batch at a time: one batch is written while the next is mapped, so that
 * PostgreSQL writes on the other core. A failed write is kept, not left unhandled, until the
 * next batch (or the end) looks at it.
 */
export class StagingQueue {
  persons: StagedPerson[] = [];
  records = new StagedRecords();
  private processed = 0;
  private inFlight: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly database: Database,
    private readonly jobId: string,
    /** Told the number of persons staged so far. */
    private readonly onProgress: (processed: number) => void,
  ) {}

  /** Whether the batch is big enough to be written. */
  get full(): boolean {
    const r = this.records;
    const rows = r.names.length + r.events.length + r.citations.length + r.noteLinks.length;
    return this.persons.length >= BATCH || rows >= BATCH_ROWS;
  }

  /** Starts writing the batch (once the one before is written) and begins the next. */
  async send(): Promise<void> {
    await this.settle();
    const rows = this.persons;
    const staged = this.records;
    this.inFlight = stage(this.database, this.jobId, rows, staged).then(
      () => {
        this.processed += rows.length;
        this.onProgress(this.processed);
      },
      (error: unknown) => {
        this.failure = { error };
      },
    );
    this.persons = [];
    this.records = new StagedRecords();
  }

  /** Writes the last batch, once the one before is written. */
  async finish(): Promise<void> {
    await this.settle();
    await stage(this.database, this.jobId, this.persons, this.records);
    this.processed += this.persons.length;
    this.onProgress(this.processed);
  }

  /** Waits for the batch being written, whatever its outcome (before a clean-up). */
  async drain(): Promise<void> {
    await this.inFlight;
  }

  private async settle(): Promise<void> {
    await this.inFlight;
    if (this.failure) throw this.failure.error;
  }
}
