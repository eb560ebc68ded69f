import {
  parseGedcomDate,
  type Citation,
  type FamilyChild,
  type FamilyUnion,
  type Person,
  type PersonEvent,
} from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { buildTimeline, galleryMedia, numberSources, primaryPhoto } from './person-page';

let nextId = 1;
const citation = (
  sourceId: number,
  page: string | null = null,
  recording: Citation['recording'] = null,
): Citation => ({
  id: nextId++,
  source: { id: sourceId, kind: 'book', title: `Булак ${sourceId}` },
  page,
  quality: null,
  note: null,
  recording,
});
const event = (type: PersonEvent['type'], date: string | null, citations: Citation[] = []) =>
  ({
    id: nextId++,
    type,
    custom_type: null,
    value: null,
    date: date === null ? null : parseGedcomDate(date),
    place: null,
    note: null,
    citations,
    media: [],
  }) satisfies PersonEvent;
const member = (
  id: number,
  birthYear: number | null,
  relation: FamilyChild['relation'] = 'birth',
): FamilyChild => ({
  id,
  name: `Бала ${id}`,
  sex: 'M',
  birth_year: birthYear,
  death_year: null,
  living: false,
  restricted: false,
  father_name: null,
  grandfather_name: null,
  relation,
});
const union = (events: PersonEvent[], children: FamilyChild[]): FamilyUnion => ({
  union_id: nextId++,
  spouse: member(nextId++, 1850),
  position: null,
  events,
  children,
});

describe('buildTimeline', () => {
  it('puts own and union events and children’s births in date order, undated last; an adopted child’s birth is not among them', () => {
    const birth = event('birth', 'ABT 1850');
    const death = event('death', '1915');
    const job = event('occupation', null);
    const marriage = event('marriage', '12 MAR 1870');
    const items = buildTimeline(
      [birth, job, death],
      [union([marriage], [member(7, 1872), member(8, null), member(9, 1860, 'adopted')])],
    );
    expect(items.map((item) => item.key)).toEqual([
      `e${birth.id}`,
      `e${marriage.id}`,
      'c7',
      `e${death.id}`,
      `e${job.id}`,
    ]);
  });

  it('orders B.C. and ranges by their first day', () => {
    const old = event('birth', '44 B.C.');
    const range = event('residence', 'BET 1800 AND 1900');
    const exact = event('death', '1850');
    expect(buildTimeline([exact, range, old], []).map((item) => item.key)).toEqual([
      `e${old.id}`,
      `e${range.id}`,
      `e${exact.id}`,
    ]);
  });
});

describe('numberSources', () => {
  it('gathers the seconds of recordings cited, each once', () => {
    const heard = { file_id: 9, at: 754 };
    const person = {
      events: [event('birth', '1850', [citation(5, null, heard)])],
      unions: [],
      names: [],
      citations: [citation(5, null, heard), citation(5, null, { file_id: 9, at: 12 })],
      media: [],
    } as unknown as Person;
    expect(numberSources(person).sources[0]?.recordings).toEqual([heard, { file_id: 9, at: 12 }]);
  });

  it('numbers sources by first citation and gathers the pages cited', () => {
    const person = {
      events: [event('birth', '1850', [citation(5, '12'), citation(3)])],
      unions: [],
      names: [],
      citations: [citation(5, '40'), citation(5, '12')],
      media: [],
    } as unknown as Person;
    const { sources, numbers } = numberSources(person);
    expect(sources.map((s) => [s.source.id, s.number, s.pages])).toEqual([
      [5, 1, ['12', '40']],
      [3, 2, []],
    ]);
    expect(numbers.get(3)).toBe(2);
  });
});

describe('galleryMedia and primaryPhoto', () => {
  const media = (fileId: number, kind: string) => ({
    file_id: fileId,
    title: null,
    kind,
    mime_type: kind === 'image' ? 'image/png' : 'application/pdf',
    public: fileId !== 3,
    position: 0,
  });

  it('lists each file once and picks the chosen photo, else the first image', () => {
    const withEvents = {
      photo_file_id: null,
      media: [media(1, 'pdf'), media(2, 'image')],
      events: [{ ...event('birth', null), media: [media(2, 'image'), media(3, 'image')] }],
      unions: [],
    } as unknown as Person;
    expect(galleryMedia(withEvents).map((m) => m.file_id)).toEqual([1, 2, 3]);
    expect(primaryPhoto(withEvents)).toEqual({ fileId: 2, chosen: false });
    expect(primaryPhoto({ ...withEvents, photo_file_id: 9 })).toEqual({ fileId: 9, chosen: true });
    expect(primaryPhoto({ ...withEvents, media: [], events: [] })).toBeNull();
    // A members-only image (a GEDZip import's) is in the gallery, not in the header.
    const onlyHidden = {
      ...withEvents,
      media: [],
      events: [{ ...event('birth', null), media: [media(3, 'image')] }],
    } as unknown as Person;
    expect(galleryMedia(onlyHidden).map((m) => m.file_id)).toEqual([3]);
    expect(primaryPhoto(onlyHidden)).toBeNull();
  });

  it("shows a union's event's media in the gallery, but does not make a marriage photo theirs", () => {
    const married = {
      photo_file_id: null,
      media: [],
      events: [],
      unions: [{ events: [{ ...event('marriage', '1870'), media: [media(4, 'image')] }] }],
    } as unknown as Person;
    expect(galleryMedia(married).map((m) => m.file_id)).toEqual([4]);
    expect(primaryPhoto(married)).toBeNull();
  });
});
