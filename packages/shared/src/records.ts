/**
 * The records a genealogist keeps beside the patrilineal spine (docs/genealogy.md, Records): names,
 * events, places, sources and citations, notes, media links and further parent families. The
 * vocabularies below are stored as they are in the database (text columns with checks).
 */

/** What kind of name a person's other name is (GEDCOM NAME.TYPE, plus Russian documents). */
export const NAME_KINDS = [
  'birth',
  'aka',
  'documents',
  'maiden',
  'married',
  'religious',
  'professional',
  'immigrant',
  'other',
] as const;
export type NameKind = (typeof NAME_KINDS)[number];

/** The Kyrgyz name of each kind of other name (the person page and the printed book). */
export const NAME_KIND_LABELS: Readonly<Record<NameKind, string>> = {
  birth: 'туулгандагы аты',
  aka: 'башка аты',
  documents: 'документтеги аты',
  maiden: 'кыз кезиндеги аты',
  married: 'турмушка чыккандагы аты',
  religious: 'диний аты',
  professional: 'кесиптик аты',
  immigrant: 'көчкөндөн кийинки аты',
  other: 'башка аты',
};

/**
 * Event types of a person or a union. `other` carries its own type as text (GEDCOM EVEN/FACT
 * with TYPE, or a custom tag).
 */
export const EVENT_TYPES = [
  'birth',
  'christening',
  'death',
  'burial',
  'marriage',
  'divorce',
  'residence',
  'migration',
  'occupation',
  'education',
  'military',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * The Kyrgyz name of each event type, as the person page's timeline and the printed book show
 * it (the web's catalogue takes them from here).
 */
export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = {
  birth: 'Туулган',
  christening: 'Ат коюлган',
  death: 'Каза болгон',
  burial: 'Жерге берилген',
  marriage: 'Нике',
  divorce: 'Ажырашкан',
  residence: 'Жашаган жери',
  migration: 'Көчкөн',
  occupation: 'Кесиби',
  education: 'Билими',
  military: 'Аскер кызматы',
  other: 'Башка окуя',
};

/** Events that belong to a union rather than to one person. */
export const UNION_EVENT_TYPES = ['marriage', 'divorce', 'other'] as const;

/**
 * How a child belongs to a parent family. The birth family is the person's `father_id` /
 * `mother_id` and carries the lineage; the other families are rows of `parent_families`.
 */
export const PARENT_RELATIONS = ['birth', 'adopted', 'foster', 'step', 'unknown'] as const;
export type ParentRelation = (typeof PARENT_RELATIONS)[number];

/** Kinds of source. Kyrgyz санжыра is mostly oral: an informant (айтуучу) is a source. */
export const SOURCE_KINDS = ['book', 'archive', 'web', 'informant', 'other'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Where a birth or death year of the tree comes from when there is no birth or death event. */
export const YEAR_SOURCES = ['christening', 'burial'] as const;
export type YearSource = (typeof YEAR_SOURCES)[number];

export const RECORD_LIMITS = {
  /**
   * A note (shared or inline) may hold this many characters; a longer one is refused by the
   * API and, on import, kept whole up to this size with a warning naming the line.
   */
  noteMaxLength: 100_000,
  nameMaxLength: 200,
  placeNameMaxLength: 200,
  titleMaxLength: 500,
  textMaxLength: 2000,
  /** GEDCOM QUAY: 0 unreliable … 3 direct, primary evidence. */
  maxCitationQuality: 3,
  maxNamesPerPerson: 50,
  maxEventsPerPerson: 200,
  maxCitationsPerRecord: 50,
  /** A cited second of a recording: a whole day's telling. */
  maxRecordingSecond: 24 * 60 * 60,
  maxMediaPerRecord: 100,
  maxParentFamilies: 5,
} as const;
