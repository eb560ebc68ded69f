import type {
  Citation,
  CitationRecording,
  FamilyChild,
  FamilyMember,
  FamilyUnion,
  Media,
  Person,
  PersonEvent,
  SourceRef,
} from '@bagysh/shared';

/** One line of the timeline: an event of the person or of a union, or a child's birth. */
export type TimelineItem =
  | { kind: 'event'; key: string; event: PersonEvent; spouse: FamilyMember | null }
  | { kind: 'child'; key: string; child: FamilyChild; year: number };

/** Julian Day Number of 1 January of the year 1 (proleptic Gregorian). */
const JDN_YEAR_ONE = 1_721_426;
const DAYS_PER_YEAR = 365.2425;

/** A date's place on a time line in years (1850.5 ≈ mid-1850); null when undated. */
function eventTime(event: PersonEvent): number | null {
  const sort = event.date?.sort ?? null;
  return sort === null ? null : (sort - JDN_YEAR_ONE) / DAYS_PER_YEAR + 1;
}

/**
 * The person's own events and those of their unions (marriage, divorce…) with the births of
 * their children, in date order; undated events after, in the order they came.
 */
export function buildTimeline(
  events: readonly PersonEvent[],
  unions: readonly FamilyUnion[],
): TimelineItem[] {
  const items: { item: TimelineItem; time: number | null; order: number }[] = [];
  const add = (item: TimelineItem, time: number | null) =>
    items.push({ item, time, order: items.length });
  for (const event of events)
    add({ kind: 'event', key: `e${event.id}`, event, spouse: null }, eventTime(event));
  for (const union of unions) {
    for (const event of union.events) {
      add({ kind: 'event', key: `e${event.id}`, event, spouse: union.spouse }, eventTime(event));
    }
    for (const child of union.children) {
      // A birth known by its year only sorts after the events dated within that year's start.
      // An adopted or fostered child's birth is not an event of this person's life.
      if (child.birth_year !== null && child.relation === 'birth') {
        add(
          { kind: 'child', key: `c${child.id}`, child, year: child.birth_year },
          child.birth_year,
        );
      }
    }
  }
  return items
    .sort((a, b) => {
      if (a.time === null || b.time === null) {
        return a.time === b.time ? a.order - b.order : a.time === null ? 1 : -1;
      }
      return a.time - b.time || a.order - b.order;
    })
    .map(({ item }) => item);
}

/** A source the page cites, with the pages cited. */
export interface CitedSource {
  source: SourceRef;
  number: number;
  pages: string[];
  /** The recordings heard and the seconds cited, each once. */
  recordings: CitationRecording[];
}

/**
 * Every citation of the page numbered by source: the first source cited is 1, and every mark
 * of the same source carries its number, which the Sources list repeats.
 */
export function numberSources(person: Person): {
  sources: CitedSource[];
  numbers: Map<number, number>;
} {
  const all: Citation[] = [
    ...person.events.flatMap((event) => event.citations),
    ...person.unions.flatMap((union) => [
      ...union.events.flatMap((event) => event.citations),
      ...union.citations,
    ]),
    ...person.names.flatMap((name) => name.citations),
    ...person.citations,
  ];
  const bySource = new Map<number, CitedSource>();
  for (const citation of all) {
    let entry = bySource.get(citation.source.id);
    if (!entry) {
      entry = { source: citation.source, number: bySource.size + 1, pages: [], recordings: [] };
      bySource.set(citation.source.id, entry);
    }
    if (citation.page && !entry.pages.includes(citation.page)) entry.pages.push(citation.page);
    const heard = citation.recording;
    if (heard && !entry.recordings.some((r) => r.file_id === heard.file_id && r.at === heard.at)) {
      entry.recordings.push(heard);
    }
  }
  const sources = [...bySource.values()];
  return { sources, numbers: new Map(sources.map((entry) => [entry.source.id, entry.number])) };
}

/** The person's media, their events' and their unions' events' media, each file once, in order. */
export function galleryMedia(person: Person): Media[] {
  const seen = new Set<number>();
  return [
    ...person.media,
    ...person.events.flatMap((event) => event.media),
    ...person.unions.flatMap((union) => union.events.flatMap((event) => event.media)),
  ].filter((media) => {
    if (seen.has(media.file_id)) return false;
    seen.add(media.file_id);
    return true;
  });
}

/**
 * The header's photo: the chosen photo, else the first public image linked to the person or
 * their own events (a marriage's photo shows the couple, not them; the header loads by URL).
 */
export function primaryPhoto(person: Person): { fileId: number; chosen: boolean } | null {
  if (person.photo_file_id !== null) return { fileId: person.photo_file_id, chosen: true };
  const own = [...person.media, ...person.events.flatMap((event) => event.media)];
  const image = own.find((media) => media.kind === 'image' && media.public);
  return image ? { fileId: image.file_id, chosen: false } : null;
}
