import { foldName, type SourceKind } from '@bagysh/shared';
import type { App } from '../../app';
import { notes, places, sources } from '../../db/schema';

/**
 * Test data: shared records a person's records point to, written straight to the database
 * (their own API belongs to the sources, places and notes modules).
 */

export async function addSource(
  app: App,
  fields: { title?: string; kind?: SourceKind } = {},
): Promise<number> {
  const [row] = await app.db
    .insert(sources)
    .values({ title: fields.title ?? 'Санжыра китеби', kind: fields.kind ?? 'book' })
    .returning({ id: sources.id });
  if (!row) throw new Error('source insert returned nothing');
  return row.id;
}

export async function addPlace(app: App, name: string, parentId: number | null = null) {
  const [row] = await app.db
    .insert(places)
    .values({ name, nameKey: foldName(name), parentId })
    .returning({ id: places.id });
  if (!row) throw new Error('place insert returned nothing');
  return row.id;
}

export async function addNote(app: App, text: string, isPrivate = false): Promise<number> {
  const [row] = await app.db.insert(notes).values({ text, isPrivate }).returning({ id: notes.id });
  if (!row) throw new Error('note insert returned nothing');
  return row.id;
}
