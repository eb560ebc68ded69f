import { transcriptMessages, type Transcript, type TranscriptSegment } from '@bagysh/shared';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { intArray, textArray } from '../person-rows';
import type { Viewer } from '../privacy';
import type { RecordFields, RecordKind } from '../proposals/record-kind';

/**
 * Transcripts of recordings (docs/features.md, Transcripts): the timed segments of one audio or
 * video file. A guest reads a transcript only when its file is public, as they may download it;
 * members read every one. The words are written only through proposals (`transcriptKind`).
 */

/** The transcript row `t` may be read by `viewer`: its file is public, or the viewer a member. */
export function transcriptVisible(viewer: Viewer): SQL {
  if (viewer.seesLiving) return sql`true`;
  return sql`exists (select 1 from files tf where tf.id = t.id and tf.visibility = 'public')`;
}

interface SegmentRow {
  start_ms: number;
  speaker: string;
  text: string;
}

const toSegment = (row: SegmentRow): TranscriptSegment => ({
  start: row.start_ms / 1000,
  speaker: row.speaker,
  text: row.text,
});

async function segmentsOf(db: Db, transcriptId: number): Promise<TranscriptSegment[]> {
  const rows = await queryRows<SegmentRow>(
    db,
    sql`select start_ms, speaker, text from transcript_segments
        where transcript_id = ${transcriptId} order by position`,
  );
  return rows.map(toSegment);
}

/**
 * The transcript of a recording's file: no segments and no `updated_at` while none is written;
 * 404 when there is no such file or the viewer may not read it (a guest: members-only files).
 */
export async function getTranscriptOfFile(
  db: Db,
  fileId: number,
  viewer: Viewer,
): Promise<Transcript> {
  const readable = viewer.seesLiving ? sql`true` : sql`f.visibility = 'public'`;
  const [row] = await queryRows<{ transcribed: boolean; updated_at: string | null }>(
    db,
    sql`select t.id is not null as transcribed, to_json(t.updated_at) #>> '{}' as updated_at
        from files f left join transcripts t on t.id = f.id
        where f.id = ${fileId} and ${readable}`,
  );
  if (!row) throw notFound();
  return {
    file_id: fileId,
    segments: row.transcribed ? await segmentsOf(db, fileId) : [],
    updated_at: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  };
}

/** Whether a file has a transcript (a write creates one or corrects it). */
export async function hasTranscript(db: Db, fileId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from transcripts where id = ${fileId}`);
  return rows.length > 0;
}

async function writeSegments(tx: Db, transcriptId: number, segments: TranscriptSegment[]) {
  await tx.execute(sql`delete from transcript_segments where transcript_id = ${transcriptId}`);
  if (segments.length === 0) return;
  await tx.execute(
    sql`insert into transcript_segments (transcript_id, position, start_ms, speaker, text)
        select ${transcriptId}, s.position - 1, s.start_ms, s.speaker, s.text
        from unnest(${intArray(segments.map((s) => Math.round(s.start * 1000)))},
                    ${textArray(segments.map((s) => s.speaker))},
                    ${textArray(segments.map((s) => s.text))})
             with ordinality as s(start_ms, speaker, text, position)`,
  );
}

const segmentsField = (fields: RecordFields) => (fields.segments ?? []) as TranscriptSegment[];

export const transcriptKind: RecordKind = {
  type: 'transcript',
  table: 'transcripts',
  labelSql: `(select f.name from files f where f.id = x.id)`,

  // A recording's file, and none transcribed yet: a second writer corrects the first.
  async validateCreate(tx, fields) {
    const fileId = fields.file_id as number;
    const [file] = await queryRows<{ kind: string; transcribed: boolean }>(
      tx,
      sql`select f.kind, exists (select 1 from transcripts t where t.id = f.id) as transcribed
          from files f where f.id = ${fileId}`,
    );
    if (!file) throw notFound();
    if (file.kind !== 'audio' && file.kind !== 'video') {
      throw fieldError('file_id', transcriptMessages.notRecording);
    }
    if (file.transcribed) throw conflict(transcriptMessages.exists);
  },

  // The id is the file's, whether new or restored.
  async create(tx, fields, userId) {
    const fileId = fields.file_id as number;
    await tx.execute(
      sql`insert into transcripts (id, created_by_id) values (${fileId}, ${userId})`,
    );
    await writeSegments(tx, fileId, segmentsField(fields));
    return fileId;
  },

  async snapshot(tx, id) {
    const rows = await queryRows(tx, sql`select 1 from transcripts where id = ${id} for update`);
    if (rows.length === 0) return null;
    return { file_id: id, segments: await segmentsOf(tx, id) };
  },

  async validateUpdate(_tx, _id, changes) {
    if ('file_id' in changes) throw fieldError('file_id', transcriptMessages.notRecording);
  },

  async update(tx, id, changes) {
    if (!Array.isArray(changes.segments)) return;
    await writeSegments(tx, id, changes.segments as TranscriptSegment[]);
    await tx.execute(sql`update transcripts set updated_at = now() where id = ${id}`);
  },

  async validateDelete() {},

  async delete(tx, id) {
    await tx.execute(sql`delete from transcripts where id = ${id}`);
    return null;
  },
};
