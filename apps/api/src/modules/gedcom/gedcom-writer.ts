import type { EventType, NameKind, ParentRelation } from '@bagysh/shared';
import type { GedcomExtraNode } from '../../db/schema/records';

/**
 * GEDCOM lines as text, 5.5.1 or 7.0: escapes, long and multi-line values, the tags of our
 * vocabularies, and the custom tags every export may write (declared in a 7.0 HEAD.SCHMA).
 *
 * Custom tags (read back by the import):
 * - `_LIVING Y` (person flagged living), `_BORD n` (birth order among siblings);
 * - `_MIGR` (migration, көч) and `_MILT` (military service) events;
 * - on a SOUR record: `_KIND book|archive|web|informant` (absent: other) and, for an informant,
 *   `_TOLD` with `DATE` and `PLAC` (when and where it was told; AUTH is who told it);
 * - `_PRIVATE Y` on a shared NOTE/SNOTE record that is private;
 * - `_PRIM Y` under the OBJE of a person's primary photo.
 */

export type GedcomVersion = '5.5.1' | '7.0';

/** 5.5.1 lines stay under 255 characters; longer text continues with CONC. */
const MAX_VALUE = 200;

export const OUR_CUSTOM_TAGS = [
  '_LIVING',
  '_BORD',
  '_MIGR',
  '_MILT',
  '_KIND',
  '_TOLD',
  '_PRIVATE',
  '_PRIM',
] as const;

export const EVENT_TAGS: Record<EventType, string> = {
  birth: 'BIRT',
  christening: 'CHR',
  death: 'DEAT',
  burial: 'BURI',
  marriage: 'MARR',
  divorce: 'DIV',
  residence: 'RESI',
  migration: '_MIGR',
  occupation: 'OCCU',
  education: 'EDUC',
  military: '_MILT',
  other: 'EVEN',
};

/** Events whose bare tag says "it happened, details unknown" as `Y` (5.5.1 and 7.0). */
export const Y_EVENTS: ReadonlySet<EventType> = new Set([
  'birth',
  'christening',
  'death',
  'burial',
  'marriage',
  'divorce',
]);

/** 7.0 NAME.TYPE enumeration; our other kinds go as OTHER with a PHRASE. */
const NAME_TYPES_7: Partial<Record<NameKind, string>> = {
  aka: 'AKA',
  birth: 'BIRTH',
  immigrant: 'IMMIGRANT',
  maiden: 'MAIDEN',
  married: 'MARRIED',
  professional: 'PROFESSIONAL',
  other: 'OTHER',
};

/** 7.0 PEDI enumeration; step and unknown go as OTHER with a PHRASE. */
const PEDI_7: Partial<Record<ParentRelation, string>> = {
  adopted: 'ADOPTED',
  foster: 'FOSTER',
  birth: 'BIRTH',
};

/** 5.5.1 FORM: a file extension. */
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/tiff': 'tif',
  'image/bmp': 'bmp',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'video/mp4': 'mp4',
  'text/plain': 'txt',
};

export class GedcomWriter {
  readonly v7: boolean;

  constructor(readonly version: GedcomVersion) {
    this.v7 = version === '7.0';
  }

  /** One line's value: `@` doubled (5.5.1: every one; 7.0: a leading one), line breaks folded. */
  escape(value: string): string {
    const flat = value.replace(/[\r\n]+/g, ' ');
    return this.v7 ? flat.replace(/^@/, '@@') : flat.replace(/@/g, '@@');
  }

  /** A pointer or keyword line, written as it is. */
  raw(level: number, tag: string, value?: string | null): string {
    return value === undefined || value === null || value === ''
      ? `${level} ${tag}\n`
      : `${level} ${tag} ${value}\n`;
  }

  /**
   * A text value of any length and any number of lines: CONT for each line break, and in
   * 5.5.1 CONC for the rest of a long line (7.0 has no CONC and no line length limit).
   */
  text(level: number, tag: string, value: string | null | undefined): string {
    const lines = (value ?? '').replace(/\r\n?/g, '\n').split('\n');
    let out = '';
    lines.forEach((line, i) => {
      const escaped = this.v7 ? line.replace(/^@/, '@@') : line.replace(/@/g, '@@');
      const chars = [...escaped];
      const parts: string[] = [];
      if (this.v7) parts.push(escaped);
      else
        for (let k = 0; k === 0 || k < chars.length; k += MAX_VALUE)
          parts.push(chars.slice(k, k + MAX_VALUE).join(''));
      parts.forEach((part, j) => {
        const [lvl, t] = i === 0 && j === 0 ? [level, tag] : [level + 1, j === 0 ? 'CONT' : 'CONC'];
        out += part === '' ? `${lvl} ${t}\n` : `${lvl} ${t} ${part}\n`;
      });
    });
    return out;
  }

  /** `text` when there is a value, nothing otherwise. */
  optional(level: number, tag: string, value: string | null | undefined): string {
    return value === null || value === undefined || value === '' ? '' : this.text(level, tag, value);
  }

  /** Unknown and custom structures kept by the import, back at their level. */
  extra(level: number, nodes: GedcomExtraNode[] | null | undefined): string {
    let out = '';
    for (const node of nodes ?? []) {
      out += this.text(level, node.tag, node.value);
      out += this.extra(level + 1, node.children);
    }
    return out;
  }

  /** NAME.TYPE (and its 7.0 PHRASE) of a name of this kind. */
  nameType(level: number, kind: NameKind): string {
    if (!this.v7) return `${level} TYPE ${kind}\n`;
    const type = NAME_TYPES_7[kind];
    return type
      ? `${level} TYPE ${type}\n`
      : `${level} TYPE OTHER\n${this.text(level + 1, 'PHRASE', kind)}`;
  }

  /** FAMC.PEDI for a further parent family. */
  pedigree(level: number, relation: ParentRelation): string {
    if (!this.v7) return `${level} PEDI ${relation}\n`;
    const pedi = PEDI_7[relation];
    return pedi
      ? `${level} PEDI ${pedi}\n`
      : `${level} PEDI OTHER\n${this.text(level + 1, 'PHRASE', relation)}`;
  }

  /** FORM of a file: 7.0 a media type, 5.5.1 an extension. */
  form(mimeType: string, fileName: string): string {
    if (this.v7) return mimeType;
    return EXTENSIONS[mimeType] ?? /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'bin';
  }

  header(customTags: Iterable<string>): string {
    if (this.v7) {
      const schema = [...new Set([...OUR_CUSTOM_TAGS, ...customTags])]
        .sort()
        .map((tag) => `2 TAG ${tag} https://bagysh.kg/gedcom/${tag}`);
      return [
        '0 HEAD',
        '1 GEDC',
        '2 VERS 7.0',
        '1 SCHMA',
        ...schema,
        '1 SOUR BAGYSH',
        '2 NAME Багыш санжырасы',
        '',
      ].join('\n');
    }
    return [
      '0 HEAD',
      '1 SOUR BAGYSH',
      '2 NAME Багыш санжырасы',
      '1 SUBM @U1@',
      '1 GEDC',
      '2 VERS 5.5.1',
      '2 FORM LINEAGE-LINKED',
      '1 CHAR UTF-8',
      '0 @U1@ SUBM',
      '1 NAME Багыш санжырасы',
      '',
    ].join('\n');
  }
}

/**
 * A NAME value: the name with its surname in slashes (`Асан /Үсөнов/`) when the surname is part
 * of it, as it is otherwise (the surname then travels in SURN only).
 */
export function nameWithSurname(name: string, surname: string | null): string {
  if (!surname) return name;
  const at = name.lastIndexOf(surname);
  if (at < 0) return name;
  return `${name.slice(0, at)}/${surname}/${name.slice(at + surname.length)}`;
}
