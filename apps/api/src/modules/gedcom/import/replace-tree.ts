import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { personsTable } from '../../../genealogy/person-table';
import type { FileRow } from '../rows';

/**
 * Deletes the whole tree inside a replacing import's final transaction (the caller holds the
 * tree lock): clans, persons and everything that hangs on them (names, events, citations,
 * note and media links, further parent families, unions and their events, by their cascades),
 * and the tree's shared records (sources, notes, places). The revision history stays, as do
 * uploaded files and articles (which lose their person link); the old tree's imported media go
 * at the end of the transaction (`deleteUnlinkedImportedFiles`). If anything after this fails,
 * the transaction rolls back and the old tree is as it was.
 */
export async function deleteTree(tx: Db): Promise<void> {
  // Clans name their founder without a cascade: first.
  await tx.execute(sql`delete from clans`);
  // One statement: the father/mother references between deleted rows are checked at its end.
  await tx.execute(sql`delete from ${personsTable}`);
  await tx.execute(sql`delete from sources`);
  await tx.execute(sql`delete from notes`);
  await tx.execute(sql`delete from places`);
}

/**
 * Deletes, at the end of a replacing import's transaction, the files GEDZip imports brought in
 * (`origin` 'gedcom') that nothing links to any more — the old tree's media, once its persons
 * and links are gone, and not those the new tree reuses or that a user put on an article, an
 * avatar or another record. Files users uploaded stay. Answers the blobs they named, for the
 * caller to release after the commit (`releaseBlobs`: a blob another row names stays); the
 * backup the import made first holds them all.
 */
export async function deleteUnlinkedImportedFiles(tx: Db): Promise<(string | null)[]> {
  const rows = await queryRows<Pick<FileRow, 'checksum' | 'thumbnail_checksum'>>(
    tx,
    sql`delete from files f where f.origin = 'gedcom'
        and not exists (select 1 from media_links l where l.file_id = f.id)
        and not exists (select 1 from ${personsTable} p where p.photo_file_id = f.id)
        and not exists (select 1 from users u where u.avatar_file_id = f.id)
        and not exists (select 1 from posts c where c.cover_file_id = f.id)
      returning f.checksum, f.thumbnail_checksum`,
  );
  return rows.flatMap((row) => [row.checksum, row.thumbnail_checksum]);
}
