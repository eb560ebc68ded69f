/** A GEDCOM line with the lines below it: a level-0 record, or one of its substructures. */
export interface GedcomNode {
  line: number;
  tag: string;
  xref: string | null;
  value: string;
  children: GedcomNode[];
  /**
   * The line's value is a pointer (`@I12@`) as written, not text that reads like one once its
   * `@@` are unescaped (`@@I12@@`): only the first can name a record.
   */
  pointer?: true;
}

/** The standard tags of GEDCOM 5.5, 5.5.1, 5.5.5 and 7.0, and the extensions this site writes. */
const KNOWN_TAGS = new Set(
  (
    'ABBR ADDR ADR1 ADR2 ADR3 ADOP AFN AGE AGNC ALIA ANCE ANCI ANUL ASSO AUTH BAPL BAPM BARM ' +
    'BASM BIRT BLES BLOB BURI CALN CAST CAUS CENS CHAN CHAR CHIL CHR CHRA CITY CONC CONF CONL ' +
    'CONT COPR CORP CREA CREM CROP CTRY DATA DATE DEAT DESC DESI DEST DIV DIVF DSCR EDUC EMAI ' +
    'EMAIL EMIG ENDL ENGA EVEN EXID FACT FAM FAMC FAMF FAMS FAX FCOM FILE FONE FORM GEDC GIVN ' +
    'GRAD HEAD HEIGHT HUSB IDNO IMMI INDI INIL LANG LATI LEFT LONG MAP MARB MARC MARL MARR MARS ' +
    'MEDI MILI MIME NAME NATI NATU NCHI NICK NMR NO NOTE NPFX NSFX OBJE OCCU ORDI ORDN PAGE PEDI PHON ' +
    'PHRASE PLAC POST PROB PROP PUBL QUAY REFN RELA RELI REPO RESI RESN RETI RFN RIN ROLE ROMN ' +
    'SCHMA SDATE SEX SLGC SLGS SNOTE SOUR SPFX SSN STAE STAT SUBM SUBN SURN TAG TEMP TEXT TIME ' +
    'TITL TOP TRAN TRLR TYPE UID VERS WIDTH WIFE WWW _LIVING _BORD'
  ).split(' '),
);

/** Whether the reader reports a tag as unknown: custom tags (`_TAG`) are expected. */
export function isUnknownTag(tag: string): boolean {
  return !KNOWN_TAGS.has(tag) && !tag.startsWith('_');
}

/** `HEAD.GEDC.VERS`: '5.5.1', '7.0', … ('' when absent). */
export function headerVersion(head: GedcomNode): string {
  const gedc = head.children.find((child) => child.tag === 'GEDC');
  return gedc?.children.find((child) => child.tag === 'VERS')?.value.trim() ?? '';
}

/** A node's first substructure with `tag`. */
export function child(node: GedcomNode, tag: string): GedcomNode | undefined {
  return node.children.find((c) => c.tag === tag);
}
