import { asc, eq } from 'drizzle-orm';
import { seedContent } from '../modules/content/content.seed';
import { seedGenealogy } from '../modules/persons/persons.seed';
import { seedPolls } from '../modules/polls/polls.seed';
import type { Db } from './client';
import { appSettings, users } from './schema';

const DEMO_KEY = 'demo_data_loaded';

/**
 * Loads the demonstration data exactly once per database. Each feature adds its
 * sample rows here as it lands; the flag keeps a restart from loading them again.
 */
export async function loadDemoDataOnce(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(appSettings).where(eq(appSettings.key, DEMO_KEY));
    if (done) return false;
    await tx.insert(appSettings).values({ key: DEMO_KEY, value: { at: new Date().toISOString() } });
    await seedGenealogy(tx);
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
