import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Deletes the whole tree inside a replacing import's final transaction (the caller holds the
 * tree lock): clans, persons and everything that hangs on them (names, events, citations,
 * note and media links, further parent families, unions and their events, by their cascades),
 * and the tree's shared records (sources, notes, places). The revision history stays, as do
 * uploaded files and articles (which lose their person link). If anything after this fails,
 * the transaction rolls back and the old tree is as it was.
 */
export async function deleteTree(tx: Db): Promise<void> {
  // Clans name their founder without a cascade: first.
  await tx.execute(sql`delete from clans`);
  // One statement: the father/mother references between deleted rows are checked at its end.
  await tx.execute(sql`delete from persons`);
  await tx.execute(sql`delete from sources`);
  await tx.execute(sql`delete from notes`);
  await tx.execute(sql`delete from places`);
}
