import type { GedcomExtraNode } from '../../db/schema';

/**
 * What this site writes for what GEDCOM has no word for: the export (export/) writes exactly
 * these, and the import (import/) reads them back.
 * - A name's kind: 5.5.1 `2 TYPE <kind>` in lower case (aka, birth, immigrant, maiden, married
 *   are standard; documents, religious, professional, other are user-defined values); 7.0
 *   `2 TYPE AKA|BIRTH|IMMIGRANT|MAIDEN|MARRIED|PROFESSIONAL`, and for the others `2 TYPE OTHER`
 *   + `3 PHRASE DOCUMENTS|RELIGIOUS` ("documents" = the name in Russian documents). Read case
 *   insensitively; an unknown TYPE gives kind 'other' and keeps its TYPE line in `extra`.
 * - A name's ROMN/FONE variant is a name row of kind 'other' whose `extra` starts with
 *   `{tag: '_VARIANT', value: 'ROMN'|'FONE'}`: written back as `2 ROMN`/`2 FONE` under the
 *   name row before it.
 * - A source's kind: `1 _TYPE BOOK|ARCHIVE|WEB|INFORMANT` (none for 'other'). An informant
 *   (айтуучу): `1 _TYPE INFORMANT`, `1 AUTH <who told it>`, `1 DATA` + `2 DATE <when>` +
 *   `2 PLAC <where>` (also read from the standard `2 EVEN` + `3 DATE`/`3 PLAC`).
 * - An event of type 'other': `custom_type` is a GEDCOM tag (CENS, ENGA, CREM…) when it came
 *   from one — written back as that tag — else the text of `1 EVEN` + `2 TYPE`. Christening
 *   from BAPM, burial from CREM, migration (EMIG/IMMI) and military service from MILI/_MILI
 *   keep their tag in `custom_type` too (CHR, BURI, _MILT and _MIGR are the defaults).
 * - Unknown and custom data: `extra` of its record, in file order, as {tag, value, children}.
 */

/** The name of a person the file gives none: the export then writes no NAME either. */
export const NO_NAME = 'Аты белгисиз';

/**
 * A comma inside one place's own name, as the export writes it: GEDCOM's PLAC is a list whose
 * items cannot hold a comma (the comma separates the jurisdictions), so the export writes
 * U+201A (‚, which looks like a comma) and the import reads it back as a comma.
 */
export const PLACE_NAME_COMMA = '\u201A';

/**
 * The lines of a source's repository citation that the site does not model, as the import
 * (`mapSource`) keeps them: a REPO without value (its pointer is the source's repository),
 * which the export writes under the citation it makes of the repository.
 */
export function isRepositoryCitation(node: GedcomExtraNode): boolean {
  return node.tag === 'REPO' && node.value === '' && node.target === undefined;
}
