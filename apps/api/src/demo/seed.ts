import type { DatabaseKind } from '@bagysh/shared';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DemoDataMode } from '../env';
import { seedContent } from './content.seed';
import { seedInformants } from './informants.seed';
import { seedGenealogy } from './persons.seed';
import { seedPlaces } from './places.seed';
import { seedPolls } from './polls.seed';
import { queryRows, type Database, type Db } from '../db/client';
import {
  appSettings,
  clans,
  nameKeys,
  places,
  polls,
  posts,
  proposals,
  sources,
  users,
} from '../db/schema';
import { personsTable } from '../genealogy/person-table';
import { recomputePresumedLiving } from '../genealogy/presumed-living';

const DEMO_KEY = 'demo_data_loaded';
const DEMO_REMOVED_KEY = 'demo_data_removed';

/**
 * Loads the demonstration data exactly once per database. Each feature adds its
 * sample rows here as it lands (marked `is_demo`); the flag keeps a restart from loading
 * them again, and stays after `npm run demo:remove` so that they never come back.
 */
export async function loadDemoDataOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(appSettings).where(eq(appSettings.key, DEMO_KEY));
    if (done) return false;
    await tx.insert(appSettings).values({ key: DEMO_KEY, value: { at: new Date().toISOString() } });
    if (await seedGenealogy(tx)) {
      const placeIds = await seedPlaces(tx);
      await seedInformants(tx, placeIds);
    }
    await recomputePresumedLiving(tx);
    // The sample poll needs a creator: the first admin, if one exists by now.
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.id))
      .limit(1);
    if (admin) await seedPolls(tx, admin.id);
    await seedContent(tx, admin?.id ?? null);
    return true;
  });
}

/**
 * True while no migration has ever been applied: the database was created by this start.
 * Asked before `migrate()`.
 */
export async function isBrandNewDatabase(database: Database): Promise<boolean> {
  // Two queries: a query that names a missing table fails even in a branch never taken.
  const [journal] = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!journal?.present) return true;
  const [row] = await queryRows<{ applied: number }>(
    database.db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return (row?.applied ?? 0) === 0;
}

/**
 * DEMO_DATA: `auto` loads the demonstration data only into a brand-new embedded database
 * (someone trying the site out), never into PostgreSQL (a deployment); `true` into any
 * database, once; `false` never.
 */
export function wantsDemoData(
  mode: DemoDataMode,
  kind: DatabaseKind,
  brandNewDatabase: boolean,
): boolean {
  if (mode === 'auto') return kind === 'pglite' && brandNewDatabase;
  return mode === 'true';
}

/** Counts of what `removeDemoData` deleted. */
export interface DemoRemoval {
  persons: number;
  clans: number;
  posts: number;
  polls: number;
  revisions: number;
  places: number;
  sources: number;
  /** Demonstration places and sources kept, unmarked, because rows added on the site use them. */
  kept: number;
}

/** Rows users added that hang on demonstration persons: removing those persons would break them. */
export class DemoDataInUseError extends Error {
  override name = 'DemoDataInUseError';
  constructor(readonly links: string[]) {
    super(
      'The demonstration data cannot be removed: rows added on this site refer to demonstration persons.\n' +
        links.map((link) => `  - ${link}`).join('\n') +
        '\nChange or delete these first (give those persons another father or mother, remove the ' +
        'marriage, the clan or the article link), then run npm run demo:remove again. Nothing was removed.',
    );
  }
}

const SHOWN = 10;

/** What users added that refers to a demonstration person, in words, at most SHOWN of each. */
async function linksToDemo(tx: Db): Promise<string[]> {
  const links: string[] = [];
  const children = await queryRows<{ id: number; name: string; parent: number }>(
    tx,
    sql`select c.id, c.name, coalesce(f.id, m.id) as parent
      from ${personsTable} c
      left join ${personsTable} f on f.id = c.father_id and f.is_demo
      left join ${personsTable} m on m.id = c.mother_id and m.is_demo
      where not c.is_demo and (f.id is not null or m.id is not null)
      order by c.id limit ${SHOWN + 1}`,
  );
  for (const child of children.slice(0, SHOWN)) {
    links.push(
      `person ${child.id} "${child.name}" has the demonstration person ${child.parent} as father or mother`,
    );
  }
  if (children.length > SHOWN) links.push('… and more persons like these');
  const adopted = await queryRows<{ id: number; name: string; parent: number }>(
    tx,
    sql`select c.id, c.name, coalesce(f.id, m.id) as parent
      from ${personsTable} c
      left join ${personsTable} f on f.id = c.father_id and not f.is_demo
      left join ${personsTable} m on m.id = c.mother_id and not m.is_demo
      where c.is_demo and (f.id is not null or m.id is not null)
      order by c.id limit ${SHOWN}`,
  );
  for (const child of adopted) {
    links.push(
      `the demonstration person ${child.id} "${child.name}" has person ${child.parent}, added on this site, as father or mother`,
    );
  }
  const marriages = await queryRows<{ a: number; b: number }>(
    tx,
    sql`select u.person1_id as a, u.person2_id as b from unions u
      join ${personsTable} p1 on p1.id = u.person1_id join ${personsTable} p2 on p2.id = u.person2_id
      where p1.is_demo <> p2.is_demo order by u.id limit ${SHOWN}`,
  );
  for (const { a, b } of marriages) {
    links.push(`persons ${a} and ${b} are married, and only one of them is a demonstration person`);
  }
  const userClans = await queryRows<{ id: number; name: string; founder: number }>(
    tx,
    sql`select c.id, c.name, c.founder_id as founder from clans c
      join ${personsTable} p on p.id = c.founder_id
      where p.is_demo and not c.is_demo order by c.id limit ${SHOWN}`,
  );
  for (const clan of userClans) {
    links.push(
      `clan ${clan.id} "${clan.name}" is founded by the demonstration person ${clan.founder}`,
    );
  }
  const articles = await queryRows<{ id: number; title: string; person: number }>(
    tx,
    sql`select a.id, a.title, a.person_id as person from posts a
      join ${personsTable} p on p.id = a.person_id
      where p.is_demo and not a.is_demo order by a.id limit ${SHOWN}`,
  );
  for (const article of articles) {
    links.push(
      `article ${article.id} "${article.title}" is about the demonstration person ${article.person}`,
    );
  }
  return links;
}

/**
 * The demonstration places and sources that rows staying after the demonstration persons are
 * gone still use: a user's person's event at a demo place, a citation of a demo informant, a
 * recording or a note or file linked to one, a user's place inside a demo region, or a kept
 * demo place or source. Deleting them would change or delete what a user added (the foreign
 * keys set null or cascade), so they stay, unmarked: they are the site's own now.
 */
async function keepUsedDemoRecords(tx: Db): Promise<number> {
  const sourcesKept = await queryRows<{ id: number }>(
    tx,
    sql`update sources s set is_demo = false where s.is_demo and (
          exists (select 1 from citations c where c.source_id = s.id)
          or exists (select 1 from recordings r where r.source_id = s.id)
          or exists (select 1 from note_links n where n.source_id = s.id)
          or exists (select 1 from media_links m where m.source_id = s.id))
        returning s.id`,
  );
  let kept = sourcesKept.length;
  // A kept place keeps the region it lies in: repeat until no more are found.
  for (;;) {
    const placesKept = await queryRows<{ id: number }>(
      tx,
      sql`update places p set is_demo = false where p.is_demo and (
            exists (select 1 from events e where e.place_id = p.id)
            or exists (select 1 from sources s where s.told_place_id = p.id and not s.is_demo)
            or exists (select 1 from recordings r where r.told_place_id = p.id)
            or exists (select 1 from places c where c.parent_id = p.id and not c.is_demo))
          returning p.id`,
    );
    kept += placesKept.length;
    if (placesKept.length === 0) return kept;
  }
}

/**
 * Deletes every demonstration row (`is_demo`: persons with their events, citations, marriages,
 * revisions and name keys no one else uses, clans, articles and news, the poll with its votes,
 * the places and informant sources) and nothing else, in one transaction. A demonstration
 * place or source that something users added uses stays (`keepUsedDemoRecords`). Refuses with
 * `DemoDataInUseError`, removing nothing, while rows users added refer to a demonstration
 * person. Running it again finds nothing to delete. Categories and the about/founders/contacts
 * pages stay: they are the site's own, to edit.
 */
export async function removeDemoData(db: Db): Promise<DemoRemoval> {
  return db.transaction(async (tx) => {
    const links = await linksToDemo(tx);
    if (links.length > 0) throw new DemoDataInUseError(links);
    const demoPersons = await tx
      .select({ id: personsTable.id, nameKey: personsTable.nameKey })
      .from(personsTable)
      .where(eq(personsTable.isDemo, true));
    const ids = demoPersons.map((person) => person.id);
    const keys = [...new Set(demoPersons.map((person) => person.nameKey))];

    const removedPolls = await tx
      .delete(polls)
      .where(eq(polls.isDemo, true))
      .returning({ id: polls.id });
    const removedPosts = await tx
      .delete(posts)
      .where(eq(posts.isDemo, true))
      .returning({ id: posts.id });
    const removedClans = await tx
      .delete(clans)
      .where(eq(clans.isDemo, true))
      .returning({ id: clans.id });
    let revisions = 0;
    let removedPersons = 0;
    // Batches keep every statement under PostgreSQL's 65 535 parameters.
    for (let i = 0; i < ids.length; i += 5000) {
      const batch = ids.slice(i, i + 5000);
      revisions += (
        await tx
          .delete(proposals)
          .where(and(eq(proposals.kind, 'person'), inArray(proposals.recordId, batch)))
          .returning({ id: proposals.id })
      ).length;
    }
    // All at once: fathers and children go in the same statement (the foreign key is checked
    // at its end); marriages go with them (on delete cascade).
    removedPersons = (
      await tx
        .delete(personsTable)
        .where(eq(personsTable.isDemo, true))
        .returning({ id: personsTable.id })
    ).length;
    // Persons of users' own that a demonstration relative presumed living no longer are.
    if (removedPersons > 0) await recomputePresumedLiving(tx);
    // The persons' events and citations went with them (on delete cascade); what is left of the
    // demonstration places and sources is used by no demonstration row.
    const kept = await keepUsedDemoRecords(tx);
    const removedSources = await tx
      .delete(sources)
      .where(eq(sources.isDemo, true))
      .returning({ id: sources.id });
    const removedPlaces = await tx
      .delete(places)
      .where(eq(places.isDemo, true))
      .returning({ id: places.id });
    for (const [kind, removed] of [
      ['source', removedSources],
      ['place', removedPlaces],
    ] as const) {
      if (removed.length === 0) continue;
      revisions += (
        await tx
          .delete(proposals)
          .where(
            and(
              eq(proposals.kind, kind),
              inArray(
                proposals.recordId,
                removed.map((row) => row.id),
              ),
            ),
          )
          .returning({ id: proposals.id })
      ).length;
    }
    for (let i = 0; i < keys.length; i += 5000) {
      const batch = keys.slice(i, i + 5000);
      await tx
        .delete(nameKeys)
        .where(
          and(
            inArray(nameKeys.key, batch),
            notInArray(
              nameKeys.key,
              tx
                .select({ key: personsTable.nameKey })
                .from(personsTable)
                .where(inArray(personsTable.nameKey, batch)),
            ),
          ),
        );
    }
    const removal: DemoRemoval = {
      persons: removedPersons,
      clans: removedClans.length,
      posts: removedPosts.length,
      polls: removedPolls.length,
      revisions,
      places: removedPlaces.length,
      sources: removedSources.length,
      kept,
    };
    if (
      removedPersons +
        removal.clans +
        removal.posts +
        removal.polls +
        removal.places +
        removal.sources >
      0
    ) {
      await tx
        .insert(appSettings)
        .values({ key: DEMO_REMOVED_KEY, value: { at: new Date().toISOString(), ...removal } })
        .onConflictDoUpdate({
          target: appSettings.key,
          set: { value: { at: new Date().toISOString(), ...removal }, updatedAt: new Date() },
        });
    }
    return removal;
  });
}
