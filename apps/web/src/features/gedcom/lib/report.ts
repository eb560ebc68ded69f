import {
  gedcomWarnings,
  type GedcomJob,
  type GedcomJobStatus,
  type GedcomWarning,
} from '@bagysh/shared';
import { formatDateTime } from '../../../lib/dates';
import { gedcom } from '../../../lib/i18n/areas/gedcom';

/**
 * `changed`: the import left something out or altered it (a dangling link, a stray line, an
 * undecodable byte, a cut note); `kept`: it read everything and only says so (an unknown tag
 * kept for export, a date kept as text, a look-alike person imported).
 */
export type WarningSeverity = 'changed' | 'kept';

const ANY = '\u0000';

/** A warning's shared wording as a pattern: ANY stands for text, every number for any number. */
function wording(message: string): RegExp {
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.split(ANY).join('[\\s\\S]*?').replace(/\d+/g, '\\d+')}$`);
}

// The kinds of the shared `gedcomWarnings` where the import dropped or altered data.
const CHANGED = [
  gedcomWarnings.dangling(ANY),
  gedcomWarnings.notPointer(ANY, ANY),
  gedcomWarnings.malformedLines(0, ANY),
  gedcomWarnings.levelJumps(0, ANY),
  gedcomWarnings.nulBytes(0, ANY),
  gedcomWarnings.undecodable(ANY, 0, ANY),
  gedcomWarnings.afterTrailer(0),
  gedcomWarnings.noteTooLong(0, 0),
  gedcomWarnings.gedzipMedia(0),
].map(wording);

export function warningSeverity(warning: Pick<GedcomWarning, 'message'>): WarningSeverity {
  return CHANGED.some((pattern) => pattern.test(warning.message)) ? 'changed' : 'kept';
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
