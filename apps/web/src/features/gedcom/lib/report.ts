import {
  GEDCOM_CHANGED_WARNINGS,
  type GedcomJob,
  type GedcomJobStatus,
  type GedcomWarning,
} from '@bagysh/shared';
import { formatDateTime } from '../../../lib/dates';
import { gedcom } from '../../../lib/i18n/areas/gedcom';

/**
 * `changed`: the import left something out or altered it; `kept`: it read everything and only
 * says how it kept it (`GEDCOM_CHANGED_WARNINGS`). A report from before warnings had kinds is
 * all `kept`.
 */
export type WarningSeverity = 'changed' | 'kept';

export function warningSeverity(warning: Pick<GedcomWarning, 'kind'>): WarningSeverity {
  return warning.kind !== undefined && GEDCOM_CHANGED_WARNINGS.has(warning.kind)
    ? 'changed'
    : 'kept';
}

/** The job's percent done (individuals written of those in the file), or null before it is known. */
export function jobPercent(job: Pick<GedcomJob, 'status' | 'processed' | 'total'>): number | null {
  if (job.status === 'done') return 100;
  if (!job.total) return null;
  return Math.min(100, Math.floor((job.processed / job.total) * 100));
}

/** Queued and running jobs are still polled. */
export function isActive(status: GedcomJobStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** The report's file name: the imported file's, with `-report.txt`. */
export function reportFileName(job: Pick<GedcomJob, 'file_name' | 'id'>): string {
  const base = (job.file_name ?? job.id).replace(/\.(ged|gdz|zip)$/i, '');
  return `${base}-report.txt`;
}

const r = gedcom.report;

/** The import report as plain text (every warning the job kept, with its line and record). */
export function reportText(job: GedcomJob): string {
  const field = (label: string, value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? [] : [`${label}: ${value}`];
  const lines = [
    r.heading,
    '',
    ...field(r.file, job.file_name),
    ...field(r.status, gedcom.status[job.status]),
    ...field(r.mode, gedcom.modes[job.mode]),
    ...field(r.by, job.created_by?.username),
    ...field(r.started, formatDateTime(job.created_at)),
    ...field(r.finished, formatDateTime(job.finished_at)),
    ...field(
      r.encoding,
      job.encoding && [job.encoding, job.encoding_reason].filter(Boolean).join(' — '),
    ),
    ...field(r.persons, job.persons_created),
    ...field(r.error, job.error),
    '',
    r.warnings.replace('{{count}}', String(job.warnings_total)),
    ...job.warnings.map((warning) => {
      const where = [
        warning.line === null ? null : r.lineOf.replace('{{line}}', String(warning.line)),
        warning.record,
      ].filter(Boolean);
      return `${where.length > 0 ? `${where.join(', ')}: ` : ''}${warning.message}`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}
