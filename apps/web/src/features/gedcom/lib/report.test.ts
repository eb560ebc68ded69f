import { gedcomWarnings, type GedcomJob, type GedcomWarningKind } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { jobPercent, reportFileName, reportText, warningSeverity } from './report';

describe('warningSeverity', () => {
  it('marks a warning where the import dropped or altered data as changed', () => {
    // A dropped link, a byte replaced, a note cut.
    const changed = ['dangling', 'undecodable', 'noteTooLong'] satisfies GedcomWarningKind[];
    expect(changed.map((kind) => warningSeverity({ kind }))).toEqual(changed.map(() => 'changed'));
  });

  it('marks a warning where everything was read, and one without a kind, as kept', () => {
    const kept = ['unknownTag', 'date', 'duplicatePerson'] satisfies GedcomWarningKind[];
    expect(kept.map((kind) => warningSeverity({ kind }))).toEqual(kept.map(() => 'kept'));
    expect(warningSeverity({})).toBe('kept');
  });
});

const job: GedcomJob = {
  id: '7f1c6c52-9a3e-4a55-9d7e-0c1f7b1e2a11',
  status: 'done',
  mode: 'add',
  file_name: 'sanjyra.ged',
  file_sha256: null,
  file_size: 1200,
  backup_name: null,
  created_by: { id: 2, username: 'moder' },
  processed: 6,
  total: 6,
  error: null,
  persons_created: 6,
  persons_merged: 0,
  reverted_at: null,
  created_at: '2026-11-24T10:00:00.000Z',
  finished_at: '2026-11-24T10:00:05.000Z',
  encoding: 'UTF-8',
  encoding_reason: 'HEAD.CHAR',
  warnings: [
    { line: 12, record: '@I3@', message: gedcomWarnings.date('бир кезде') },
    { line: null, record: null, message: gedcomWarnings.gedzipMedia(2) },
  ],
  warnings_total: 2,
};

describe('the import report', () => {
  it('lists the file, the counts and every warning with its line and record', () => {
    const text = reportText(job);
    expect(text).toContain('Файл: sanjyra.ged');
    expect(text).toContain('Абалы: Аяктады');
    expect(text).toContain('Кошулган инсандар: 6');
    expect(text).toContain('Коддоо: UTF-8 — HEAD.CHAR');
    expect(text).toContain('Эскертүүлөр: 2');
    expect(text).toContain(`12-сап, @I3@: ${gedcomWarnings.date('бир кезде')}`);
    expect(text).toContain(`\n${gedcomWarnings.gedzipMedia(2)}\n`);
    expect(text).not.toContain('Ката:');
  });

  it('is named after the file', () => {
    expect(reportFileName(job)).toBe('sanjyra-report.txt');
    expect(reportFileName({ ...job, file_name: null })).toBe(`${job.id}-report.txt`);
  });
});

describe('jobPercent', () => {
  it('is unknown until the file was read through, then the share written, 100 when done', () => {
    expect(jobPercent({ status: 'running', processed: 0, total: null })).toBeNull();
    expect(jobPercent({ status: 'running', processed: 1, total: 3 })).toBe(33);
    expect(jobPercent({ status: 'done', processed: 0, total: null })).toBe(100);
  });
});
