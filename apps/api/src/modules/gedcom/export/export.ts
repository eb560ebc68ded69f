import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { personsTable } from '../../../genealogy/person-table';
import { subtreeCondition } from '../../../genealogy/person-rows';
import { notFound } from '../../../lib/http-errors';
import type { PersonRow } from '../rows';
import { ExportContext, type ExportOptions } from './context';
import { extraTags } from './header';
import { individualsAndFamilies } from './individuals';
import { objectRecords } from './objects';
import { noteRecords, sourceRecords } from './sources';

export type { ExportOptions } from './context';

/**
 * GEDCOM export (5.5.1 or 7.0, UTF-8), streamed section by section: the header (header.ts),
 * individuals and families batch by batch in lineage order, each batch fetching its records by
 * id lists, a fixed number of queries per batch (individuals.ts, families.ts, records.ts), then
 * sources and shared notes in keyset pages (sources.ts) and (7.0) media objects (objects.ts).
 * What one section tells the next — the sources, notes and files referred to — is in the
 * export's context (context.ts).
 */

/** Checks the root before the response starts (a 404 cannot follow a 200). */
export async function exportScope(db: Db, root: number | undefined): Promise<SQL> {
  if (root === undefined) return sql`true`;
  const [row] = await queryRows<Pick<PersonRow, 'path'>>(
    db,
    sql`select path from ${personsTable} where id = ${root}`,
  );
  if (!row) throw notFound();
  return sql`(p.id = ${root} or ${subtreeCondition([...row.path, root])})`;
}

export async function* exportGedcom(
  db: Db,
  baseScope: SQL,
  options: ExportOptions,
): AsyncGenerator<string> {
  const ctx = new ExportContext(db, baseScope, options);
  yield ctx.w.header(ctx.w.v7 ? await extraTags(db) : []);
  yield* individualsAndFamilies(db, ctx);
  yield* sourceRecords(db, ctx);
  yield* noteRecords(db, ctx);
  if (ctx.w.v7) yield* objectRecords(db, ctx);
  yield '0 TRLR\n';
}
