import {
  fileDownloadPath,
  matchSiteRoute,
  NOT_FOUND_TITLE,
  pageTitle,
  SITE_NAME,
  type Person,
  type SiteLayout,
  type SiteRoute,
  type SiteRouteId,
} from '@bagysh/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { files, type PostKind } from '../db/schema';
import { escapeHtml } from '../lib/html-escape';
import { HttpError } from '../lib/http-errors';
import { plainText, truncateText } from '../lib/sanitize-html';
import { getPost } from '../modules/content/content.service';
import { getPerson } from '../modules/persons/persons.service';
import { PUBLIC_VIEWER } from '../genealogy/privacy';
import { shellHtml } from './seo.shell';

/**
 * The head of every page the server sends: its status, tab title, description,
 * canonical URL, Open Graph and Twitter card tags, and `noindex` where a crawler has nothing
 * to index. The only database reads: the person, article or news item a detail page names,
 * read as a guest sees it (a crawler is a guest), which also decides the page's 404, and on a
 * person's own page with a chosen photo, whether a guest may still load that file.
 */

export interface PageHead {
  /** 404 for an unknown path or a missing person, article or news item. */
  status: 200 | 404;
  /** The tab title, with the site name. */
  title: string;
  description: string;
  /** Absolute, on PUBLIC_URL; null for a page that is not indexed. */
  canonical: string | null;
  ogType: 'website' | 'article' | 'profile';
  /** The item's own title (og:title), without the site name. */
  ogTitle: string;
  /** A path on this site, made absolute when rendered. */
  image: string | null;
  /** Members-only pages and not-found pages are kept out of search results. */
  noindex: boolean;
  /** The app's frame of the page, for the pre-rendered shell (seo.shell.ts). */
  layout: SiteLayout;
  /** The page's route, whose column the shell keeps (seo.shell.ts); null for an unknown path. */
  route: SiteRouteId | null;
  /**
   * A person page's photo in the shell (seo.shell.ts): the URL the app's header loads it from,
   * or null for the app's placeholder; absent on other pages.
   */
  photo?: string | null;
  /**
   * An article's or news item's boxes above its lead in the shell (seo.shell.ts): its cover
   * (the app's URL and the image's size, null when not known) and the name of the person it
   * is about (the app's person line), or null; absent on other pages.
   */
  post?: {
    cover: { url: string; width: number | null; height: number | null } | null;
    person: string | null;
  };
}

/** Crawlers cut snippets near 160 characters; shared-link previews show up to about 200. */
const DESCRIPTION_MAX = 200;

const SITE_DESCRIPTION =
  'Багыш уруусунун санжырасы: муундан муунга ата-тек, инсандар, уруу-уруктар, макалалар жана жаңылыктар.';

/** Home's: a little longer than the hero's lead (HOME_LEAD), which its shell shows. */
const HOME_DESCRIPTION =
  'Багыш уруусунун санжырасы: издөөгө боло турган жандуу санжыра дарагы, эки адамдын ортосундагы туугандык, белгилүү инсандар, уруу-уруктар жана жаңылыктар.';

/**
 * What each page without an item is about, for search results and shared links: a sentence or
 * two, under the 160 characters a search result shows.
 */
const DESCRIPTIONS: Partial<Record<SiteRouteId, string>> = {
  home: HOME_DESCRIPTION,
  search:
    'Багыш санжырасынын бак-дарагы: инсанды аты, атасы же чоң атасы менен таап, анын ата-бабаларын, урпактарын жана уруусун көрүңүз.',
  comparison:
    'Эки инсандын туугандыгын салыштыруу: алардын жалпы ата-бабасы, ортодогу муундар жана туугандыктын кыргызча аталышы.',
  personArticles:
    'Багыш мыктылары: уруунун белгилүү инсандары, алардын өмүрү, эмгеги жана санжырадагы орду жөнүндө макалалар.',
  persons:
    'Багыш санжырасындагы инсандардын тизмеси: аты, атасы, туулган жылы, мууну жана уруусу боюнча издөө жана иреттөө.',
  about: 'Багыш уруусунун тарыхы, анын уруулары менен уруктары жана санжырасынын кыскача баяны.',
  founders:
    'Багыш уруусунун жана анын уруктарынын негиздөөчүлөрү: ким болгон, качан жашаган, кимден тараган.',
  news: 'Багыш уруусунун жаңылыктары жана жарыялары: жыйындар, аш-той, санжырага кошулган жаңы маалыматтар.',
  contacts:
    'Багыш санжырасы менен байланыш: суроо, сунуш жана санжырага оңдоо же толуктоо жөнөтүү.',
  reference:
    'Сайттын маалымдамасы: санжырадан издөө, даракты окуу, эки инсанды салыштыруу, оңдоо сунуштоо, жети ата, туугандык сөздөр жана байыркы түрк жазуусу.',
  login:
    'Багыш санжырасына кирүү: катталган мүчөлөр санжыраны толуктап, макала жазып, сурамжылоого катышат.',
  passwordReset:
    'Сырсөздү унуттуңузбу? Ырасталган электрондук почтаңызды жазыңыз, ага жаңы сырсөз коюу шилтемеси жөнөтүлөт.',
  passwordResetConfirm:
    'Почтаңызга келген бир жолку шилтеме менен Багыш санжырасындагы аккаунтуңузга жаңы сырсөз коюңуз.',
  emailConfirm:
    'Багыш санжырасындагы аккаунтуңуздун электрондук почтасын почтаңызга келген шилтеме менен ырастаңыз.',
  stats:
    'Багыш уруусунун статистикасы: муундар жана уруулар боюнча инсандар, туулган жылдар, өмүр узактыгы, көп коюлган ысымдар, үй-бүлөдөгү балдар.',
  calendar:
    'Эскерүү күндөрү: Багыш санжырасындагы өткөн инсандардын туулган, каза болгон жана үйлөнгөн күндөрү ай боюнча, уруу же бутак менен.',
  map: 'Багыш санжырасы картада: инсандар туулган, үйлөнгөн, каза болгон жана коюлган жерлер, бир адамдын өмүр жолу, бутактын муундар боюнча таралышы.',
  place:
    'Санжырадагы бир жер картада: анын ичиндеги жерлер жана ал жерде туулган, үйлөнгөн, каза болгон жана коюлгандар.',
  informants:
    'Айтуучулар: санжыраны айтып берген карыялардын үн жазуулары, алар айткан адамдар жана айтуучулар макул эмес жерлер.',
  noticesUnsubscribe:
    'Багыш санжырасынан келген билдирүү каттарынын бир түрүн кирбей туруп эле токтотуңуз.',
};

/**
 * The query parameters that make a different page (the tree around a person, a comparison
 * of two persons, a page of a list); every other parameter is left out of the canonical URL.
 */
const CANONICAL_QUERY: Partial<Record<SiteRouteId, readonly string[]>> = {
  search: ['person'],
  comparison: ['a', 'b'],
  personArticles: ['page', 'category'],
  news: ['page', 'category'],
};

const POST_KINDS: Partial<Record<SiteRouteId, PostKind>> = {
  personArticle: 'article',
  newsItem: 'news',
};

/** The `:id` of a detail path (where the route has it), or null when no row could have it. */
function itemId(route: SiteRoute, path: string): number | null {
  const at = route.path.split('/').indexOf(':id');
  const segment = path.split('/')[at] ?? '';
  const id = /^\d{1,10}$/.test(segment) ? Number(segment) : NaN;
  return Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The person pages: the page itself and its charts, titled "name" or "name: chart". */
const PERSON_PAGES: Partial<Record<SiteRouteId, string | null>> = {
  person: null,
  pedigree: 'ата-теги',
  descendants: 'урпактары',
  fan: 'жети ата',
};

function canonicalQuery(route: SiteRoute, query: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of CANONICAL_QUERY[route.id] ?? []) {
    const value = query.get(key)?.trim();
    // The first page of a list is the list itself.
    if (value && value.length <= 100 && !(key === 'page' && value === '1')) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The facts a guest may see of a person, in one line: name, father, generation, clan, years. */
export function personDescription(person: Person): string {
  const parts = [person.name];
  if (person.father) parts.push(`Атасы: ${person.father.name}`);
  parts.push(`${person.generation}-муун`);
  if (person.clan) parts.push(`Уруу / урук: ${person.clan.name}`);
  // The projection has already blanked what a guest must not see of a living person.
  if (person.birth_year !== null) parts.push(`Туулган жылы: ${person.birth_year}`);
  if (person.death_year !== null) parts.push(`Каза болгон жылы: ${person.death_year}`);
  const facts = `${parts.join('. ')}.`;
  const biography = person.biography ? plainText(person.biography) : '';
  return truncateText(biography ? `${facts} ${biography}` : facts, DESCRIPTION_MAX);
}

const NOT_FOUND: Omit<PageHead, 'canonical'> & { canonical: null } = {
  status: 404,
  title: pageTitle(NOT_FOUND_TITLE),
  description: 'Мындай бет табылган жок.',
  canonical: null,
  ogType: 'website',
  ogTitle: NOT_FOUND_TITLE,
  image: null,
  noindex: true,
  layout: 'default',
  route: null,
};

/**
 * The photo the app's person header shows a guest (primaryPhoto in
 * apps/web/src/features/genealogy/lib/person-page.ts and person-header.tsx): its file, and the
 * URL the header loads it by. The chosen photo by its download, else the first public image
 * linked to the person or their own events by its thumbnail, else null (the placeholder).
 * `person` is read as a guest, so a living person has neither.
 */
async function headerPhoto(
  db: Db,
  person: Person,
): Promise<{ fileId: number; url: string } | null> {
  const chosen = person.photo_file_id;
  if (chosen !== null) {
    // Chosen when it was a public image, but it may have been made members-only since: a guest
    // could not load it, so the page names no file the app's request would be refused.
    const [file] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, chosen), eq(files.kind, 'image'), eq(files.visibility, 'public')));
    return file ? { fileId: chosen, url: fileDownloadPath(chosen) } : null;
  }
  const own = [...person.media, ...person.events.flatMap((event) => event.media)];
  const image = own.find((media) => media.kind === 'image' && media.public);
  return image ? { fileId: image.file_id, url: `/api/files/${image.file_id}/thumbnail/` } : null;
}

/** What `read` gives, or null where it answers 404 (a missing item, or one a guest may not see). */
async function unlessNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * The head of the page at `path` (its query string in `query`), as a guest sees it.
 * `origin` is PUBLIC_URL, never the Host header: it is the client's to choose.
 */
export async function pageHead(
  db: Db,
  origin: string,
  path: string,
  query: URLSearchParams = new URLSearchParams(),
): Promise<PageHead> {
  const route = matchSiteRoute(path);
  if (!route) return NOT_FOUND;
  const base = {
    status: 200 as const,
    title: pageTitle(route.title),
    description: DESCRIPTIONS[route.id] ?? SITE_DESCRIPTION,
    ogType: 'website' as const,
    ogTitle: route.title,
    image: null,
    noindex: route.access === 'login',
    layout: route.layout,
    route: route.id,
  };
  if (route.access === 'login') return { ...base, canonical: null };

  const id = route.path.includes(':id') ? itemId(route, path) : null;
  if (route.path.includes(':id') && id === null) return NOT_FOUND;
  // The route's own spelling: /Persons/5/ and /persons/5 are one page.
  const canonicalPath = id === null ? route.path : route.path.replace(':id', String(id));
  const canonical = `${origin}${canonicalPath}${canonicalQuery(route, query)}`;

  const chart = PERSON_PAGES[route.id];
  if (chart !== undefined && id !== null) {
    const person = await unlessNotFound(getPerson(db, id, PUBLIC_VIEWER));
    if (!person) return NOT_FOUND;
    const title = chart === null ? person.name : `${person.name}: ${chart}`;
    const photo = await headerPhoto(db, person);
    return {
      ...base,
      title: pageTitle(title),
      description: personDescription(person),
      canonical,
      ogType: 'profile',
      ogTitle: title,
      // A shared link's preview: the header's photo, whole.
      image: photo && fileDownloadPath(photo.fileId),
      ...(route.id === 'person' && { photo: photo?.url ?? null }),
    };
  }

  const kind = POST_KINDS[route.id];
  if (kind && id !== null) {
    // The item as the app reads it for a guest (published only): what the shell draws of it is
    // what the app will.
    const post = await unlessNotFound(getPost(db, kind, id, null));
    if (!post) return NOT_FOUND;
    return {
      ...base,
      title: pageTitle(post.title),
      description: truncateText(post.lead || plainText(post.body), DESCRIPTION_MAX),
      canonical,
      ogType: 'article',
      ogTitle: post.title,
      image: post.cover_url,
      post: {
        cover:
          post.cover_url === null
            ? null
            : { url: post.cover_url, width: post.cover_width, height: post.cover_height },
        person: 'person' in post ? (post.person?.name ?? null) : null,
      },
    };
  }

  return { ...base, canonical };
}

// Tags of index.html that the page's own replace.
const REPLACED_TAGS =
  /\s*<(?:meta\s+(?:name="(?:description|robots|twitter:[^"]*)"|property="og:[^"]*")|link\s+rel="canonical")[^>]*>/gi;

/** The `<title>` and meta tags of `head`, every value escaped, URLs absolute on `origin`. */
export function headTags(head: PageHead, origin: string): string {
  const tags: string[] = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}">`);
  meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  meta('property', 'og:type', head.ogType);
  meta('property', 'og:site_name', SITE_NAME);
  meta('property', 'og:locale', 'ky_KG');
  meta('property', 'og:title', head.ogTitle);
  meta('property', 'og:description', head.description);
  if (head.canonical) meta('property', 'og:url', head.canonical);
  if (head.image) meta('property', 'og:image', `${origin}${head.image}`);
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  return tags.join('\n    ');
}

/**
 * index.html with the page's head (its `<title>` and template tags replaced, the rest added)
 * and its pre-rendered shell in the empty `#root`.
 */
export function injectHead(html: string, head: PageHead, origin: string): string {
  const tags = headTags(head, origin);
  const cleaned = html.replace(REPLACED_TAGS, '');
  const titled = /<title>[\s\S]*?<\/title>/i.test(cleaned)
    ? cleaned.replace(/<title>[\s\S]*?<\/title>/i, () => tags)
    : cleaned.replace(/<\/head>/i, () => `    ${tags}\n  </head>`);
  const shell = shellHtml(head);
  return shell
    ? titled.replace('<div id="root"></div>', () => `<div id="root">${shell}</div>`)
    : titled;
}
