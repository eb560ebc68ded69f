import type {
  CategoriesListQuery,
  Category,
  CategoryInput,
  CategoryKind,
  CategoryPatchInput,
} from '@bagysh/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, files, posts } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { FOREIGN_KEY_VIOLATION, postgresError, UNIQUE_VIOLATION } from '../../lib/db-errors';
import { pageWindow } from '../../lib/pagination';
import { slugify } from './slug';

export const categoryMessages = {
  slugTaken: 'Мындай slug мурунтан бар.',
  kindInUse: 'Колдонулуп жаткан категориянын түрүн өзгөртүүгө болбойт.',
  inUse: (usage: string) =>
    `Категорияны өчүрүүгө болбойт: ал ${usage} колдонулат. ` +
    'Өчүрүү үчүн аларды категориясыз калтырууга макул болуңуз.',
} as const;

type CategoryRow = typeof categories.$inferSelect;

function toApi(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Categories by name in Kyrgyz alphabetical order (ICU), optionally of one kind. */
export async function listCategories(
  db: Db,
  query: CategoriesListQuery,
): Promise<{ count: number; results: Category[] }> {
  const where = query.kind ? eq(categories.kind, query.kind) : undefined;
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(categories)
    .where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select()
    .from(categories)
    .where(where)
    .orderBy(sql`${categories.name} collate "und-x-icu"`, asc(categories.id))
    .limit(limit)
    .offset(offset);
  return { count: counted?.count ?? 0, results: rows.map(toApi) };
}

async function findRow(db: Db, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row) throw notFound();
  return row;
}

export async function getCategory(db: Db, id: number): Promise<Category> {
  return toApi(await findRow(db, id));
}

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      exceptId === undefined
        ? eq(categories.slug, slug)
        : and(eq(categories.slug, slug), ne(categories.id, exceptId)),
    );
  return row !== undefined;
}

/** The name's transliteration, with -2, -3… appended until it is free. */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name) || 'category';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, slug))) return slug;
  }
}

function rethrowSlugTaken(error: unknown): never {
  if (postgresError(error)?.code === UNIQUE_VIOLATION) {
    throw fieldError('slug', categoryMessages.slugTaken);
  }
  throw error;
}

export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  let slug = input.slug;
  if (slug) {
    if (await slugTaken(db, slug)) throw fieldError('slug', categoryMessages.slugTaken);
  } else {
    slug = await freeSlug(db, input.name);
  }
  try {
    const [row] = await db
      .insert(categories)
      .values({ name: input.name, slug, description: input.description ?? '', kind: input.kind })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    return toApi(row);
  } catch (error) {
    rethrowSlugTaken(error);
  }
}

/** How many articles, news items and files use the category, by kind. */
async function usage(db: Db, id: number): Promise<{ kind: CategoryKind; count: number }[]> {
  const rows: { kind: CategoryKind; count: number }[] = await db
    .select({ kind: posts.kind, count: sql<number>`count(*)::int` })
    .from(posts)
    .where(eq(posts.categoryId, id))
    .groupBy(posts.kind);
  const [filesUsing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(files)
    .where(eq(files.categoryId, id));
  rows.push({ kind: 'file', count: filesUsing?.count ?? 0 });
  return rows.filter((row) => row.count > 0);
}

const usageNouns: Record<CategoryKind, string> = {
  article: 'макалада',
  news: 'жаңылыкта',
  file: 'файлда',
};

function describeUsage(counts: { kind: CategoryKind; count: number }[]): string {
  const parts = counts.map(({ kind, count }) => `${count} ${usageNouns[kind]}`);
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} жана ${parts[parts.length - 1]}`
    : (parts[0] ?? '');
}

/** Renames or edits a category; its kind may change only while nothing uses it. */
export async function updateCategory(
  db: Db,
  id: number,
  patch: CategoryPatchInput,
): Promise<Category> {
  const row = await findRow(db, id);
  if (patch.kind !== undefined && patch.kind !== row.kind && (await usage(db, id)).length > 0) {
    throw conflict(categoryMessages.kindInUse);
  }
  if (patch.slug !== undefined && (await slugTaken(db, patch.slug, id))) {
    throw fieldError('slug', categoryMessages.slugTaken);
  }
  try {
    const [updated] = await db
      .update(categories)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.kind !== undefined ? { kind: patch.kind } : {}),
        updatedAt: new Date(),
      })
      .where(eq(categories.id, id))
      .returning();
    if (!updated) throw notFound();
    return toApi(updated);
  } catch (error) {
    rethrowSlugTaken(error);
  }
}

/**
 * Deletes a category. One in use is refused (409, naming how many items use it) unless
 * `moveToNone`, which leaves those items without a category in the same transaction.
 */
export async function deleteCategory(db: Db, id: number, moveToNone: boolean): Promise<void> {
  await findRow(db, id);
  const counts = await usage(db, id);
  if (counts.length > 0 && !moveToNone) {
    throw conflict(categoryMessages.inUse(describeUsage(counts)));
  }
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(posts)
        .set({ categoryId: null, updatedAt: new Date() })
        .where(eq(posts.categoryId, id));
      // The foreign key would do this too (ON DELETE SET NULL); here it also stamps updated_at.
      await tx
        .update(files)
        .set({ categoryId: null, updatedAt: new Date() })
        .where(eq(files.categoryId, id));
      await tx.delete(categories).where(eq(categories.id, id));
    });
  } catch (error) {
    // An item took the category between the count and the delete.
    if (postgresError(error)?.code === FOREIGN_KEY_VIOLATION) {
      throw conflict(categoryMessages.inUse(describeUsage(await usage(db, id))));
    }
    throw error;
  }
}
