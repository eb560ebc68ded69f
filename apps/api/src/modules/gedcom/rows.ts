import type { ParentRelation } from '@bagysh/shared';
import type { Table } from 'drizzle-orm';
import type {
  citations,
  events,
  files,
  mediaLinks,
  noteLinks,
  notes,
  parentFamilies,
  personNames,
  places,
  sources,
  unions,
} from '../../db/schema';
import type { personsTable } from '../../genealogy/person-table';

/**
 * Rows as the import writes them and the export reads them, typed from the Drizzle schema. Both
 * go through raw SQL (COPY, `queryRows`), which answers the tables' column names; the schema
 * names its fields in camelCase and maps them with `casing: 'snake_case'`, so `RowOf` does the
 * same mapping on the types. A shape here is a `Pick` of its table, declared once.
 */

/** `birthYear` → `birth_year`, `person1Id` → `person1_id`: Drizzle's snake_case of a field. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** A table's row under its column names, as raw SQL answers it. */
export type RowOf<T extends Table> = {
  [K in keyof T['$inferSelect'] & string as SnakeCase<K>]: T['$inferSelect'][K];
};

export type PersonRow = RowOf<typeof personsTable>;
export type UnionRow = RowOf<typeof unions>;
export type PlaceRow = RowOf<typeof places>;
export type FileRow = RowOf<typeof files>;
export type NoteLinkRow = RowOf<typeof noteLinks>;
export type MediaLinkRow = RowOf<typeof mediaLinks>;

/** A source as the import stages it and the export writes it: every column the site edits. */
export type SourceRow = Pick<
  RowOf<typeof sources>,
  | 'id'
  | 'kind'
  | 'title'
  | 'author'
  | 'publication'
  | 'repository'
  | 'call_number'
  | 'url'
  | 'told_date'
  | 'told_place_id'
  | 'text'
  | 'note'
  | 'extra'
>;

/** A shared note, as the import stages it and the export writes it. */
export type NoteRow = Pick<RowOf<typeof notes>, 'id' | 'text' | 'is_private' | 'extra'>;

type NameColumns = RowOf<typeof personNames>;
/** A name of a person, as the export writes it. */
export type NameRow = Pick<
  NameColumns,
  | 'id'
  | 'person_id'
  | 'kind'
  | 'given'
  | 'surname'
  | 'nickname'
  | 'prefix'
  | 'suffix'
  | 'full_name'
  | 'position'
  | 'extra'
>;
/** A name as the import stages it: with its search key, and whether that is an alternative. */
export type StagedNameRow = NameRow & Pick<NameColumns, 'name_key' | 'alternative'>;

type EventColumns = RowOf<typeof events>;
/** An event of a person or a union, as the export writes it. */
export type EventRow = Pick<
  EventColumns,
  | 'id'
  | 'person_id'
  | 'union_id'
  | 'type'
  | 'custom_type'
  | 'value'
  | 'date'
  | 'place_id'
  | 'note'
  | 'extra'
>;

type CitationColumns = RowOf<typeof citations>;
/** A citation's own columns, whatever cites. */
export type CitationFields = Pick<
  CitationColumns,
  'source_id' | 'page' | 'quality' | 'note' | 'extra'
>;
/** A citation as the export writes it, with the record that cites. */
export type CitationRow = CitationFields &
  Pick<CitationColumns, 'person_id' | 'event_id' | 'union_id' | 'name_id'>;

/** A further parent family (adoptive, foster…): a birth family is the child's own columns. */
export type ParentFamilyRow = Pick<
  RowOf<typeof parentFamilies>,
  'child_id' | 'father_id' | 'mother_id' | 'position'
> & { relation: Exclude<ParentRelation, 'birth'> };

/**
 * An event as the import stages it: its numbering among the owner's events and its sort key,
 * and the one owner it has (a person or a union).
 */
export type StagedEventRow = Omit<EventRow, 'person_id' | 'union_id'> &
  Pick<EventColumns, 'date_sort' | 'position'> &
  Partial<Pick<EventColumns, 'person_id' | 'union_id'>>;

/** What the import stages of a citation beside the record that cites. */
export type StagedCitationFields = CitationFields & Pick<CitationColumns, 'position'>;

/** What the import stages of a note link beside the record that links. */
export type StagedNoteLinkFields = Pick<NoteLinkRow, 'note_id' | 'position'>;

/** A place as the import makes it. */
export type StagedPlaceRow = Pick<
  PlaceRow,
  'id' | 'name' | 'name_key' | 'alt_names' | 'parent_id' | 'latitude' | 'longitude'
>;

/** What the import stages of a media link beside the record that links. */
export type StagedMediaLinkFields = Pick<MediaLinkRow, 'file_id' | 'title' | 'position'>;
