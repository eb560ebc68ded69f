import {
  fileDownloadPath,
  SocialLinkSchema,
  type AboutPage,
  type ContactsPagePatchInput,
  type FoundersPagePatchInput,
  type ContactsPage,
  type Founder,
  type FoundersPage,
  type Page,
  type PageKey,
} from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { sitePages } from '../../db/schema';
import { plainText, sanitizeBody } from '../../lib/sanitize-html';

/** Titles of the pages before an admin names them (the menu labels, docs/product.md, Routes). */
export const defaultPageTitles: Record<PageKey, string> = {
  about: 'Багыш уруусу',
  founders: 'Негиздөөчүлөр',
  contacts: 'Байланыш',
};

type PageRow = typeof sitePages.$inferSelect;
type AboutPatch = { title?: string; body?: string };
type FoundersPatch = z.infer<typeof FoundersPagePatchInput>;
type ContactsPatch = z.infer<typeof ContactsPagePatchInput>;
export type PagePatch<K extends PageKey> = K extends 'founders'
  ? FoundersPatch
  : K extends 'contacts'
    ? ContactsPatch
    : AboutPatch;
export type PageOf<K extends PageKey> = Extract<Page, { key: K }>;

// The stored `data`, read leniently: a field that is missing or malformed becomes its default.
const StoredFounder = z.object({
  name: z.string().catch(''),
  role: z.string().catch(''),
  photo_file_id: z.number().int().nullable().catch(null),
  text: z.string().catch(''),
});
const StoredFounders = z.object({ founders: z.array(StoredFounder).catch([]) });
const StoredContacts = z.object({
  address: z.string().catch(''),
  phone: z.string().catch(''),
  email: z.string().catch(''),
  socials: z.array(SocialLinkSchema).catch([]),
  map_url: z.string().catch(''),
});

function founderOut(founder: z.infer<typeof StoredFounder>): Founder {
  return {
    ...founder,
    photo_url: founder.photo_file_id === null ? null : fileDownloadPath(founder.photo_file_id),
  };
}

function toApi(key: PageKey, row: PageRow | undefined): Page {
  const common = {
    title: row?.title ?? defaultPageTitles[key],
    body: row?.body ?? '',
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
  const data = row?.data ?? {};
  switch (key) {
    case 'about':
      return { key, ...common } satisfies AboutPage;
    case 'founders': {
      const { founders } = StoredFounders.parse(data);
      return { key, ...common, founders: founders.map(founderOut) } satisfies FoundersPage;
    }
    case 'contacts':
      return { key, ...common, ...StoredContacts.parse(data) } satisfies ContactsPage;
  }
}

async function findRow(db: Db, key: PageKey): Promise<PageRow | undefined> {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.key, key));
  return row;
}

/** A page as visitors see it; one never saved answers its default title and empty fields. */
export async function getPage<K extends PageKey>(db: Db, key: K): Promise<PageOf<K>> {
  return toApi(key, await findRow(db, key)) as PageOf<K>;
}

/** The `data` column of a page after `patch`: text cleaned, HTML through the allow-list. */
function mergeData(current: Page, patch: FoundersPatch & ContactsPatch): Record<string, unknown> {
  switch (current.key) {
    case 'about':
      return {};
    case 'founders': {
      const founders =
        patch.founders?.map((founder) => ({
          name: plainText(founder.name),
          role: plainText(founder.role),
          photo_file_id: founder.photo_file_id,
          text: sanitizeBody(founder.text),
        })) ?? current.founders.map(({ photo_url: _url, ...founder }) => founder);
      return { founders };
    }
    case 'contacts':
      return {
        address: plainText(patch.address ?? current.address, { keepNewlines: true }),
        phone: plainText(patch.phone ?? current.phone),
        email: patch.email ?? current.email,
        socials: (patch.socials ?? current.socials).map((link) => ({
          label: plainText(link.label),
          url: link.url,
        })),
        map_url: patch.map_url ?? current.map_url,
      };
  }
}

/**
 * Saves the fields given (PUT sends them all, PATCH some): the page is created on its first
 * save. Titles and names are stored as plain text, bodies and founders' texts sanitized.
 */
export async function savePage<K extends PageKey>(
  db: Db,
  key: K,
  patch: PagePatch<K>,
  userId: number,
): Promise<PageOf<K>> {
  const current = toApi(key, await findRow(db, key));
  const fields = patch as FoundersPatch & ContactsPatch;
  const title = fields.title === undefined ? current.title : plainText(fields.title);
  const body = fields.body === undefined ? current.body : sanitizeBody(fields.body);
  const values = {
    title: title || defaultPageTitles[key],
    body,
    data: mergeData(current, fields),
    updatedById: userId,
    updatedAt: new Date(),
  };
  await db
    .insert(sitePages)
    .values({ key, ...values })
    .onConflictDoUpdate({ target: sitePages.key, set: values });
  return getPage(db, key);
}
