import {
  CitationInput,
  formatDateKy,
  formatRecordingTime,
  ParentFamilyInput,
  PersonEventInput,
  PersonNameInput,
  parseRecordingTime,
  personRecordMessages,
  readWrittenDate,
  UnionInput,
  type Citation,
  type EventType,
  type Media,
  type MediaInput,
  type NameKind,
  type NoteRef,
  type Person,
  type PersonEvent,
  type PersonName,
  type SourceRef,
  type Union,
  type UnionEventInput,
  type UpdatePersonInput,
} from '@bagysh/shared';

/*
 * The person page's record forms (events, other names, citations, notes, media): what the
 * inputs hold, how a stored record fills them, and the PATCH body that replaces one list of
 * the person (each list replaces the stored one, at the version the page was read with).
 */

/** What the person page asks the records editor to open. */
export type RecordEdit =
  | { kind: 'event'; eventId: number | null }
  | { kind: 'deleteEvent'; eventId: number }
  | { kind: 'names' }
  | { kind: 'citations' }
  | { kind: 'note' }
  | { kind: 'deleteNote'; noteId: number }
  | { kind: 'media' }
  | { kind: 'deleteMedia'; fileId: number }
  | { kind: 'parents' }
  /** A union with the spouse `spouseId` edited, or (null) a new union with a spouse to choose. */
  | { kind: 'union'; spouseId: number | null }
  | { kind: 'removeUnion'; spouseId: number };

/** Messages by field path ("date", "citations.0.source_id"), and `form` for the rest. */
export type RecordErrors = Partial<Record<string, string>>;

export type RecordParsed<T> = { ok: true; data: T } | { ok: false; errors: RecordErrors };

function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): RecordErrors {
  const errors: RecordErrors = {};
  for (const issue of issues) {
    const key = issue.path.length === 0 ? 'form' : issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The API's 400 messages of one list item (`events.3.date` → `date` when `prefix` is
 * `events.3`); messages of the whole list or of other fields go to `form`.
 */
export function apiRecordErrors(
  fieldErrors: Record<string, string[]>,
  prefix: string,
): RecordErrors {
  const errors: RecordErrors = {};
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = Array.isArray(messages) ? messages[0] : undefined;
    if (!message) continue;
    const field = key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : 'form';
    errors[field] ??= message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Dates

/**
 * A typed date read back in Kyrgyz ("ABT 1850" → "болжол менен 1850", "12.03.1850" →
 * "12-март 1850-ж.", as the API will store it), or the API's message when it cannot be read;
 * both null for an empty input.
 */
export function dateReading(text: string): { reading: string | null; error: string | null } {
  if (text.trim() === '') return { reading: null, error: null };
  const { date } = readWrittenDate(text);
  if (!date.valid) return { reading: null, error: personRecordMessages.badDate };
  return { reading: formatDateKy(date), error: null };
}

/** The date as the form shows it: the GEDCOM text, or a phrase-only date in parentheses. */
function dateText(event: PersonEvent): string {
  if (!event.date) return '';
  if (event.date.text) return event.date.text;
  return event.date.phrase ? `(${event.date.phrase})` : '';
}

// ---------------------------------------------------------------------------------------------
// Citations and media

/**
 * A citation row: the source chosen, and the page, quality (''/'0'…'3') and note typed; for an
 * informant's source also the recording heard (its file id) and the time in it ("12:05").
 */
export interface CitationFormValues {
  source: SourceRef | null;
  page: string;
  quality: string;
  note: string;
  recording: number | null;
  at: string;
}

export const emptyCitation: CitationFormValues = {
  source: null,
  page: '',
  quality: '',
  note: '',
  recording: null,
  at: '',
};

export function citationFormOf(citation: Citation): CitationFormValues {
  return {
    source: citation.source,
    page: citation.page ?? '',
    quality: citation.quality === null ? '' : String(citation.quality),
    note: citation.note ?? '',
    recording: citation.recording?.file_id ?? null,
    at: citation.recording ? formatRecordingTime(citation.recording.at) : '',
  };
}

export function citationInputOf(citation: Citation): CitationInput {
  return {
    source_id: citation.source.id,
    page: citation.page,
    quality: citation.quality,
    note: citation.note,
    recording: citation.recording,
  };
}

/** The second typed for a cited recording (empty: its beginning); null when unreadable. */
function citedSecond(values: CitationFormValues): number | null {
  const seconds = parseRecordingTime(values.at.trim() === '' ? '0' : values.at);
  return seconds === null ? null : Math.floor(seconds);
}

/** A row as the API takes it; a row without a source has source_id 0, which the schema refuses. */
function citationRaw(values: CitationFormValues) {
  return {
    source_id: values.source?.id ?? 0,
    page: values.page,
    quality: values.quality === '' ? null : Number(values.quality),
    note: values.note,
    recording:
      values.recording === null
        ? null
        : { file_id: values.recording, at: citedSecond(values) ?? 0 },
  };
}

/**
 * The errors of a citation row without a source or with an unreadable time, in place of the
 * schema's messages: the form shows them as `personEdit:citation.sourceRequired` and
 * `personEdit:citation.atInvalid`.
 */
export const SOURCE_REQUIRED = 'sourceRequired';
export const TIME_INVALID = 'atInvalid';

function citationErrors(errors: RecordErrors, rows: readonly CitationFormValues[], path: string) {
  rows.forEach((row, index) => {
    if (row.source === null) errors[`${path}${index}.source_id`] = SOURCE_REQUIRED;
    if (row.recording !== null && citedSecond(row) === null) {
      errors[`${path}${index}.recording.at`] = TIME_INVALID;
    }
  });
  return errors;
}

export function mediaInputOf(media: Media): MediaInput {
  return { file_id: media.file_id, title: media.title };
}

// ---------------------------------------------------------------------------------------------
// Events

/** A place chosen from the places (id) or typed (a new one, or reused by name). */
export interface PlaceChoice {
  id: number | null;
  name: string;
}

export interface EventFormValues {
  type: EventType;
  custom_type: string;
  value: string;
  date: string;
  place: PlaceChoice;
  note: string;
  citations: CitationFormValues[];
}

export const emptyEvent: EventFormValues = {
  type: 'birth',
  custom_type: '',
  value: '',
  date: '',
  place: { id: null, name: '' },
  note: '',
  citations: [],
};

export function eventFormOf(event: PersonEvent): EventFormValues {
  return {
    type: event.type,
    custom_type: event.custom_type ?? '',
    value: event.value ?? '',
    date: dateText(event),
    place: event.place
      ? { id: event.place.id, name: event.place.full_name }
      : { id: null, name: '' },
    note: event.note ?? '',
    citations: event.citations.map(citationFormOf),
  };
}

/** A stored event as the API takes it back unchanged (the other events of a PATCH). */
export function eventInputOf(event: PersonEvent): PersonEventInput {
  return {
    type: event.type,
    custom_type: event.custom_type,
    value: event.value,
    date: dateText(event) || null,
    place_id: event.place?.id ?? null,
    place: null,
    note: event.note,
    citations: event.citations.map(citationInputOf),
    media: event.media.map(mediaInputOf),
  };
}

/** A form's event as the API's schemas take it (a person's or a union's), before parsing. */
function eventRaw(values: EventFormValues) {
  const place = values.place.name.trim();
  return {
    type: values.type,
    custom_type: values.type === 'other' ? values.custom_type : null,
    value: values.value,
    date: values.date,
    place_id: values.place.id,
    place: values.place.id === null && place !== '' ? place : null,
    note: values.note,
    citations: values.citations.map(citationRaw),
  };
}

/** The form's event checked by the API's own schema (its Kyrgyz messages by field). */
export function parseEvent(
  values: EventFormValues,
  media: readonly Media[] = [],
): RecordParsed<PersonEventInput> {
  const result = PersonEventInput.safeParse({
    ...eventRaw(values),
    media: media.map(mediaInputOf),
  });
  const errors = citationErrors(
    result.success ? {} : errorsOf(result.error.issues),
    values.citations,
    'citations.',
  );
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: result.data! };
}

/**
 * The PATCH that puts `input` in place of the event `eventId` (null: adds it), or removes that
 * event when `input` is null; the other events go back as they are. `index` is the edited
 * event's place in the list, for the API's messages.
 */
export function eventsPatch(
  person: Person,
  eventId: number | null,
  input: PersonEventInput | null,
): { body: UpdatePersonInput; index: number } {
  const events = person.events.map(eventInputOf);
  const at = eventId === null ? -1 : person.events.findIndex((event) => event.id === eventId);
  let index: number;
  if (at < 0) {
    index = events.length;
    if (input) events.push(input);
  } else {
    index = at;
    if (input) events[at] = input;
    else events.splice(at, 1);
  }
  return { body: { events, version: person.version }, index };
}

// ---------------------------------------------------------------------------------------------
// Other names

export interface NameFormValues {
  kind: NameKind;
  given: string;
  surname: string;
  nickname: string;
  /** Left empty, the API makes it of the given name and surname (or the nickname). */
  full_name: string;
}

export const emptyName: NameFormValues = {
  kind: 'aka',
  given: '',
  surname: '',
  nickname: '',
  full_name: '',
};

/** The whole name the API would make of the parts (PersonNameInput's rule). */
function derivedFullName(name: PersonName): string | null {
  return (
    [name.prefix, name.given, name.surname, name.suffix].filter(Boolean).join(' ') || name.nickname
  );
}

/** A full name typed by hand is kept; one made of the parts is left to be made again. */
function ownFullName(name: PersonName): string | null {
  return name.full_name === derivedFullName(name) ? null : name.full_name;
}

export function nameFormOf(name: PersonName): NameFormValues {
  return {
    kind: name.kind,
    given: name.given ?? '',
    surname: name.surname ?? '',
    nickname: name.nickname ?? '',
    full_name: ownFullName(name) ?? '',
  };
}

export function nameInputOf(name: PersonName): PersonNameInput {
  return {
    kind: name.kind,
    given: name.given,
    surname: name.surname,
    nickname: name.nickname,
    prefix: name.prefix,
    suffix: name.suffix,
    full_name: ownFullName(name) ?? derivedFullName(name) ?? name.full_name,
    citations: name.citations.map(citationInputOf),
  };
}

/** The form's name checked by the API's schema; `before` keeps what the form does not show. */
export function parseName(
  values: NameFormValues,
  before: PersonName | null,
): RecordParsed<PersonNameInput> {
  const result = PersonNameInput.safeParse({
    kind: values.kind,
    given: values.given,
    surname: values.surname,
    nickname: values.nickname,
    prefix: before?.prefix ?? null,
    suffix: before?.suffix ?? null,
    full_name: values.full_name,
    citations: before?.citations.map(citationInputOf) ?? [],
  });
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: errorsOf(result.error.issues) };
}

/** The PATCH that puts `input` at `index` of the names (past the end: adds), or removes it. */
export function namesPatch(
  person: Person,
  index: number,
  input: PersonNameInput | null,
): UpdatePersonInput {
  const names = person.names.map(nameInputOf);
  if (input === null) names.splice(index, 1);
  else names[Math.min(index, names.length)] = input;
  return { names, version: person.version };
}

// ---------------------------------------------------------------------------------------------
// The person's own citations, notes and media

/** The person's citations from the form's rows, each checked by the API's schema. */
export function parseCitations(rows: readonly CitationFormValues[]): RecordParsed<CitationInput[]> {
  const errors = citationErrors({}, rows, '');
  const parsed = rows.map((row, index) => {
    const result = CitationInput.safeParse(citationRaw(row));
    if (!result.success) {
      for (const [key, message] of Object.entries(errorsOf(result.error.issues))) {
        errors[`${index}.${key}`] ??= message;
      }
    }
    return result.data;
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: parsed.filter((citation) => citation !== undefined) };
}

export function notesPatch(person: Person, noteIds: readonly number[]): UpdatePersonInput {
  return { note_ids: [...noteIds], version: person.version };
}

/** The person's notes with `noteId` added (at the end) or, when `remove`, taken away. */
export function noteIdsWith(person: Person, noteId: number, remove = false): number[] {
  const ids = person.notes.map((note) => note.id).filter((id) => id !== noteId);
  return remove ? ids : [...ids, noteId];
}

/** The person's own media with `add` at the end. */
export function addMediaPatch(person: Person, add: MediaInput): UpdatePersonInput {
  const media = person.media.map(mediaInputOf).filter((item) => item.file_id !== add.file_id);
  return { media: [...media, add], version: person.version };
}

/**
 * The gallery without the file `fileId`: taken from the person's own media, and from their
 * events' and their unions' events' media when an event holds it (the gallery shows them all).
 */
export function removeMediaPatch(person: Person, fileId: number): UpdatePersonInput {
  const body: UpdatePersonInput = { version: person.version };
  if (person.media.some((item) => item.file_id === fileId)) {
    body.media = person.media.map(mediaInputOf).filter((item) => item.file_id !== fileId);
  }
  if (person.events.some((event) => event.media.some((item) => item.file_id === fileId))) {
    body.events = person.events.map((event) => ({
      ...eventInputOf(event),
      media: event.media.map(mediaInputOf).filter((item) => item.file_id !== fileId),
    }));
  }
  const inUnion = person.unions.some((union) =>
    union.events.some((event) => event.media.some((item) => item.file_id === fileId)),
  );
  if (inUnion) {
    body.unions = person.unions.map((union) => {
      const input = unionInputOf(union);
      return {
        ...input,
        events: input.events.map((event) => ({
          ...event,
          media: event.media.filter((item) => item.file_id !== fileId),
        })),
      };
    });
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Further parent families (adoptive, foster, step)

/** The person's further parent families as the API takes them (the birth family left out). */
export function parentFamilyInputsOf(person: Person): ParentFamilyInput[] {
  return person.parent_families.flatMap((family) =>
    family.relation === 'birth'
      ? []
      : [
          {
            father_id: family.father?.id ?? null,
            mother_id: family.mother?.id ?? null,
            relation: family.relation,
          },
        ],
  );
}

/** A further parent family as the parents form holds it. */
interface ParentFamilyFields {
  father_id: number | null;
  mother_id: number | null;
  relation: string;
}

/**
 * The PATCH with `add` (checked by the API's schema) at the end of the further families,
 * `replace` in place of the further family at `index` (its relation or parents changed), or
 * without the further family at `removeIndex`.
 */
export function parentFamiliesPatch(
  person: Person,
  change:
    | { add: ParentFamilyFields }
    | { replace: ParentFamilyFields; index: number }
    | { removeIndex: number },
): RecordParsed<UpdatePersonInput> {
  const families = parentFamilyInputsOf(person);
  if ('removeIndex' in change) {
    families.splice(change.removeIndex, 1);
    return { ok: true, data: { parent_families: families, version: person.version } };
  }
  const result = ParentFamilyInput.safeParse('add' in change ? change.add : change.replace);
  if (!result.success) return { ok: false, errors: errorsOf(result.error.issues) };
  if ('add' in change) families.push(result.data);
  else families[Math.min(change.index, families.length)] = result.data;
  return { ok: true, data: { parent_families: families, version: person.version } };
}

// ---------------------------------------------------------------------------------------------
// Unions (marriages): the order among the person's unions, their events, citations and notes

/** The event types a union takes (UnionEventInput). */
export const UNION_EVENT_TYPES = ['marriage', 'divorce', 'other'] as const;

export interface UnionFormValues {
  /** The spouse; chosen by name for a new union. */
  spouse: { id: number; name: string } | null;
  /** The union's order among the person's unions ("1" for the first marriage), or empty. */
  position: string;
  events: UnionEventFormValues[];
  citations: CitationFormValues[];
  /** The shared notes linked to the union, in order. */
  notes: NoteRef[];
}

export const emptyUnion: UnionFormValues = {
  spouse: null,
  position: '',
  events: [],
  citations: [],
  notes: [],
};

/**
 * A union's event in its form: the event's fields, and its media (a marriage photo), which the
 * dialog does not edit but sends back, so that saving the union keeps them.
 */
export interface UnionEventFormValues extends EventFormValues {
  media: readonly Media[];
}

/** A new event of a union: a marriage, with nothing else yet. */
export const emptyUnionEvent: UnionEventFormValues = { ...emptyEvent, type: 'marriage', media: [] };

export function unionFormOf(union: Union): UnionFormValues {
  return {
    spouse: union.spouse,
    position: union.position === null ? '' : String(union.position),
    events: union.events.map((event) => ({ ...eventFormOf(event), media: event.media })),
    citations: union.citations.map(citationFormOf),
    notes: union.notes,
  };
}

/** A stored union as the API takes it back unchanged (the other unions of a PATCH). */
export function unionInputOf(union: Union): UnionInput {
  return {
    spouse_id: union.spouse.id,
    position: union.position,
    events: union.events.map((event): UnionEventInput => ({
      ...eventInputOf(event),
      type: event.type as UnionEventInput['type'],
    })),
    citations: union.citations.map(citationInputOf),
    note_ids: union.notes.map((note) => note.id),
  };
}

/** The form's union checked by the API's own schema (messages by field: `events.0.date`). */
export function parseUnion(values: UnionFormValues): RecordParsed<UnionInput> {
  const position = values.position.trim();
  const result = UnionInput.safeParse({
    spouse_id: values.spouse?.id ?? 0,
    position: position === '' ? null : Number(position),
    events: values.events.map((event) => ({
      ...eventRaw(event),
      media: event.media.map(mediaInputOf),
    })),
    citations: values.citations.map(citationRaw),
    note_ids: values.notes.map((note) => note.id),
  });
  const errors = result.success ? {} : errorsOf(result.error.issues);
  if (values.spouse === null) errors.spouse_id = SPOUSE_REQUIRED;
  else if (errors.spouse_id) delete errors.spouse_id;
  values.events.forEach((event, index) =>
    citationErrors(errors, event.citations, `events.${index}.citations.`),
  );
  citationErrors(errors, values.citations, 'citations.');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: result.data! };
}

/** The error of a new union without a spouse: the form shows `personEdit:union.spouseRequired`. */
export const SPOUSE_REQUIRED = 'spouseRequired';

/**
 * The PATCH of the person's unions with `input` in place of the union with `spouseId`, or
 * added when `spouseId` is null (the spouse joins `spouse_ids` in the same PATCH), or that
 * union taken away (with its spouse link) when `input` is null. `index` is the edited union's
 * place in the list, for the API's messages (`unions.1.events.0.date`).
 */
export function unionsPatch(
  person: Person,
  spouseId: number | null,
  input: UnionInput | null,
): { body: UpdatePersonInput; index: number } {
  const unions = person.unions.map(unionInputOf);
  const body: UpdatePersonInput = { version: person.version };
  const spouses = person.spouses.map((spouse) => spouse.id);
  const at = spouseId === null ? -1 : unions.findIndex((union) => union.spouse_id === spouseId);
  let index: number;
  if (at < 0) {
    index = unions.length;
    if (input) {
      unions.push(input);
      if (!spouses.includes(input.spouse_id)) body.spouse_ids = [...spouses, input.spouse_id];
    }
  } else {
    index = at;
    if (input) unions[at] = input;
    else {
      unions.splice(at, 1);
      body.spouse_ids = spouses.filter((id) => id !== spouseId);
    }
  }
  return { body: { ...body, unions }, index };
}
