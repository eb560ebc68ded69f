import { z } from 'zod';
import { PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';
import { DuplicateReasonSchema } from './duplicates';
import { FileDownloadQuery, FileLinkSchema } from './files';
import { RoleSchema } from './roles';

/**
 * GEDCOM import and export: import is a background job a moderator or admin starts,
 * and may cancel while it is queued or running. A preview first, then
 * add to the tree or replace it (admins, after a backup).
 */
export const GEDCOM_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const GedcomJobStatusSchema = z.enum(GEDCOM_JOB_STATUSES);
export type GedcomJobStatus = z.infer<typeof GedcomJobStatusSchema>;

export const GedcomImportAcceptedSchema = z.object({ job_id: z.string() });
export type GedcomImportAccepted = z.infer<typeof GedcomImportAcceptedSchema>;

export const GedcomJobIdParams = z.object({ id: z.uuid() });

/** One line of an import report: something the import noticed and what it did about it. */
export const GedcomWarningSchema = z.object({
  /** The file's line (1-based), or null for the file as a whole. */
  line: z.number().int().nullable(),
  /** The record it belongs to: its xref (`@I12@`) or tag (`HEAD`), or null. */
  record: z.string().nullable(),
  message: z.string(),
  /**
   * Which of `gedcomWarnings` it is (`GEDCOM_CHANGED_WARNINGS` tells whether data was left out
   * or altered); absent in the reports of imports made before kinds were recorded.
   */
  kind: z.string().optional(),
});
export type GedcomWarning = z.infer<typeof GedcomWarningSchema>;

/** At most this many warnings are kept with a job; `warnings_total` counts them all. */
export const GEDCOM_WARNINGS_KEPT = 500;

/**
 * `add`: the file's persons join the tree; `replace`: they replace it (admins only); `merge`:
 * the file's persons matched to tree persons are merged into them, the rest added (admins only).
 */
export const GEDCOM_IMPORT_MODES = ['add', 'replace', 'merge'] as const;
export const GedcomImportModeSchema = z.enum(GEDCOM_IMPORT_MODES);
export type GedcomImportMode = z.infer<typeof GedcomImportModeSchema>;

/** Who started an import. */
export const GedcomUserRefSchema = z.object({ id: z.number().int(), username: z.string() });

export const GedcomJobSchema = z.object({
  id: z.string(),
  status: GedcomJobStatusSchema,
  mode: GedcomImportModeSchema,
  file_name: z.string().nullable(),
  /** SHA-256 (hex) of the uploaded file, null for imports older than the previews. */
  file_sha256: z.string().nullable(),
  file_size: z.number().int().nullable(),
  /** A replacing import's backup of the tree before it, in DATA_DIR/backups/. */
  backup_name: z.string().nullable(),
  created_by: GedcomUserRefSchema.nullable(),
  /** Individuals written so far, of `total` (known once the file has been read through). */
  processed: z.number().int(),
  total: z.number().int().nullable(),
  /** Why a failed import failed, with the line number of a malformed line. */
  error: z.string().nullable(),
  persons_created: z.number().int(),
  /** A merging import: the file's persons merged into tree persons. */
  persons_merged: z.number().int(),
  /** When a merging import was reverted, or null. */
  reverted_at: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The character set the file was read in ('UTF-8', 'CP1251', 'ANSEL', …), once known. */
  encoding: z.string().nullable(),
  /** Why that character set: the header's CHAR, a byte-order mark, or what the bytes look like. */
  encoding_reason: z.string().nullable(),
  /** What the import noticed and did (dangling pointers, unknown tags, …), ordered by line. */
  warnings: z.array(GedcomWarningSchema),
  /** All warnings, also those beyond the first GEDCOM_WARNINGS_KEPT kept in `warnings`. */
  warnings_total: z.number().int(),
});
export type GedcomJob = z.infer<typeof GedcomJobSchema>;

/** Records of a GEDCOM file, counted by the preview. */
export const GedcomCountsSchema = z.object({
  individuals: z.number().int(),
  families: z.number().int(),
  /** Events of individuals and families (birth, death, marriage, residence, …). */
  events: z.number().int(),
  /** SOUR records. */
  sources: z.number().int(),
  /** Distinct place names (PLAC values). */
  places: z.number().int(),
  /** Shared NOTE records and inline notes. */
  notes: z.number().int(),
  /** OBJE records and inline multimedia links. */
  media: z.number().int(),
  /**
   * Files of a GEDZip archive that OBJE links point to and that the import stores as uploaded
   * files (found in the archive, of an accepted type and size); 0 for a plain GEDCOM file.
   * Absent in previews made before GEDZip media were imported.
   */
  media_files: z.number().int().optional(),
  /**
   * Individuals with a restriction notice (RESN CONFIDENTIAL, LOCKED or PRIVACY): guests will
   * see them as living persons, name and father line only. Absent in older previews.
   */
  restricted: z.number().int().optional(),
});
export type GedcomCounts = z.infer<typeof GedcomCountsSchema>;

/** `GET /api/gedcom/jobs/`: the history of imports, newest first. */
export const GedcomJobListQuery = PageQuerySchema;
export const GedcomJobListItemSchema = GedcomJobSchema.omit({ warnings: true }).extend({
  /** What the preview counted in the file; null for imports without a preview. */
  counts: GedcomCountsSchema.nullable(),
});
export type GedcomJobListItem = z.infer<typeof GedcomJobListItemSchema>;
export const GedcomJobPageSchema = paginatedSchema(GedcomJobListItemSchema);
export type GedcomJobPage = z.infer<typeof GedcomJobPageSchema>;

/** A person of the file that looks like one already in the tree. */
export const GedcomLookAlikeSchema = z.object({
  /** The file's record (`@I12@`) and line. */
  xref: z.string(),
  line: z.number().int(),
  name: z.string(),
  birth_year: z.number().int().nullable(),
  /** The person of the tree it looks like. */
  person_id: z.number().int(),
  person_name: z.string(),
  person_birth_year: z.number().int().nullable(),
});
export type GedcomLookAlike = z.infer<typeof GedcomLookAlikeSchema>;

/** An earlier import of the very same file (same SHA-256). */
export const GedcomSameFileSchema = z.object({
  job_id: z.string(),
  imported_at: z.string(),
  imported_by: GedcomUserRefSchema.nullable(),
  mode: GedcomImportModeSchema,
});

/**
 * `POST /api/gedcom/previews/`: what importing the file would do, nothing written. `refusal` is
 * the Kyrgyz reason the import would refuse the file (naming the line), or null.
 */
export const GedcomPreviewSchema = z.object({
  id: z.string(),
  file_name: z.string().nullable(),
  file_sha256: z.string(),
  file_size: z.number().int(),
  created_at: z.string(),
  /** When the preview and its copy of the file are removed unless committed before. */
  expires_at: z.string(),
  /** The GEDCOM version of the header ('5.5.1', '7.0', …), '' when the header has none. */
  version: z.string().nullable(),
  encoding: z.string().nullable(),
  encoding_reason: z.string().nullable(),
  /** Null when the file is refused before it could be counted. */
  counts: GedcomCountsSchema.nullable(),
  warnings: z.array(GedcomWarningSchema),
  warnings_total: z.number().int(),
  refusal: z.string().nullable(),
  /**
   * Persons of the file with the same folded name and father's name as a person of the tree
   * (and the same birth year when both have one); `examples` shows a few.
   */
  look_alikes: z.object({
    count: z.number().int(),
    examples: z.array(GedcomLookAlikeSchema),
  }),
  /** The latest finished import of the same file, or null. */
  same_file: GedcomSameFileSchema.nullable(),
});
export type GedcomPreview = z.infer<typeof GedcomPreviewSchema>;

export const GedcomPreviewIdParams = z.object({ id: z.uuid() });

/** An accepted match of a merging import: the file's person `xref` is the tree's `person_id`. */
export const GedcomMatchChoiceSchema = z.strictObject({
  xref: z.string().min(1).max(100),
  person_id: RowIdSchema,
});
export type GedcomMatchChoice = z.infer<typeof GedcomMatchChoiceSchema>;

/** `POST /api/gedcom/previews/{id}/commit/`: import the previewed file. */
export const GedcomCommitBody = z.object({
  mode: GedcomImportModeSchema.default('add'),
  /** Needed when the same file was imported before (else 409 asks for it). */
  confirm_same_file: z.boolean().default(false),
  /**
   * `merge` only: `auto` accepts every proposed match at or above `GEDCOM_MATCH_AUTO`;
   * `reviewed` accepts exactly `matches` (each one of the preview's proposals).
   */
  accept: z.enum(['auto', 'reviewed']).default('reviewed'),
  matches: z.array(GedcomMatchChoiceSchema).max(100_000).default([]),
  /** `merge` only: the tree person who becomes the father of the file's root person. */
  attach_to: RowIdSchema.nullable().default(null),
});
export type GedcomCommitBody = z.infer<typeof GedcomCommitBody>;

/**
 * An upload imported at once: the same file imported before needs `confirm_same_file=true`;
 * `mode=merge&accept=auto` merges the file's persons matched above `GEDCOM_MATCH_AUTO`.
 */
export const GedcomImportQuery = z.object({
  confirm_same_file: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .default(false),
  mode: z.enum(['add', 'merge']).default('add'),
  accept: z.enum(['auto']).optional(),
});

/** Proposed matches start at the duplicate finder's threshold; `auto` accepts from here. */
export const GEDCOM_MATCH_AUTO = 0.6;

/** A tree person as a match shows them: the name with the father and grandfather. */
export const GedcomMatchPersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sex: z.enum(['M', 'F', 'U']),
  father_name: z.string().nullable(),
  grandfather_name: z.string().nullable(),
  birth_year: z.number().int().nullable(),
});

/** One person of the file and the tree person proposed as the same (null: none found). */
export const GedcomMatchSchema = z.object({
  xref: z.string(),
  name: z.string(),
  father_name: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  match: GedcomMatchPersonSchema.nullable(),
  score: z.number().nullable(),
  /** Strongest evidence first (codes of the duplicate finder, worded by the web). */
  reasons: z.array(DuplicateReasonSchema),
  /** At or above `GEDCOM_MATCH_AUTO`: "accept all above the threshold" takes it. */
  above_threshold: z.boolean(),
});
export type GedcomMatch = z.infer<typeof GedcomMatchSchema>;

/** `GET /api/gedcom/previews/{id}/matches/`: every person of the file, top of the file first. */
export const GedcomMatchesSchema = z.object({
  threshold: z.number(),
  /** The file's root person (the top of its largest line), whom `attach_to` places. */
  root_xref: z.string().nullable(),
  results: z.array(GedcomMatchSchema),
});
export type GedcomMatches = z.infer<typeof GedcomMatchesSchema>;

/** What reverting an import answers: the persons it removed and the merges it undid. */
export const GedcomRevertResultSchema = z.object({
  persons_removed: z.number().int(),
  merges_undone: z.number().int(),
});
export type GedcomRevertResult = z.infer<typeof GedcomRevertResultSchema>;

export const GEDCOM_VERSIONS = ['5.5.1', '7.0'] as const;

export const GedcomExportQuery = z.object({
  /** Export only this person and their descendants. */
  root: RowIdParam.optional(),
  version: z.enum(GEDCOM_VERSIONS).default('5.5.1'),
  /**
   * `exclude` leaves living persons out altogether (and every link to them); `include` writes
   * them, name and father line only unless the reader is an admin.
   */
  living: z.enum(['include', 'exclude']).default('include'),
  /** Private shared notes are written only for admins who ask for them; never for others. */
  private_notes: z.enum(['include', 'exclude']).default('exclude'),
});
export type GedcomExportQuery = z.infer<typeof GedcomExportQuery>;

/**
 * `POST /api/gedcom/export/link/` answers a short-lived signed address of the export with the
 * options asked for (the body: `GedcomExportQuery`), which the browser downloads by itself,
 * streaming to disk instead of holding the file in the page. The link names whom it was made
 * for and their role, which decides what is exported; the signature covers all of it.
 */
export const GedcomExportLinkSchema = FileLinkSchema;
export type GedcomExportLink = z.infer<typeof GedcomExportLinkSchema>;

/** `GET /api/gedcom/export/`: the options, and the signed link's fields when it is one. */
export const GedcomExportDownloadQuery = GedcomExportQuery.extend({
  /** The member the link was made for, and their role then. */
  user: RowIdParam.optional(),
  role: RoleSchema.optional(),
  ...FileDownloadQuery.shape,
});
export type GedcomExportDownloadQuery = z.infer<typeof GedcomExportDownloadQuery>;

export const gedcomMessages = {
  noFile: 'GEDCOM файлы жүктөлгөн жок (талаа: file).',
  malformedLine: (line: number, reason: string) => `${line}-сап туура эмес: ${reason}`,
  notGedcom: 'Бул GEDCOM файлы эмес: HEAD жазуусу жок.',
  notGedcomStart: (start: string) =>
    `Бул GEDCOM файлы эмес: GEDCOM «0 HEAD» менен башталат, бул файл «${start}» менен башталат.`,
  /** `looksLike` is e.g. 'бул сүрөт (PNG)'. */
  notGedcomKind: (looksLike: string) => `Бул GEDCOM файлы эмес: ${looksLike}.`,
  cycle: (chain: string) =>
    `Инсан өзүнүн ата-бабасы болуп калат (тукум чынжыры туюкталат): ${chain}. Файлды оңдоп, кайра жүктөңүз.`,
  duplicateXref: (line: number, xref: string, firstLine: number) =>
    `${line}-сап: ${xref} идентификатору кайталанат (биринчиси ${firstLine}-сапта). Файлды оңдоп, кайра жүктөңүз.`,
  truncated: (lastLine: number) =>
    `Файл толук эмес (кесилип калган): ${lastLine}-сап акыркы, аягында «0 TRLR» жок. Файлды кайра сактап жүктөңүз.`,
  unknownReference: (line: number, xref: string) => `${line}-сап: ${xref} шилтемеси табылган жок.`,
  empty: 'Файлда бир да инсан (INDI) жок.',
  cancelled: 'Импорт токтотулду: эч ким кошулган жок.',
  alreadyFinished: 'Бул импорт аяктап калган: аны токтотууга болбойт.',
  sameFile: (when: string) =>
    `Бул файл ${when} импорттолгон. Кайра импорттоо керек болсо, ырастаңыз (confirm_same_file).`,
  replaceAdminOnly: 'Бүт санжыраны алмаштыруу администраторго гана уруксат.',
  refused: 'Бул файлды импорттоого болбойт: алдын ала көрүүдөгү себепти караңыз.',
  backupFailed: 'Санжыранын камдык көчүрмөсү жасалган жок: эч нерсе алмаштырылган жок.',
} as const;

/** Import-report lines: the import goes on after each of them. */
export const gedcomWarnings = {
  /** A merging import: the tree person's value is kept over the file's different one. */
  mergeKept: (name: string, field: string, kept: string, other: string) =>
    `${name}: ${field} санжырада «${kept}», файлда «${other}» — санжыранын мааниси калды.`,
  dangling: (xref: string) => `${xref} табылган жок: шилтеме эске алынган жок.`,
  notPointer: (tag: string, value: string) => `${tag} «${value}» шилтеме эмес: эске алынган жок.`,
  /** A pointer in kept data (ASSO, a `_TAG`…) to a record that is missing or not imported. */
  keptPointer: (tag: string, count: number, lines: string) =>
    `${tag} шилтемеси ${count} жолу (${lines}-сап) файлда жок же сайтка импорттолбогон жазууну көрсөтөт: маани сакталды, бирок экспортто шилтеме катары жазылбайт (7.0: @VOID@).`,
  unknownTag: (tag: string, count: number, lines: string) =>
    `Белгисиз тег ${tag}: ${count} жолу (${lines}-сап): жазуусунда сакталды (экспортко кайра жазылат), сайтта көрсөтүлбөйт.`,
  malformedLines: (count: number, lines: string) =>
    `${count} сап GEDCOM түзүлүшүндө эмес (${lines}-сап; күтүлгөн: деңгээл [@id@] ТЕГ [маани]): эске алынган жок.`,
  levelJumps: (count: number, lines: string) =>
    `${count} саптын деңгээли мурунку саптан бирден ашык секирет (${lines}-сап): эске алынган жок.`,
  leadingSpace: (count: number, lines: string) =>
    `${count} сап боштук менен башталат (${lines}-сап): боштук алынып, сап окулду.`,
  nulBytes: (count: number, lines: string) =>
    `${count} сапта NUL (0x00) байты бар (${lines}-сап): алынып салынды.`,
  undecodable: (encoding: string, count: number, lines: string) =>
    `${count} сапта ${encoding} коддоосунда окулбаган байт бар (${lines}-сап): ордуна «\uFFFD» белгиси коюлду, ысымдарды текшериңиз.`,
  afterTrailer: (line: number) =>
    `${line}-сап «0 TRLR» дан кийин турат: андан аркысы эске алынган жок.`,
  noteTooLong: (length: number, max: number) =>
    `Эскертүү ${length} белгиден турат, ${max} белгиден узун: ${max} белгиге чейин сакталды, калганы кесилди.`,
  date: (value: string) => `«${value}» GEDCOM датасы катары окулган жок: текст катары сакталды.`,
  /** Dates written another way with one clear reading ("12.03.1925"), the first as an example. */
  dateRead: (count: number, lines: string, written: string, read: string) =>
    `${count} дата GEDCOM түрүндө эмес жазылган (${lines}-сап), мисалы «${written}»: ар бири бир гана мааниде окулуп, GEDCOM датасы катары сакталды («${read}»).`,
  duplicatePerson: (otherXref: string, otherLine: number) =>
    `${otherLine}-саптагы ${otherXref} менен окшош (аты, туулган жылы жана атасынын аты бирдей): экөө тең импорттолду, текшериңиз.`,
  gedzipMedia: (count: number) =>
    `GEDZip архивиндеги ${count} файлга эч бир медиа шилтемеси (OBJE/FILE) жок: алар импорттолгон жок.`,
  mediaMissing: (path: string) =>
    `«${path}» медиа файлы GEDZip архивинде жок: шилтеме эске алынган жок.`,
  /** `reason` is the Files feature's message (type, size, quota), ending with a full stop. */
  mediaRefused: (path: string, reason: string) =>
    `«${path}» медиа файлы кабыл алынган жок: ${reason} Шилтеме эске алынган жок.`,
  /** A family's or a citation's file, linked where the site keeps media (`to`). */
  mediaMoved: (path: string, from: 'family' | 'citation', to: 'spouses' | 'person' | 'event') => {
    const where =
      from === 'citation' ? 'булак шилтемесинин (SOUR) астында' : 'үй-бүлөнүн (FAM) жазуусунда';
    const target = {
      spouses: 'эки жубайдын тең баракчасына',
      person: from === 'citation' ? 'шилтеме турган инсандын баракчасына' : 'жубайдын баракчасына',
      event: 'шилтеме турган окуяга',
    }[to];
    return `«${path}» медиа файлы ${where} турат, сайтта ал жерге медиа байланбайт: файл ${target} байланды (экспортто ошол жерде жазылат).`;
  },
  /** A SOUR under a family's inline NOTE, cited by the union (or by its one spouse). */
  noteCitationMoved: (toUnion: boolean) =>
    `Үй-бүлөнүн (FAM) эскертүүсүнүн (NOTE) астындагы булак шилтемеси (SOUR): сайтта эскертүүгө булак байланбайт, шилтеме ${toUnion ? 'никенин булактарына' : 'жубайдын булактарына'} кошулду (экспортто ошол жерде жазылат).`,
  /** What a FAM record without a couple holds that the site keeps nowhere (its lines by tag). */
  familyDataDropped: (tag: string, count: number, lines: string) =>
    `${tag}: ${count} жолу (${lines}-сап) жубайларынын бирөө гана бар (же бири да жок) үй-бүлөнүн (FAM) жазуусунда турат: сайтта мындай үй-бүлөнүн жазуусу жок, маани эске алынган жок (экспортко жазылбайт).`,
  livingPhoto: () =>
    'Тирүү адамдын негизги сүрөтү анын сүрөтү катары коюлган жок: файл мүчөлөргө гана көрүнөт (коноктор тирүү адамдардын сүрөттөрүн көрбөйт).',
} as const;

export type GedcomWarningKind = keyof typeof gedcomWarnings;

/**
 * The warnings where the import left something out or altered it (a dangling link, a stray line,
 * an undecodable byte, a cut note); the others say only how it kept what it read (an unknown tag
 * kept for export, a date kept as text, a look-alike person imported).
 */
export const GEDCOM_CHANGED_WARNINGS: ReadonlySet<string> = new Set<GedcomWarningKind>([
  'dangling',
  'notPointer',
  'keptPointer',
  'malformedLines',
  'levelJumps',
  'nulBytes',
  'undecodable',
  'afterTrailer',
  'noteTooLong',
  'gedzipMedia',
  'mediaMissing',
  'mediaRefused',
  'mediaMoved',
  'noteCitationMoved',
  'familyDataDropped',
  'livingPhoto',
]);
