import { z } from 'zod';
import { PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';

/**
 * Content: articles about notable persons (Багыш мыктылары), news, their
 * categories, the about / founders / contacts pages and contact-form messages.
 */

/** Lengths every form and the API agree on. */
export const contentLimits = {
  title: 300,
  lead: 1000,
  /** Sanitized HTML of an article, news item or page. */
  body: 200_000,
  search: 200,
  categoryName: 100,
  categorySlug: 100,
  categoryDescription: 1000,
  founders: 50,
  founderName: 200,
  founderRole: 200,
  founderText: 20_000,
  socials: 20,
  socialLabel: 100,
  url: 500,
  address: 500,
  phone: 30,
  email: 254,
  contactName: 100,
  contactMessageMin: 10,
  contactMessageMax: 5000,
} as const;

/** Ids are PostgreSQL `integer`s: a larger number is a 400, not a database error. */
const id = RowIdSchema;
const timestamp = z.iso.datetime();

/** `{id}` in the path of an article, news item, category or contact message. */
export const ContentIdParams = z.object({ id: RowIdParam });

/** `?flag=1` / `?flag=true` (and 0/false) in a query string. */
export const QueryFlagSchema = z
  .enum(['1', '0', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true');

/**
 * Where an article or news item is: a member's `draft`, `pending` moderation, or `published`
 * (visible to everyone).
 */
export const CONTENT_STATUSES = ['draft', 'pending', 'published'] as const;
export const ContentStatusSchema = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatusSchema>;

/** `?status=` of a list: a status, or `all` (moderators only). */
export const ContentStatusFilterSchema = z.enum([...CONTENT_STATUSES, 'all']);

/** Public path of an uploaded file's content (the files API). */
export function fileDownloadPath(fileId: number): string {
  return `/api/files/${fileId}/download/`;
}

// ---------------------------------------------------------------- categories

export const CATEGORY_KINDS = ['article', 'news', 'file'] as const;
export const CategoryKindSchema = z.enum(CATEGORY_KINDS);
export type CategoryKind = z.infer<typeof CategoryKindSchema>;

export const CategorySlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(contentLimits.categorySlug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Латын тамгалары, сандар жана «-» гана болушу керек.');

export const CategorySchema = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  kind: CategoryKindSchema,
  created_at: timestamp,
  updated_at: timestamp,
});
export type Category = z.infer<typeof CategorySchema>;

/** What an article or news item shows of its category. */
export const CategoryRefSchema = CategorySchema.pick({ id: true, name: true, slug: true });
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

/** POST /api/categories/: the slug is made from the name (transliterated) when left out. */
export const CategoryInput = z.object({
  name: z.string().trim().min(1).max(contentLimits.categoryName),
  slug: CategorySlugSchema.optional(),
  description: z.string().trim().max(contentLimits.categoryDescription).optional(),
  kind: CategoryKindSchema,
});
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryPatchInput = CategoryInput.partial();
export type CategoryPatchInput = z.infer<typeof CategoryPatchInput>;

export const CategoriesListQuery = PageQuerySchema.extend({
  kind: CategoryKindSchema.optional(),
});
export type CategoriesListQuery = z.infer<typeof CategoriesListQuery>;

/** DELETE /api/categories/{id}/?move_to_none=1 leaves the items using it without a category. */
export const CategoryDeleteQuery = z.object({
  move_to_none: QueryFlagSchema.optional(),
});

export const CategoriesPageSchema = paginatedSchema(CategorySchema);

// ---------------------------------------------------------------- articles and news

export const AuthorSchema = z.object({
  id,
  username: z.string(),
  full_name: z.string(),
});

/** The person an article is about. */
export const PersonRefSchema = z.object({ id, name: z.string() });

const postFields = {
  id,
  title: z.string(),
  lead: z.string(),
  /** Sanitized HTML (the server's allow-list); safe to render as it is. */
  body: z.string(),
  status: ContentStatusSchema,
  /** When it was first published; kept when a later edit sends it back to moderation. */
  published_at: timestamp.nullable(),
  category_id: id.nullable(),
  category: CategoryRefSchema.nullable(),
  cover_file_id: id.nullable(),
  /** `/api/files/{id}/download/` of the cover, or null. */
  cover_url: z.string().nullable(),
  /**
   * The cover's size in pixels, so a page reserves its box before the image arrives (null
   * when there is no cover, or its size is not known).
   */
  cover_width: z.number().int().nullable(),
  cover_height: z.number().int().nullable(),
  author: AuthorSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
};

export const NewsSchema = z.object(postFields);
export type News = z.infer<typeof NewsSchema>;
/** A news item in a list: everything but the body. */
export const NewsSummarySchema = NewsSchema.omit({ body: true });
export type NewsSummary = z.infer<typeof NewsSummarySchema>;

export const ArticleSchema = z.object({
  ...postFields,
  person_id: id.nullable(),
  /** The linked person's id and name (null when there is none). */
  person: PersonRefSchema.nullable(),
});
export type Article = z.infer<typeof ArticleSchema>;
export const ArticleSummarySchema = ArticleSchema.omit({ body: true });
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/**
 * POST /api/news/ (moderators and admins). Title and lead are plain text (tags are stripped);
 * the body is HTML, sanitized by the server. `status` defaults to published for moderators.
 */
export const NewsInput = z.object({
  title: z.string().trim().min(1).max(contentLimits.title),
  lead: z.string().trim().max(contentLimits.lead).optional(),
  body: z.string().max(contentLimits.body).optional(),
  category_id: id.nullable().optional(),
  cover_file_id: id.nullable().optional(),
  status: ContentStatusSchema.optional(),
});
export type NewsInput = z.infer<typeof NewsInput>;
export const NewsPatchInput = NewsInput.partial();
export type NewsPatchInput = z.infer<typeof NewsPatchInput>;

/**
 * POST /api/person-articles/. A member's article is never published by its author: any status
 * but `draft` becomes `pending` (moderation). Moderators' default is `published`.
 */
export const ArticleInput = NewsInput.extend({
  person_id: id.nullable().optional(),
});
export type ArticleInput = z.infer<typeof ArticleInput>;
export const ArticlePatchInput = ArticleInput.partial();
export type ArticlePatchInput = z.infer<typeof ArticlePatchInput>;

/**
 * GET /api/news/. Everyone sees published items; `mine=1` lists the caller's own items of any
 * status; `status=` other than published (or `all`) is for moderators. `category` is an id or a
 * slug; `q` searches title, lead and text, folding Kyrgyz letter variants and Latin spelling.
 */
export const NewsListQuery = PageQuerySchema.extend({
  category: z.string().trim().max(contentLimits.categorySlug).optional(),
  q: z.string().trim().max(contentLimits.search).optional(),
  mine: QueryFlagSchema.optional(),
  status: ContentStatusFilterSchema.optional(),
});
export type NewsListQuery = z.infer<typeof NewsListQuery>;

/** GET /api/person-articles/: the news filters plus `person` (a person id). */
export const ArticlesListQuery = NewsListQuery.extend({
  person: RowIdParam.optional(),
});
export type ArticlesListQuery = z.infer<typeof ArticlesListQuery>;

export const ArticlesPageSchema = paginatedSchema(ArticleSummarySchema);
export const NewsPageSchema = paginatedSchema(NewsSummarySchema);

// ---------------------------------------------------------------- pages

export const PAGE_KEYS = ['about', 'founders', 'contacts'] as const;
export const PageKeySchema = z.enum(PAGE_KEYS);
export type PageKey = z.infer<typeof PageKeySchema>;

const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).max(contentLimits.url);

export const FounderInput = z.object({
  name: z.string().trim().min(1).max(contentLimits.founderName),
  role: z.string().trim().max(contentLimits.founderRole).default(''),
  photo_file_id: id.nullable().default(null),
  /** HTML from the same editor, sanitized like an article body. */
  text: z.string().max(contentLimits.founderText).default(''),
});
export type FounderInput = z.input<typeof FounderInput>;

export const FounderSchema = z.object({
  name: z.string(),
  role: z.string(),
  photo_file_id: id.nullable(),
  photo_url: z.string().nullable(),
  text: z.string(),
});
export type Founder = z.infer<typeof FounderSchema>;

export const SocialLinkSchema = z.object({
  label: z.string().trim().min(1).max(contentLimits.socialLabel),
  url: httpUrl,
});
export type SocialLink = z.infer<typeof SocialLinkSchema>;

const pageFields = {
  title: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  /** Null until an admin first saves the page. */
  updated_at: timestamp.nullable(),
};

export const AboutPageSchema = z.object({ key: z.literal('about'), ...pageFields });
export const FoundersPageSchema = z.object({
  key: z.literal('founders'),
  ...pageFields,
  /** In the order they are shown. */
  founders: z.array(FounderSchema),
});
export const ContactsPageSchema = z.object({
  key: z.literal('contacts'),
  ...pageFields,
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  socials: z.array(SocialLinkSchema),
  map_url: z.string(),
});
export const PageSchema = z.discriminatedUnion('key', [
  AboutPageSchema,
  FoundersPageSchema,
  ContactsPageSchema,
]);
export type AboutPage = z.infer<typeof AboutPageSchema>;
export type FoundersPage = z.infer<typeof FoundersPageSchema>;
export type ContactsPage = z.infer<typeof ContactsPageSchema>;
export type Page = z.infer<typeof PageSchema>;

const pageInputFields = {
  title: z.string().trim().min(1).max(contentLimits.title),
  body: z.string().max(contentLimits.body),
};

/** PUT /api/pages/about/ (admins); PATCH takes any subset. */
export const AboutPageInput = z.object(pageInputFields);
export type AboutPageInput = z.infer<typeof AboutPageInput>;

/** PUT /api/pages/founders/: the whole ordered list replaces the old one. */
export const FoundersPageInput = z.object({
  ...pageInputFields,
  founders: z.array(FounderInput).max(contentLimits.founders),
});
export type FoundersPageInput = z.infer<typeof FoundersPageInput>;

/** PUT /api/pages/contacts/. Empty strings clear a field. */
export const ContactsPageInput = z.object({
  ...pageInputFields,
  address: z.string().trim().max(contentLimits.address),
  phone: z.string().trim().max(contentLimits.phone),
  email: z.union([z.literal(''), z.email().max(contentLimits.email)]),
  socials: z.array(SocialLinkSchema).max(contentLimits.socials),
  map_url: z.union([z.literal(''), httpUrl]),
});
export type ContactsPageInput = z.infer<typeof ContactsPageInput>;

export const AboutPagePatchInput = AboutPageInput.partial();
export const FoundersPagePatchInput = FoundersPageInput.partial();
export const ContactsPagePatchInput = ContactsPageInput.partial();

// ---------------------------------------------------------------- contact messages

const phoneSchema = z
  .string()
  .trim()
  .max(contentLimits.phone)
  .regex(/^\+?[0-9 ()-]{5,}$/, 'Телефон номери туура эмес.');

/** POST /api/contact-messages/ (anyone, rate-limited): a name, an e-mail or a phone, a message. */
export const ContactMessageInput = z
  .object({
    name: z.string().trim().min(1).max(contentLimits.contactName),
    email: z
      .union([z.literal(''), z.email().max(contentLimits.email)])
      .nullable()
      .optional(),
    phone: z
      .union([z.literal(''), phoneSchema])
      .nullable()
      .optional(),
    message: z
      .string()
      .trim()
      .min(contentLimits.contactMessageMin)
      .max(contentLimits.contactMessageMax),
  })
  .refine((value) => Boolean(value.email) || Boolean(value.phone), {
    message: 'Электрондук почтаны же телефон номерин көрсөтүңүз.',
  });
export type ContactMessageInput = z.infer<typeof ContactMessageInput>;

export const ContactMessageCreatedSchema = z.object({ id, detail: z.string() });

export const ContactMessageSchema = z.object({
  id,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string(),
  handled: z.boolean(),
  handled_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

/** GET /api/contact-messages/ (admins): newest first, `?handled=0` for the unhandled ones. */
export const ContactMessagesListQuery = PageQuerySchema.extend({
  handled: QueryFlagSchema.optional(),
});
export type ContactMessagesListQuery = z.infer<typeof ContactMessagesListQuery>;

export const ContactMessagePatchInput = z.object({ handled: z.boolean() });
export type ContactMessagePatchInput = z.infer<typeof ContactMessagePatchInput>;

export const ContactMessagesPageSchema = paginatedSchema(ContactMessageSchema);
