import { z } from 'zod';

/**
 * GEDCOM import and export (issue 5): import is a background job an admin starts, and may
 * cancel while it is queued or running (issue 14).
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
});
export type GedcomWarning = z.infer<typeof GedcomWarningSchema>;

/** At most this many warnings are kept with a job; `warnings_total` counts them all. */
export const GEDCOM_WARNINGS_KEPT = 500;

export const GedcomJobSchema = z.object({
  id: z.string(),
  status: GedcomJobStatusSchema,
  /** Individuals written so far, of `total` (known once the file has been read through). */
  processed: z.number().int(),
  total: z.number().int().nullable(),
  /** Why a failed import failed, with the line number of a malformed line. */
  error: z.string().nullable(),
  persons_created: z.number().int(),
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

export const GEDCOM_VERSIONS = ['5.5.1', '7.0'] as const;

export const GedcomExportQuery = z.object({
  /** Export only this person and their descendants. */
  root: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
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
} as const;

/** Import-report lines: the import goes on after each of them. */
export const gedcomWarnings = {
  dangling: (xref: string) => `${xref} табылган жок: шилтеме эске алынган жок.`,
  notPointer: (tag: string, value: string) => `${tag} «${value}» шилтеме эмес: эске алынган жок.`,
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
  duplicatePerson: (otherXref: string, otherLine: number) =>
    `${otherLine}-саптагы ${otherXref} менен окшош (аты, туулган жылы жана атасынын аты бирдей): экөө тең импорттолду, текшериңиз.`,
  gedzipMedia: (count: number) =>
    `GEDZip архивиндеги ${count} медиа файл импорттолгон жок (сүрөттөр азырынча GEDCOM аркылуу кабыл алынбайт).`,
} as const;
