import {
  fileDownloadPath,
  foldName,
  hasRole,
  type Article,
  type ArticleInput,
  type ArticlePatchInput,
  type ArticlesListQuery,
  type ArticleSummary,
  type ContentStatus,
  type News,
  type NewsSummary,
} from '@bagysh/shared';
import { and, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, files, posts, users, type PostKind } from '../../db/schema';
import { errorMessages, fieldError, forbidden, HttpError, notFound } from '../../lib/http-errors';
import { plainText, sanitizeBody } from '../../lib/sanitize-html';
import type { CurrentUser } from '../../plugins/auth';
import { FOREIGN_KEY_VIOLATION, postgresError } from '../../lib/db-errors';
import { pageWindow } from '../../lib/pagination';
import { isPublicImage, referencedFile } from '../../files/files.service';
import { noticeArticleReviewed } from '../../genealogy/notices/notice-rows';
import { personsTable } from '../../genealogy/person-table';

export type { PostKind };
type Viewer = CurrentUser | null;

export const contentMessages = {
  titleRequired: 'Аталышы милдеттүү.',
  noSuchCategory: 'Мындай категория жок.',
  wrongCategoryKind: 'Бул категория башка түрдөгү материалдар үчүн.',
  noSuchPerson: 'Мындай инсан жок.',
  noSuchFile: 'Мындай файл жок.',
  coverNotPublicImage: 'Мукаба катары баарына ачык сүрөт гана тандалат.',
  moderatorsOnlyStatus: 'Бул статустагы материалдарды модераторлор гана көрө алат.',
  editOthers: 'Башка бирөөнүн материалын модераторлор гана түзөтө алат.',
  deletePublished: 'Жарыяланган макаланы модераторлор гана өчүрө алат.',
  notPending: 'Бул макала модерацияны күтүп турган жок.',
} as const;

/** The item types of the API: an article has a person, news does not. */
export type PostOf<K extends PostKind> = K extends 'article' ? Article : News;
export type PostSummaryOf<K extends PostKind> = K extends 'article' ? ArticleSummary : NewsSummary;

type PostInput = ArticleInput;
type PostPatch = ArticlePatchInput;
type ListQuery = ArticlesListQuery;

const isModerator = (viewer: Viewer) => viewer !== null && hasRole(viewer.role, 'moderator');

// Only what a list shows: the body stays in the database until an item is opened.
const summaryColumns = {
  id: posts.id,
  title: posts.title,
  lead: posts.lead,
  status: posts.status,
  publishedAt: posts.publishedAt,
  personId: posts.personId,
  personName: personsTable.name,
  categoryId: posts.categoryId,
  categoryName: categories.name,
  categorySlug: categories.slug,
  coverFileId: posts.coverFileId,
  coverWidth: files.width,
  coverHeight: files.height,
  authorId: posts.authorId,
  authorUsername: users.username,
  authorFullName: users.fullName,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};
interface SummaryRow {
  id: number;
  title: string;
  lead: string;
  status: ContentStatus;
  publishedAt: Date | null;
  personId: number | null;
  personName: string | null;
  categoryId: number | null;
  categoryName: string | null;
  categorySlug: string | null;
  coverFileId: number | null;
  coverWidth: number | null;
  coverHeight: number | null;
  authorId: number | null;
  authorUsername: string | null;
  authorFullName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(personsTable, eq(posts.personId, personsTable.id))
    .leftJoin(files, eq(posts.coverFileId, files.id))
    .leftJoin(users, eq(posts.authorId, users.id));
}

function selectFull(db: Db) {
  return db
    .select({ ...summaryColumns, body: posts.body })
    .from(posts)
    .leftJoin(categories, eq(posts.categoryId, categories.id))
    .leftJoin(personsTable, eq(posts.personId, personsTable.id))
    .leftJoin(files, eq(posts.coverFileId, files.id))
    .leftJoin(users, eq(posts.authorId, users.id));
}

function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    title: row.title,
    lead: row.lead,
    status: row.status,
    published_at: row.publishedAt?.toISOString() ?? null,
    person_id: row.personId,
    person:
      row.personId !== null && row.personName !== null
        ? { id: row.personId, name: row.personName }
        : null,
    category_id: row.categoryId,
    category:
      row.categoryId !== null && row.categoryName !== null && row.categorySlug !== null
        ? { id: row.categoryId, name: row.categoryName, slug: row.categorySlug }
        : null,
    cover_file_id: row.coverFileId,
    cover_url: row.coverFileId === null ? null : fileDownloadPath(row.coverFileId),
    cover_width: row.coverWidth,
    cover_height: row.coverHeight,
    author:
      row.authorId !== null && row.authorUsername !== null
        ? { id: row.authorId, username: row.authorUsername, full_name: row.authorFullName ?? '' }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Drops the person fields from a news item. */
function forKind<K extends PostKind, T extends ArticleSummary>(kind: K, item: T) {
  if (kind === 'article') return item;
  const { person_id: _personId, person: _person, ...rest } = item;
  return rest;
}

/** True when `viewer` may open the item: published, or theirs, or they moderate. */
function canSee(row: { status: ContentStatus; authorId: number | null }, viewer: Viewer): boolean {
  if (row.status === 'published') return true;
  if (!viewer) return false;
  return isModerator(viewer) || row.authorId === viewer.id;
}

/**
 * Which items a list shows: published ones by default; the caller's own (any status) with
 * `mine`; any status with `status=` for moderators.
 */
function visibility(query: ListQuery, viewer: Viewer): SQL | undefined {
  if (query.mine) {
    if (!viewer) throw new HttpError(401, errorMessages.unauthorized);
    const own = eq(posts.authorId, viewer.id);
    return query.status && query.status !== 'all' ? and(own, eq(posts.status, query.status)) : own;
  }
  if (query.status && query.status !== 'published') {
    if (!viewer) throw new HttpError(401, errorMessages.unauthorized);
    if (!isModerator(viewer)) throw forbidden(contentMessages.moderatorsOnlyStatus);
    return query.status === 'all' ? undefined : eq(posts.status, query.status);
  }
  return eq(posts.status, 'published');
}

/** `?category=` is an id or a slug; an unknown slug matches nothing. */
async function categoryFilter(db: Db, category: string): Promise<SQL> {
  if (/^\d{1,9}$/.test(category)) return eq(posts.categoryId, Number(category));
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, category.toLowerCase()));
  return row ? eq(posts.categoryId, row.id) : sql`false`;
}

/** Newest first: by publication, or by creation for what was never published. */
const newestFirst = [desc(sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`), desc(posts.id)];

/** One page of articles or news the viewer may see, with the total count. */
export async function listPosts<K extends PostKind>(
  db: Db,
  kind: K,
  query: ListQuery,
  viewer: Viewer,
): Promise<{ count: number; results: PostSummaryOf<K>[] }> {
  const conditions: (SQL | undefined)[] = [eq(posts.kind, kind), visibility(query, viewer)];
  if (query.category) conditions.push(await categoryFilter(db, query.category));
  if (kind === 'article' && query.person) conditions.push(eq(posts.personId, query.person));
  for (const word of foldName(query.q ?? '').split(' ')) {
    if (word) conditions.push(like(posts.searchKey, `%${word}%`));
  }
  const where = and(...conditions);

  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .where(where);
  const { limit, offset } = pageWindow(query);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return {
    count: counted?.count ?? 0,
    results: rows.map((row) => forKind(kind, toSummary(row)) as PostSummaryOf<K>),
  };
}

async function loadRow(db: Db, kind: PostKind, id: number) {
  const [row] = await selectFull(db).where(and(eq(posts.id, id), eq(posts.kind, kind)));
  return row;
}

/** One item with its body; 404 when it does not exist or the viewer may not see it. */
export async function getPost<K extends PostKind>(
  db: Db,
  kind: K,
  id: number,
  viewer: Viewer,
): Promise<PostOf<K>> {
  const row = await loadRow(db, kind, id);
  if (!row || !canSee(row, viewer)) throw notFound();
  return forKind(kind, { ...toSummary(row), body: row.body }) as PostOf<K>;
}

/**
 * The status an item gets. Moderators choose (default: published). A member's item never
 * becomes published by their hand: `draft` if they ask for it, otherwise `pending`; an edit
 * of their published item sends it back to moderation.
 */
function nextStatus(
  viewer: CurrentUser,
  requested: ContentStatus | undefined,
  current: ContentStatus | undefined,
): ContentStatus {
  if (isModerator(viewer)) return requested ?? current ?? 'published';
  if (requested === 'draft') return 'draft';
  if (requested) return 'pending';
  return current === 'draft' || current === 'pending' ? current : 'pending';
}

async function assertCategory(db: Db, kind: PostKind, categoryId: number | null | undefined) {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db
    .select({ kind: categories.kind })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!row) throw fieldError('category_id', contentMessages.noSuchCategory);
  if (row.kind !== kind) throw fieldError('category_id', contentMessages.wrongCategoryKind);
}

/**
 * A cover is shown to every visitor of a published item: it must be an image open to all
 * (a members-only file would be a hole for guests, a PDF no picture).
 */
async function assertCover(db: Db, fileId: number | null | undefined) {
  if (fileId === null || fileId === undefined) return;
  const file = await referencedFile(db, fileId, 'cover_file_id', contentMessages.noSuchFile);
  if (!isPublicImage(file)) throw fieldError('cover_file_id', contentMessages.coverNotPublicImage);
}

/** Turns a foreign-key failure (person, file, category gone) into a field error. */
function asFieldError(error: unknown): unknown {
  const pgError = postgresError(error);
  if (pgError?.code !== FOREIGN_KEY_VIOLATION) return error;
  const constraint = pgError.constraint ?? '';
  if (constraint.includes('person_id'))
    return fieldError('person_id', contentMessages.noSuchPerson);
  if (constraint.includes('cover_file_id')) {
    return fieldError('cover_file_id', contentMessages.noSuchFile);
  }
  if (constraint.includes('category_id')) {
    return fieldError('category_id', contentMessages.noSuchCategory);
  }
  return error;
}

/** Title and lead as plain text, body through the allow-list. */
function cleanText(input: PostPatch) {
  const cleaned: { title?: string; lead?: string; body?: string } = {};
  if (input.title !== undefined) {
    cleaned.title = plainText(input.title);
    if (!cleaned.title) throw fieldError('title', contentMessages.titleRequired);
  }
  if (input.lead !== undefined) cleaned.lead = plainText(input.lead, { keepNewlines: true });
  if (input.body !== undefined) cleaned.body = sanitizeBody(input.body);
  return cleaned;
}

const SEARCH_TEXT_MAX = 20_000;

/**
 * What `?q=` searches: title, lead and the text of the body, folded (docs/genealogy.md, Search).
 */
export function postSearchKey(title: string, lead: string, body: string): string {
  return foldName(`${title} ${lead} ${plainText(body).slice(0, SEARCH_TEXT_MAX)}`);
}

/** Creates an article (any signed-in user) or a news item (moderators; checked by the route). */
export async function createPost<K extends PostKind>(
  db: Db,
  kind: K,
  input: PostInput,
  viewer: CurrentUser,
): Promise<PostOf<K>> {
  if (kind === 'news' && !isModerator(viewer)) throw forbidden();
  const text = cleanText(input);
  const title = text.title ?? '';
  const lead = text.lead ?? '';
  const body = text.body ?? '';
  await assertCategory(db, kind, input.category_id);
  await assertCover(db, input.cover_file_id);
  const status = nextStatus(viewer, input.status, undefined);
  let inserted: { id: number } | undefined;
  try {
    [inserted] = await db
      .insert(posts)
      .values({
        kind,
        title,
        lead,
        body,
        personId: kind === 'article' ? (input.person_id ?? null) : null,
        categoryId: input.category_id ?? null,
        coverFileId: input.cover_file_id ?? null,
        authorId: viewer.id,
        status,
        publishedAt: status === 'published' ? new Date() : null,
        searchKey: postSearchKey(title, lead, body),
      })
      .returning({ id: posts.id });
  } catch (error) {
    throw asFieldError(error);
  }
  if (!inserted) throw new Error('insert returned nothing');
  return getPost(db, kind, inserted.id, viewer);
}

/**
 * Edits an item: moderators any item, a member only their own article (never news).
 * Who may not see the item gets 404, who may see but not edit it 403.
 */
export async function updatePost<K extends PostKind>(
  db: Db,
  kind: K,
  id: number,
  patch: PostPatch,
  viewer: CurrentUser,
): Promise<PostOf<K>> {
  const row = await loadRow(db, kind, id);
  if (!row || !canSee(row, viewer)) throw notFound();
  const ownArticle = kind === 'article' && row.authorId === viewer.id;
  if (!isModerator(viewer) && !ownArticle) throw forbidden(contentMessages.editOthers);

  const text = cleanText(patch);
  if (patch.category_id !== undefined) await assertCategory(db, kind, patch.category_id);
  await assertCover(db, patch.cover_file_id);
  const status = nextStatus(viewer, patch.status, row.status);
  const title = text.title ?? row.title;
  const lead = text.lead ?? row.lead;
  const body = text.body ?? row.body;
  // A moderator publishing a member's pending article accepts it: its author is told.
  const accepted =
    kind === 'article' && row.status === 'pending' && status === 'published' && isModerator(viewer);
  try {
    await db
      .update(posts)
      .set({
        ...text,
        ...(kind === 'article' && patch.person_id !== undefined
          ? { personId: patch.person_id }
          : {}),
        ...(patch.category_id !== undefined ? { categoryId: patch.category_id } : {}),
        ...(patch.cover_file_id !== undefined ? { coverFileId: patch.cover_file_id } : {}),
        status,
        publishedAt: status === 'published' ? (row.publishedAt ?? new Date()) : row.publishedAt,
        searchKey: postSearchKey(title, lead, body),
        updatedAt: new Date(),
      })
      .where(eq(posts.id, id));
  } catch (error) {
    throw asFieldError(error);
  }
  if (accepted) {
    await noticeArticleReviewed(
      db,
      { id, title, authorId: row.authorId },
      viewer.id,
      'accepted',
      null,
    );
  }
  return getPost(db, kind, id, viewer);
}

/**
 * A moderator's review of a member's pending article: accepted, it is published; rejected, it
 * goes back to its author as a draft. Either way the author gets a notice with the comment
 * (docs/features.md, Notices). 409 for an article that does not wait.
 */
export async function reviewArticle(
  db: Db,
  id: number,
  viewer: CurrentUser,
  outcome: 'accepted' | 'rejected',
  comment: string | undefined,
): Promise<Article> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: posts.status, title: posts.title, authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.kind, 'article')))
      .for('update');
    if (!row) throw notFound();
    if (row.status !== 'pending') throw new HttpError(409, contentMessages.notPending);
    await tx
      .update(posts)
      .set(
        outcome === 'accepted'
          ? { status: 'published', publishedAt: sql`coalesce(${posts.publishedAt}, now())` }
          : { status: 'draft' },
      )
      .where(eq(posts.id, id));
    await noticeArticleReviewed(tx, { id, ...row }, viewer.id, outcome, comment);
  });
  return getPost(db, 'article', id, viewer);
}

/** Deletes an item: moderators any, a member their own article while it is not published. */
export async function deletePost(
  db: Db,
  kind: PostKind,
  id: number,
  viewer: CurrentUser,
): Promise<void> {
  const [row] = await db
    .select({ status: posts.status, authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.kind, kind)));
  if (!row || !canSee(row, viewer)) throw notFound();
  if (!isModerator(viewer)) {
    if (kind !== 'article' || row.authorId !== viewer.id)
      throw forbidden(contentMessages.editOthers);
    if (row.status === 'published') throw forbidden(contentMessages.deletePublished);
  }
  await db.delete(posts).where(eq(posts.id, id));
}
