import type { EventType, NameKind, ParentRelation } from '@bagysh/shared';
import type { GedcomExtraNode, GedcomExtraTarget } from '../../../db/schema/records';

/**
 * GEDCOM lines as text, 5.5.1 or 7.0: escapes, long and multi-line values, the tags of our
 * vocabularies, and the custom tags every export may write (declared in a 7.0 HEAD.SCHMA).
 *
 * The tags for what GEDCOM has no word for are the ones the import reads back (the list in
 * conventions.ts): name kinds as NAME.TYPE (7.0: OTHER + PHRASE for ours), a source's
 * kind as `1 _TYPE BOOK|ARCHIVE|WEB|INFORMANT`, an informant's when and where as `1 DATA` +
 * `2 DATE`/`2 PLAC`, a private shared note as `1 RESN PRIVACY`, an event's own GEDCOM tag
 * (BAPM, CENS…) from `custom_type`. Ours besides: `_LIVING Y`, `_BORD n`, `_MILT` (military),
 * `_MIGR` (migration, көч) and `_PRIM Y` under the OBJE of a person's primary photo.
 */

export type GedcomVersion = '5.5.1' | '7.0';

/** 5.5.1 lines stay under 255 characters; longer text continues with CONC. */
const MAX_VALUE = 200;

export const OUR_CUSTOM_TAGS = ['_LIVING', '_BORD', '_MIGR', '_MILT', '_TYPE', '_PRIM'] as const;

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

/**
 * GEDCOM tags an event keeps in `custom_type` (the import maps them to one of our types or to
 * 'other'): written back as that tag. Any other `custom_type` is the TYPE of an EVEN.
 */
const KEPT_TAGS: Record<EventType, ReadonlySet<string>> = (() => {
  const person = new Set(
    (
      'ADOP BARM BASM BLES CHRA CONF FCOM ORDN NATU CENS PROB WILL GRAD RETI CAST DSCR IDNO ' +
      'NATI NCHI NMR PROP RELI SSN TITL EVEN FACT'
    ).split(' '),
  );
  const union = 'ANUL CENS DIVF ENGA MARB MARC MARL MARS RESI NCHI EVEN FACT'.split(' ');
  const none = new Set<string>();
  return {
    birth: none,
    christening: new Set(['BAPM']),
    death: none,
    burial: new Set(['CREM']),
    marriage: none,
    divorce: none,
    residence: none,
    migration: new Set(['EMIG', 'IMMI']),
    occupation: none,
    education: none,
    military: new Set(['MILI', '_MILI']),
    other: new Set([...person, ...union]),
  };
})();

/** The tag of an event, and the TYPE of an EVEN. */
export function eventTag(
  type: EventType,
  customType: string | null,
): { tag: string; type: string | null } {
  if (customType !== null && KEPT_TAGS[type].has(customType))
    return { tag: customType, type: null };
  return { tag: EVENT_TAGS[type], type: type === 'other' ? customType : null };
}

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
    return value === null || value === undefined || value === ''
      ? ''
      : this.text(level, tag, value);
  }

  /**
   * Unknown and custom structures kept by the import, back at their level. A pointer among them
   * names its record by `xrefOf` (this file's xref, or null when the file lacks that record):
   * never the xref of the file it came from, which here may name another record. One to nothing
   * is 7.0's `@VOID@`; 5.5.1 has no such pointer, and gets the old xref as text (`@@I12@@`),
   * or for a `@VOID@` of the file the structure without a value (its lines below kept).
   */
  extra(
    level: number,
    nodes: GedcomExtraNode[] | null | undefined,
    xrefOf: (target: GedcomExtraTarget) => string | null,
  ): string {
    let out = '';
    for (const node of nodes ?? []) {
      if (node.target === undefined) out += this.text(level, node.tag, node.value);
      else {
        const xref = node.target === null ? null : xrefOf(node.target);
        if (xref !== null) out += this.raw(level, node.tag, xref);
        else if (this.v7) out += this.raw(level, node.tag, '@VOID@');
        else if (node.value.trim() === '@VOID@') out += this.raw(level, node.tag);
        else out += this.text(level, node.tag, node.value);
      }
      out += this.extra(level + 1, node.children, xrefOf);
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
    return (
      EXTENSIONS[mimeType] ?? /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'bin'
    );
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
