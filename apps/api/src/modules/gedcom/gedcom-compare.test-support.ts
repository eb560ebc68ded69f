import {
  formatGedcomDate,
  type Citation,
  type Media,
  type NoteRef,
  type Person,
  type PersonEvent,
} from '@bagysh/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import type {
  GedcomExtraNode,
  GedcomExtraTarget,
  notes as notesTable,
  sources as sourcesTable,
} from '../../db/schema';
import type { TestUser } from '../../test/factories';
import type { NoteLinkRow, PersonRow, PlaceRow, RowOf } from './rows';

/**
 * A tree as it came from a GEDCOM file, field by field, with every id replaced by a stable key
 * (a person by name, birth date and father; a place by its full name; a source by its title),
 * so that two imports of the same data into two databases give equal values. Each person is
 * what `GET /api/persons/{id}/` answers an admin, plus what the API does not show but the file
 * gave and the export writes back: the RESN and the kept GEDCOM data (`extra`) of the person
 * and of each of their names, events, citations and unions. Then the shared records: places,
 * sources (the REPO flattened into them: there is no repository record) and shared notes with
 * what they are linked to.
 */

/** Kept GEDCOM data with its pointers' targets by key. */
interface KeptNode {
  tag: string;
  value: string;
  target?: string | null;
  children: KeptNode[];
}

export interface TreeFromFile {
  persons: Record<string, unknown>;
  places: Record<string, unknown>;
  sources: Record<string, unknown>;
  notes: unknown[];
}

/** The whole place chain, nearest first: "Ат-Башы, Нарын, Кыргызстан". */
function placeChains(places: PlaceRow[]): Map<number, string> {
  const byId = new Map(places.map((p) => [p.id, p]));
  const chain = (id: number): string => {
    const names: string[] = [];
    for (let p = byId.get(id); p; p = p.parent_id === null ? undefined : byId.get(p.parent_id))
      names.push(p.name);
    return names.join(', ');
  };
  return new Map(places.map((p) => [p.id, chain(p.id)]));
}

/** Records by their stable keys, each key once (a key twice would hide a record). */
function byKey<T>(entries: (readonly [string, T])[]): Record<string, T> {
  const keys = entries.map(([key]) => key);
  expect(new Set(keys).size, `keys are unique: ${keys.join('; ')}`).toBe(keys.length);
  return Object.fromEntries(entries);
}

/** Reads the tree of `app` once: one request per person, one query per table. */
export async function treeFromFile(app: App, admin: TestUser): Promise<TreeFromFile> {
  const personRows = await queryRows<Pick<PersonRow, 'id' | 'resn' | 'extra'>>(
    app.db,
    sql`select id, resn, extra from persons order by id`,
  );
  const persons: Person[] = [];
  for (const { id } of personRows) {
    const response = await app.inject({ url: `/api/persons/${id}/`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    persons.push(response.json<Person>());
  }
  const extraOf = async (table: 'person_names' | 'events' | 'citations' | 'unions') =>
    new Map(
      (
        await queryRows<{ id: number; extra: GedcomExtraNode[] }>(
          app.db,
          sql`select id, extra from ${sql.identifier(table)} where extra is not null`,
        )
      ).map((row) => [row.id, row.extra]),
    );
  const [nameExtra, eventExtra, citationExtra, unionExtra] = [
    await extraOf('person_names'),
    await extraOf('events'),
    await extraOf('citations'),
    await extraOf('unions'),
  ];
  const placeRows = await queryRows<PlaceRow>(app.db, sql`select * from places order by id`);
  const placeName = placeChains(placeRows);
  const sourceRows = await queryRows<RowOf<typeof sourcesTable>>(
    app.db,
    sql`select * from sources order by id`,
  );
  const noteRows = await queryRows<RowOf<typeof notesTable>>(app.db, sql`select * from notes`);
  // The person API shows the notes of persons and unions; those of events and sources only here.
  const noteLinks = await queryRows<NoteLinkRow>(app.db, sql`select * from note_links`);
  const fileName = new Map(
    (await queryRows<{ id: number; name: string }>(app.db, sql`select id, name from files`)).map(
      (f) => [f.id, f.name],
    ),
  );

  // A person by name, birth date and father: the GeneWeb file has two Асан Багыш of 1900.
  const personKey = new Map(
    persons.map((p) => [
      p.id,
      `${p.name} *${p.birth_date ?? p.birth_year ?? '?'} ← ${p.father?.name ?? '?'}`,
    ]),
  );
  const keyOf = (person: { id: number }) => personKey.get(person.id) ?? `? ${person.id}`;
  const who = (link: { id: number } | null) => (link === null ? null : keyOf(link));
  const sourceKey = new Map(sourceRows.map((s) => [s.id, `${s.title} / ${s.author ?? '?'}`]));
  const noteKey = new Map(noteRows.map((n) => [n.id, n.text.slice(0, 40)]));

  const targetKey = (target: GedcomExtraTarget): string => {
    if ('person' in target) return `person ${keyOf({ id: target.person })}`;
    if ('family' in target)
      return `family ${target.family.map((id) => (id === null ? '-' : keyOf({ id }))).join(' + ')}`;
    if ('source' in target) return `source ${sourceKey.get(target.source)}`;
    return `note ${noteKey.get(target.note)}`;
  };
  const kept = (nodes: GedcomExtraNode[] | null | undefined): KeptNode[] | null =>
    nodes?.map(({ tag, value, target, children }) => {
      const node = { tag, children: kept(children) ?? [] };
      // The value of a pointer is the xref in the file it came from; the export writes its own.
      if (target) return { ...node, value: '@…@', target: targetKey(target) };
      // A pointer to a record the import did not keep: 7.0 writes @VOID@, 5.5.1 (which has no
      // @VOID@) the old xref as text, or no value for a @VOID@ (GedcomWriter.extra). So an
      // empty value reads as one too, on both sides alike.
      if (target === null || /^(@[^@]+@)?$/.test(value.trim()))
        return { ...node, value: '@VOID@', target: null };
      return { ...node, value };
    }) ?? null;

  const file = (id: number | null) => (id === null ? null : (fileName.get(id) ?? `? ${id}`));
  const media = (items: Media[]) =>
    items.map(({ file_id, ...item }) => ({ ...item, file: file(file_id) }));
  const citations = (items: Citation[]) =>
    items.map(({ id, source, recording, ...citation }) => ({
      ...citation,
      source: sourceKey.get(source.id),
      // The source's kind and title as the person page shows them (all its fields: `sources`).
      source_ref: { kind: source.kind, title: source.title },
      recording: recording && { file: file(recording.file_id), at: recording.at },
      extra: kept(citationExtra.get(id)),
    }));
  // An event by its owner, type and place in the owner's list, for the notes linked to it.
  const eventKey = new Map<number, string>();
  const events = (items: PersonEvent[], owner: string) =>
    items.map(({ id, place, date, ...event }, i) => {
      eventKey.set(id, `${owner}: ${event.type} #${i + 1}`);
      return {
        ...event,
        // The export writes a date from its parts, not as the file wrote it ("5 may 1925" comes
        // back "5 MAY 1925"; 7.0 writes "INT 1900 (жазында)" as "1900" and a PHRASE): the parts
        // are compared, the text as 5.5.1 spells them.
        date: date && { ...date, text: formatGedcomDate(date, '5.5.1').date },
        place: place && placeName.get(place.id),
        citations: citations(event.citations),
        media: media(event.media),
        extra: kept(eventExtra.get(id)),
      };
    });
  const unionKey = (...spouses: { id: number }[]) => spouses.map(keyOf).sort().join(' + ');
  const notes = (items: NoteRef[]) => items.map(({ id: _id, ...note }) => note);

  const personEntries = persons.map((p) => {
    const row = personRows.find((r) => r.id === p.id);
    const {
      id,
      // Ids of this database; the persons they name are compared by key below.
      father_id: _father,
      mother_id: _mother,
      // Of the database, not of the file.
      version: _version,
      created_at: _created,
      updated_at: _updated,
      ...rest
    } = p;
    return [
      keyOf({ id }),
      {
        ...rest,
        resn: row?.resn ?? null,
        extra: kept(row?.extra),
        father: who(p.father),
        mother: who(p.mother),
        spouses: p.spouses.map(who),
        photo_file_id: file(p.photo_file_id),
        clan: p.clan?.name ?? null,
        names: p.names.map(({ id: nameId, ...name }) => ({
          ...name,
          citations: citations(name.citations),
          extra: kept(nameExtra.get(nameId)),
        })),
        events: events(p.events, keyOf(p)),
        unions: p.unions.map(({ id: unionId, spouse, ...union }) => ({
          ...union,
          spouse: who(spouse),
          events: events(union.events, unionKey(p, spouse)),
          citations: citations(union.citations),
          notes: notes(union.notes),
          extra: kept(unionExtra.get(unionId)),
        })),
        parent_families: p.parent_families.map((family) => ({
          relation: family.relation,
          father: who(family.father),
          mother: who(family.mother),
        })),
        citations: citations(p.citations),
        notes: notes(p.notes),
        media: media(p.media),
      },
    ] as const;
  });

  const unionIds = new Map(
    persons.flatMap((p) => p.unions.map((u) => [u.id, unionKey(p, u.spouse)] as const)),
  );
  const linkKey = (link: NoteLinkRow): string => {
    if (link.person_id !== null) return `person ${keyOf({ id: link.person_id })}`;
    if (link.event_id !== null) return `event ${eventKey.get(link.event_id)}`;
    if (link.union_id !== null) return `union ${unionIds.get(link.union_id)}`;
    return `source ${link.source_id === null ? '?' : sourceKey.get(link.source_id)}`;
  };

  return {
    persons: byKey(personEntries),
    places: byKey(
      placeRows.map((p) => [
        placeName.get(p.id) ?? '?',
        {
          alt_names: p.alt_names,
          latitude: p.latitude,
          longitude: p.longitude,
          extra: kept(p.extra),
        },
      ]),
    ),
    sources: byKey(
      sourceRows.map(
        ({
          id,
          // Of the database, not of the file.
          created_at: _created,
          updated_at: _updated,
          created_by_id: _by,
          search_key: _key,
          told_place_id,
          extra,
          ...source
        }) => [
          sourceKey.get(id) ?? '?',
          {
            ...source,
            told_place: told_place_id === null ? null : placeName.get(told_place_id),
            extra: kept(extra),
          },
        ],
      ),
    ),
    notes: noteRows
      .map((n) => ({
        text: n.text,
        is_private: n.is_private,
        extra: kept(n.extra),
        // A set: the order of a note's links (by id across owners) is this database's.
        links: noteLinks
          .filter((link) => link.note_id === n.id)
          .map(linkKey)
          .sort(),
      }))
      .sort((a, b) => a.text.localeCompare(b.text)),
  };
}
