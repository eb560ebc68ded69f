import {
  hasRole,
  parseGedcomDate,
  recordingMessages,
  type Recording,
  type RecordingInput,
  type RecordingPatchInput,
} from '@bagysh/shared';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { recordingPersons, recordings } from '../../db/schema';
import { referencedFile } from '../../files/files.service';
import { viewerOf } from '../../genealogy/privacy';
import {
  existingPersonIds,
  getRecording,
  informantSourceState,
  type RecordingsReader,
} from '../../genealogy/records/recordings';
import { postgresError, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { fieldError, forbidden, notFound } from '../../lib/http-errors';
import type { CurrentUser } from '../../plugins/auth';

/**
 * Recordings' writes (docs/features.md, Recordings): members link an audio or video file to an
 * informant source; staff or the file's owner change or remove the link (never the file).
 */

export function readerOf(user: CurrentUser | null): RecordingsReader {
  return {
    viewer: viewerOf({ user }),
    userId: user?.id ?? null,
    staff: user !== null && hasRole(user.role, 'moderator'),
  };
}

const storedDate = (text: string | null) =>
  text === null ? null : JSON.stringify(parseGedcomDate(text));

async function checkSource(db: Db, id: number): Promise<void> {
  const state = await informantSourceState(db, id);
  if (state === 'missing') throw fieldError('source_id', recordingMessages.noSuchSource);
  if (state === 'other') throw fieldError('source_id', recordingMessages.notInformant);
}

async function checkPlace(db: Db, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const rows = await queryRows(db, sql`select 1 from places where id = ${id}`);
  if (rows.length === 0) throw fieldError('told_place_id', recordingMessages.noSuchPlace);
}

async function checkPersons(db: Db, ids: number[] | undefined): Promise<number[]> {
  if (ids === undefined) return [];
  const unique = [...new Set(ids)];
  const found = await existingPersonIds(db, unique);
  if (found.size !== unique.length) throw fieldError('person_ids', recordingMessages.noSuchPerson);
  return unique;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function writePersons(tx: Tx, recordingId: number, personIds: number[]): Promise<void> {
  await tx.delete(recordingPersons).where(eq(recordingPersons.recordingId, recordingId));
  if (personIds.length === 0) return;
  await tx
    .insert(recordingPersons)
    .values(personIds.map((personId, position) => ({ recordingId, personId, position })));
}

/** A member links a finished upload or an existing audio or video file to an informant. */
export async function createRecording(
  db: Db,
  user: CurrentUser,
  input: RecordingInput,
): Promise<Recording> {
  const file = await referencedFile(db, input.file_id, 'file_id', recordingMessages.noSuchFile);
  if (file.kind !== 'audio' && file.kind !== 'video') {
    throw fieldError('file_id', recordingMessages.notAudio);
  }
  await checkSource(db, input.source_id);
  await checkPlace(db, input.told_place_id);
  const personIds = await checkPersons(db, input.person_ids);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(recordings)
        .values({
          fileId: input.file_id,
          sourceId: input.source_id,
          toldDate: sql`${storedDate(input.told_date)}::jsonb`,
          toldPlaceId: input.told_place_id,
          durationSeconds: input.duration_seconds,
          createdById: user.id,
        })
        .returning({ id: recordings.id });
      if (!row) throw new Error('recording insert returned nothing');
      await writePersons(tx, row.id, personIds);
      return row.id;
    });
  } catch (error) {
    if (postgresError(error)?.code === UNIQUE_VIOLATION) {
      throw fieldError('file_id', recordingMessages.alreadyRecording);
    }
    throw error;
  }
  return getRecording(db, id, readerOf(user));
}

/** The recording for a change by `user`: 404 when missing, 403 unless staff or the file's owner. */
async function editable(db: Db, user: CurrentUser, id: number): Promise<void> {
  const recording = await getRecording(db, id, readerOf(user));
  if (!recording.can_edit) throw forbidden();
}

export async function updateRecording(
  db: Db,
  user: CurrentUser,
  id: number,
  input: RecordingPatchInput,
): Promise<Recording> {
  await editable(db, user, id);
  if (input.source_id !== undefined) await checkSource(db, input.source_id);
  await checkPlace(db, input.told_place_id);
  const personIds =
    input.person_ids === undefined ? undefined : await checkPersons(db, input.person_ids);
  await db.transaction(async (tx) => {
    await tx
      .update(recordings)
      .set({
        ...(input.source_id !== undefined && { sourceId: input.source_id }),
        ...(input.told_date !== undefined && {
          toldDate: sql`${storedDate(input.told_date)}::jsonb`,
        }),
        ...(input.told_place_id !== undefined && { toldPlaceId: input.told_place_id }),
        ...(input.duration_seconds !== undefined && { durationSeconds: input.duration_seconds }),
        updatedAt: new Date(),
      })
      .where(eq(recordings.id, id));
    if (personIds !== undefined) await writePersons(tx, id, personIds);
  });
  return getRecording(db, id, readerOf(user));
}

/** Removes the recording (the link); the file stays in the files. */
export async function deleteRecording(db: Db, user: CurrentUser, id: number): Promise<void> {
  await editable(db, user, id);
  const deleted = await db
    .delete(recordings)
    .where(eq(recordings.id, id))
    .returning({ id: recordings.id });
  if (deleted.length === 0) throw notFound();
}
