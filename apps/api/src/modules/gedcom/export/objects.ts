import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client';
import { intArray } from '../../../genealogy/person-rows';
import type { FileRow, MediaLinkRow } from '../rows';
import { BATCH, objeXref, type ExportContext } from './context';

/**
 * Media: the OBJE links of persons, events and sources, and (7.0: an OBJE link always points
 * to a record) the OBJE records of the files they name, written last.
 */

/** A media link as the export reads it: the linked record (`p12`, `e5`), the file's name and type. */
export type MediaRow = { target: string } & Pick<MediaLinkRow, 'file_id' | 'title'> &
  Pick<FileRow, 'name' | 'mime_type'>;

/** A file as an OBJE names it. */
export type ObjectFile = Pick<FileRow, 'id' | 'name' | 'mime_type'>;

function fileUrl(publicUrl: string, id: number): string {
  return `${publicUrl}/api/files/${id}/download/`;
}

/** An OBJE link: 5.5.1 inline (FILE, FORM, TITL), 7.0 a pointer with the link's TITL. */
export function objeLines(
  ctx: ExportContext,
  level: number,
  file: { file_id?: number; id?: number; name: string; mime_type: string },
  title: string | null,
  primary: boolean,
): string {
  const { w } = ctx;
  const id = file.file_id ?? file.id ?? 0;
  let out: string;
  if (w.v7) {
    ctx.fileIds.add(id);
    out = w.raw(level, 'OBJE', objeXref(id));
    out += w.optional(level + 1, 'TITL', title);
  } else {
    out = w.raw(level, 'OBJE');
    out += w.text(level + 1, 'FILE', fileUrl(ctx.publicUrl, id));
    out += w.raw(level + 2, 'FORM', w.form(file.mime_type, file.name));
    out += w.optional(level + 2, 'TITL', title);
  }
  if (primary) out += w.raw(level + 1, '_PRIM', 'Y');
  return out;
}

/** The OBJE records of every file the written records link to (7.0). */
export async function* objectRecords(db: Db, ctx: ExportContext): AsyncGenerator<string> {
  const { w } = ctx;
  const ids = [...ctx.fileIds].sort((a, b) => a - b);
  for (let k = 0; k < ids.length; k += BATCH) {
    await setImmediate();
    const rows = await queryRows<ObjectFile>(
      db,
      sql`select id, name, mime_type from files where id = any(${intArray(ids.slice(k, k + BATCH))})
          order by id`,
    );
    let out = '';
    for (const f of rows) {
      out += `0 ${objeXref(f.id)} OBJE\n`;
      out += w.text(1, 'FILE', fileUrl(ctx.publicUrl, f.id));
      out += w.raw(2, 'FORM', w.form(f.mime_type, f.name));
      out += w.text(2, 'TITL', f.name);
    }
    yield out;
  }
}
