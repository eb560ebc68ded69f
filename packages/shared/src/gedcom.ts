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
});
export type GedcomJob = z.infer<typeof GedcomJobSchema>;

export const GEDCOM_VERSIONS = ['5.5.1', '7.0'] as const;

export const GedcomExportQuery = z.object({
  /** Export only this person and their descendants. */
  root: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  version: z.enum(GEDCOM_VERSIONS).default('5.5.1'),
});
export type GedcomExportQuery = z.infer<typeof GedcomExportQuery>;

export const gedcomMessages = {
  noFile: 'GEDCOM файлы жүктөлгөн жок (талаа: file).',
  malformedLine: (line: number, reason: string) => `${line}-сап туура эмес: ${reason}`,
  notGedcom: 'Бул GEDCOM файлы эмес: HEAD жазуусу жок.',
  cycle: (xref: string) => `${xref} өзүнүн ата-бабасы болуп калат (тукум чынжыры туюкталат).`,
  unknownReference: (line: number, xref: string) => `${line}-сап: ${xref} шилтемеси табылган жок.`,
  empty: 'Файлда бир да инсан (INDI) жок.',
  cancelled: 'Импорт токтотулду: эч ким кошулган жок.',
  alreadyFinished: 'Бул импорт аяктап калган: аны токтотууга болбойт.',
} as const;
