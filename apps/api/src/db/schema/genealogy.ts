import type {
  GedcomImportMode,
  GedcomJobStatus,
  GedcomMatches,
  GedcomMatchChoice,
  GedcomPreview,
  Sex,
  YearSource,
} from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import type { GedcomExtraNode } from './records';
import { users } from './users';

/** A preview's matches, with the version of each matched tree person when they were made. */
export interface GedcomPreviewMatches extends GedcomMatches {
  versions: Record<string, number>;
}

/** `gedcom_jobs.merge`: the request of a merging import, then what it did. */
export interface GedcomJobMerge {
  /** `auto`: the job matches the file itself and takes every match from the threshold up. */
  accept: 'auto' | 'reviewed';
  matches: GedcomMatchChoice[];
  /** The tree versions of the matched persons the admin reviewed (stale: the job fails). */
  versions: Record<string, number>;
  attach_to: number | null;
  /** The file's root person (placed under `attach_to`). */
  root_xref: string | null;
  /** Set by the import: each merge as [tree person, imported person merged into them]. */
  merges: [number, number][];
  /** The blocks of ids the import reserved: [first, count]. */
  ids: {
    persons: [number, number];
    unions: [number, number];
    sources: [number, number];
    notes: [number, number];
  } | null;
  /** The source record named after the file. */
  source_id: number | null;
  /** The file's root person the import placed under `attach_to`. */
  attached: number | null;
  /** Merged persons' versions after the import (a revert needs them unchanged). */
  after_versions: Record<string, number>;
  reverted_at: string | null;
}

/**
 * The month code (`MAR`) and the day of a full GEDCOM date text (`12 MAR 1920`, `INT 12 MAR 1920
 * (…)`, `@#DGREGORIAN@ 12 MAR 1920`), as SQL on a date column: what the calendar's indexes hold
 * and its reads filter and order by (genealogy/calendar.ts). A query matches an index only with
 * the same expression, so both take it from here, the patterns written in as literals.
 */
const FULL_DATE_HEAD = String.raw`^\s*(?:[Ii][Nn][Tt]\s+)?(?:@#DGREGORIAN@\s+)?`;
export function dateMonthCode(column: SQL): SQL {
  const pattern = String.raw`${FULL_DATE_HEAD}\d{1,2}\s+([A-Za-z]{3})\s+\d`;
  return sql`upper(substring(${column} from ${sql.raw(`'${pattern}'`)}))`;
}
export function dateDay(column: SQL): SQL {
  const pattern = String.raw`${FULL_DATE_HEAD}(\d{1,2})\s+[A-Za-z]{3}\s+\d`;
  return sql`((substring(${column} from ${sql.raw(`'${pattern}'`)}))::int)`;
}

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/**
 * The санжыра (docs/genealogy.md, Persons and lineage). `father_id` is the patrilineal edge that makes it a tree;
 * `path` holds the ancestor ids root → father and `depth` its length, kept right in the
 * same transaction as every change of `father_id`, so that ancestors, subtrees and the lowest
 * common ancestor need no recursive query. A subtree is one contiguous range of the btree
 * on `path` (every path that starts with P sorts between P and P with its last id + 1).
 */
export const persons = pgTable(
  'persons',
  {
    // By default, not always: GEDCOM import reserves a block of ids and a revert re-creates a
    // deleted person under the same id.
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    /** `foldName(name)`; also a row of `name_keys`. */
    nameKey: text().notNull(),
    /** The father's `nameKey`, so that "name father" searches are one index lookup. */
    fatherNameKey: text(),
    sex: text().$type<Sex>().notNull().default('U'),
    fatherId: integer().references((): AnyPgColumn => persons.id),
    motherId: integer().references((): AnyPgColumn => persons.id, { onDelete: 'set null' }),
    path: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    depth: integer().notNull().default(0),
    /** How many persons have this one in their `path`; kept by every tree write (tree.ts). */
    descendantCount: integer().notNull().default(0),
    birthYear: integer(),
    deathYear: integer(),
    /** Set when `birth_year` comes from a christening, there being no birth event. */
    birthYearSource: text().$type<YearSource>(),
    /** Set when `death_year` comes from a burial, there being no death event. */
    deathYearSource: text().$type<YearSource>(),
    birthDate: text(),
    deathDate: text(),
    birthPlace: text(),
    deathPlace: text(),
    biography: text(),
    /** Unknown and custom GEDCOM data of the person, written back on export (records.ts). */
    extra: jsonb().$type<GedcomExtraNode[]>(),
    /** An uploaded image in the files API; deleting the file removes the photo. */
    photoFileId: integer().references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    isLiving: boolean().notNull().default(false),
    /**
     * The GEDCOM restriction notice (RESN) of an imported person: CONFIDENTIAL, LOCKED or
     * PRIVACY, or a GEDCOM 7 list of them ("CONFIDENTIAL, LOCKED"), written back on export.
     */
    resn: text(),
    /**
     * Born less than 100 years ago as far as the tree tells (privacy.ts, presumed-living.ts):
     * by the person's own birth date read at its latest, or, without one, a parent so born;
     * flagged living or restricted counts too. Kept by every tree write in its transaction.
     */
    recentBirth: boolean().notNull().default(false),
    /**
     * Presumed living by the family and qualified dates (docs/genealogy.md, Privacy): no
     * death, and a birth date whose latest reading is less than 100 years ago, or no birth
     * date and a recently born parent, or a living or restricted child or spouse. Kept by
     * every tree write in its transaction (genealogy/presumed-living.ts).
     */
    presumedLiving: boolean().notNull().default(false),
    /**
     * Hidden from guests whatever the years: flagged living, restricted by RESN, or presumed
     * living by the family or a qualified date. The guest's rule (privacy.ts) reads this one
     * column where it read `is_living`, so its filters and partial indexes keep their shape
     * (docs/genealogy.md, Privacy).
     */
    isPrivate: boolean()
      .notNull()
      .generatedAlwaysAs(sql`is_living or resn is not null or presumed_living`),
    birthOrder: integer(),
    version: integer().notNull().default(1),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    updatedById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Sample row of the demonstration data (db/seed.ts); `npm run demo:remove` deletes these. */
    isDemo: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index().on(table.fatherId),
    index().on(table.motherId),
    // Partial: imported persons have no creator (their import job has one), and a million
    // index entries of NULL would only slow the import down.
    index('persons_created_by_id_index')
      .on(table.createdById)
      .where(sql`${table.createdById} is not null`),
    index('persons_updated_by_id_index')
      .on(table.updatedById)
      .where(sql`${table.updatedById} is not null`),
    // Partial, like the two above: few persons have a photo.
    index('persons_photo_file_id_index')
      .on(table.photoFileId)
      .where(sql`${table.photoFileId} is not null`),
    index('persons_path_index').on(table.path),
    // Partial: only the few hundred demonstration persons, found at once by demo:remove.
    index('persons_is_demo_index')
      .on(table.id)
      .where(sql`${table.isDemo}`),
    index().on(table.nameKey, table.fatherNameKey, table.id),
    // Matching a family's file against the tree (gedcom/import/merge-match.ts): the persons
    // whose name begins with a word and whose father's does with another, in one index range.
    index('persons_first_words_index').on(
      sql`split_part(${table.nameKey}, ' ', 1)`,
      sql`split_part(${table.fatherNameKey}, ' ', 1)`,
      table.id,
    ),
    index().on(table.depth),
    // Keyset pages of the persons list in each supported order.
    index('persons_name_icu_index').on(sql`${table.name} collate "und-x-icu"`, table.id),
    index('persons_birth_year_asc_index').on(sql`coalesce(${table.birthYear}, 100000)`, table.id),
    index('persons_birth_year_desc_index').on(sql`coalesce(${table.birthYear}, -100000)`, table.id),
    // A guest's birth-year order: among the recently born, only those with a recorded death are
    // shown with their year (privacy.ts), and most of the recently born are living.
    index('persons_dead_birth_year_index')
      .on(table.birthYear, table.id)
      .where(
        sql`${table.birthYear} is not null and (${table.deathYear} is not null or ${table.deathDate} is not null)`,
      ),
    // …and the guest's unknown years (no year, or a hidden person's) in id order: a
    // superset of privacy.ts's rule that holds whatever the year, so it never goes stale. In a
    // tree where the living are the last generations, the primary key would walk past every
    // older person first (600 ms at 1M persons).
    index('persons_unknown_birth_year_index')
      .on(table.id)
      .where(
        sql`${table.birthYear} is null or ${table.isPrivate} or (${table.deathYear} is null and ${table.deathDate} is null)`,
      ),
    // The tree checks (genealogy/tree-checks.ts): each kind that reads one row at a time
    // finds its few rows in a small index instead of scanning a million. The parentless
    // (candidates for `isolated`), the flagged living, a death year not after the birth year,
    // and the latest of the two years (compared with the current year, which moves on).
    index('persons_parentless_index')
      .on(table.id)
      .where(sql`${table.fatherId} is null and ${table.motherId} is null`),
    index('persons_living_birth_year_index')
      .on(table.birthYear, table.id)
      .where(sql`${table.isLiving}`),
    index('persons_death_not_after_birth_index')
      .on(table.id)
      .where(sql`${table.deathYear} <= ${table.birthYear}`),
    index('persons_latest_year_index')
      .on(sql`greatest(${table.birthYear}, ${table.deathYear})`)
      .where(sql`greatest(${table.birthYear}, ${table.deathYear}) is not null`),
    // The calendar's month of births and deaths (genealogy/calendar.ts): the full dates only,
    // by month code and day, so a month is one range of the index.
    index('persons_birth_month_day_index')
      .on(dateMonthCode(sql`${table.birthDate}`), dateDay(sql`${table.birthDate}`), table.id)
      .where(sql`${table.birthDate} is not null and ${table.birthYearSource} is null`),
    index('persons_death_month_day_index')
      .on(dateMonthCode(sql`${table.deathDate}`), dateDay(sql`${table.deathDate}`), table.id)
      .where(sql`${table.deathDate} is not null and ${table.deathYearSource} is null`),
    check('persons_sex_check', sql`${table.sex} in ('M', 'F', 'U')`),
    check(
      'persons_year_source_check',
      sql`coalesce(${table.birthYearSource} = 'christening', true)
        and coalesce(${table.deathYearSource} = 'burial', true)`,
    ),
    check('persons_depth_check', sql`${table.depth} = cardinality(${table.path})`),
  ],
);

/** Every distinct `persons.name_key`: the small dictionary the name search scans first. */
export const nameKeys = pgTable(
  'name_keys',
  {
    key: text().primaryKey(),
    ...timestamps,
  },
  (table) => [index('name_keys_key_trgm_index').using('gin', table.key.op('gin_trgm_ops'))],
);

/** Spouses. The pair is stored once, smaller id first. */
export const unions = pgTable(
  'unions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    person1Id: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    person2Id: integer()
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** Order of this union among person 1's unions (first marriage 1, second 2…), if known. */
    person1Position: integer(),
    /** Order of this union among person 2's unions. */
    person2Position: integer(),
    /** Unknown and custom GEDCOM data of the family, written back on export. */
    extra: jsonb().$type<GedcomExtraNode[]>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('unions_pair_unique').on(table.person1Id, table.person2Id),
    index().on(table.person2Id),
    check('unions_order_check', sql`${table.person1Id} < ${table.person2Id}`),
  ],
);

/**
 * Уруу → урук. A clan is anchored at its founding person; a person's clan and a clan's parent
 * are computed from the lineage (the nearest founding ancestor), never typed by hand.
 */
export const clans = pgTable(
  'clans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    founderId: integer()
      .notNull()
      .references(() => persons.id),
    description: text(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Sample row of the demonstration data (db/seed.ts); `npm run demo:remove` deletes these. */
    isDemo: boolean().notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('clans_founder_unique').on(table.founderId),
    index().on(table.createdById),
  ],
);

/** GEDCOM imports running in the background; progress is also kept in memory while running. */
export const gedcomJobs = pgTable(
  'gedcom_jobs',
  {
    id: uuid().primaryKey(),
    status: text().$type<GedcomJobStatus>().notNull(),
    fileName: text(),
    processed: integer().notNull().default(0),
    total: integer(),
    personsCreated: integer().notNull().default(0),
    error: text(),
    /** The import report: encoding and why, warnings (GedcomJobReport in gedcom.service.ts). */
    report: jsonb(),
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Added to the tree, or replacing it (after a backup archive named `backup_name`). */
    mode: text().$type<GedcomImportMode>().notNull().default('add'),
    /** SHA-256 of the uploaded file: the same file imported twice is asked about. */
    fileSha256: text(),
    fileSize: bigint({ mode: 'number' }),
    /** The file name of the backup a replacing import made in DATA_DIR/backups/. */
    backupName: text(),
    /** What the preview counted in the file (GedcomPreview['counts']), null without preview. */
    counts: jsonb().$type<GedcomPreview['counts']>(),
    /**
     * A merging import: what it was asked to merge, then what it did (which persons it merged
     * into which, the ids it made), for its revert (modules/gedcom/import/merge-apply.ts).
     */
    merge: jsonb().$type<GedcomJobMerge>(),
    ...timestamps,
  },
  (table) => [
    index().on(table.createdById),
    index().on(table.fileSha256),
    index().on(table.createdAt),
  ],
);

/**
 * An uploaded GEDCOM analysed without writing ("preview first", docs/genealogy.md, GEDCOM): the file waits in
 * DATA_DIR/tmp/gedcom-previews/<id>/ until its creator commits it (it becomes a job's upload)
 * or it expires (swept with its file).
 */
export const gedcomPreviews = pgTable(
  'gedcom_previews',
  {
    id: uuid().primaryKey(),
    fileName: text(),
    fileSha256: text().notNull(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    /** The preview's answer (GedcomPreview without the fields kept in columns). */
    result: jsonb().$type<GedcomPreview>().notNull(),
    /** The matches of a merging import, once computed (GET …/matches/), with tree versions. */
    matches: jsonb().$type<GedcomPreviewMatches>(),
    createdById: integer().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index().on(table.createdById), index().on(table.expiresAt)],
);

/**
 * Persons of an import in progress, written in short transactions and moved into `persons`
 * by one statement at the end (all or nothing, without holding PGlite's single connection
 * for the whole import). Scratch space: unlogged (set by hand in its migration), no index and
 * no foreign key, so that staging a million rows costs little; the job removes its rows and
 * `GedcomJobs` clears those of imports that died with their process.
 */
export const gedcomStaging = pgTable('gedcom_staging', {
  jobId: uuid().notNull(),
  id: integer().notNull(),
  name: text().notNull(),
  nameKey: text().notNull(),
  fatherNameKey: text(),
  sex: text().$type<Sex>().notNull(),
  fatherId: integer(),
  motherId: integer(),
  path: integer().array().notNull(),
  depth: integer().notNull(),
  descendantCount: integer().notNull(),
  birthYear: integer(),
  deathYear: integer(),
  birthDate: text(),
  deathDate: text(),
  birthPlace: text(),
  deathPlace: text(),
  biography: text(),
  isLiving: boolean().notNull(),
  resn: text(),
  birthOrder: integer(),
  birthYearSource: text().$type<YearSource>(),
  deathYearSource: text().$type<YearSource>(),
  extra: jsonb().$type<GedcomExtraNode[]>(),
  ...timestamps,
});

/*
 * The other records of an import in progress (notes, sources, names, events, citations, note
 * links, parent families, unions' GEDCOM data) are staged in `gedcom_staging_<table>` tables
 * that the migrations make by hand, not from this schema (0022): each has `job_id` and the
 * columns of its target table that `STAGED_RECORDS` (modules/gedcom/import/staging.ts) lists,
 * with the target's types, made by `create unlogged table … as select … from <target> with no
 * data`. A column staged later is added to its staging table in the same migration as to the
 * target.
 */
