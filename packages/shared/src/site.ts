/**
 * The site's name and its route table (docs/product.md, Routes), shared by the web app (router,
 * navigation, tab titles) and the server (the pre-rendered `<title>` of a deep link).
 * Plain data, no zod: the landing page's bundle imports it.
 */

/** The site name of every tab title, the header and the footer. */
export const SITE_NAME = 'Багыш санжырасы';

/**
 * The home hero's lead sentence under the site name: the app's (i18n `home.lead`) and the
 * server's pre-rendered landing shell show the same words, so the swap to the app does not
 * change the text.
 */
export const HOME_LEAD =
  'Издөөгө боло турган жандуу санжыра дарагы, эки адамдын ортосундагы туугандык, белгилүү инсандар жана жаңылыктар.';

/**
 * The tree page's line under its heading (/search): the app's (i18n `search.intro`) and the
 * server's pre-rendered shell show the same words, as on the home page.
 */
export const SEARCH_INTRO =
  'Атын жазыңыз: «аты атасы чоң атасы» деп да издесе болот. Ката же башкача жазылса да (латын тамгалары, ң/н, ө/о) табылат.';

/**
 * The label of an article's person line, before the person's name (i18n `post.aboutPerson`):
 * the server's pre-rendered shell draws the line with the same words, so it wraps as the app's.
 */
export const ARTICLE_PERSON_LABEL = 'Кимдин санжырасы';

/** Which frame a page is shown in: header + content + footer, a transparent header over the content, or nothing. */
export type SiteLayout = 'default' | 'landing' | 'blank';

/**
 * Who may open a page (docs/product.md, Route guard): anyone, signed-in users only, or guests only.
 */
export type SiteAccess = 'public' | 'login' | 'guest';

/** The least role a signed-in page needs beyond signing in (docs/genealogy.md, Roles). */
export type SiteRole = 'moderator' | 'admin';

// The role order of roles.ts, kept here without zod: the landing page's bundle imports this file.
const ROLE_RANK: Readonly<Record<string, number>> = { user: 0, moderator: 1, admin: 2 };

/** True when a stored user's role (any value; a missing one is a member's) reaches `required`. */
export function roleAllows(role: unknown, required: SiteRole | undefined): boolean {
  if (!required) return true;
  return (ROLE_RANK[typeof role === 'string' ? role : 'user'] ?? 0) >= (ROLE_RANK[required] ?? 0);
}

export interface SiteRoute {
  /** Route id; `addPersonArticle` and `editPersonArticle` are the product's route names. */
  readonly id: SiteRouteId;
  /** React Router pattern. */
  readonly path: string;
  /**
   * The page title of docs/product.md, Routes. View pages replace it by the loaded item's title.
   */
  readonly title: string;
  readonly layout: SiteLayout;
  readonly access: SiteAccess;
  /** For `login` pages of staff only: the least role (the server refuses others too). */
  readonly role?: SiteRole;
}

export type SiteRouteId =
  | 'home'
  | 'search'
  | 'comparison'
  | 'personArticles'
  | 'addPersonArticle'
  | 'personArticle'
  | 'editPersonArticle'
  | 'polls'
  | 'files'
  | 'categories'
  | 'persons'
  | 'about'
  | 'founders'
  | 'news'
  | 'newsItem'
  | 'contacts'
  | 'login'
  | 'profile'
  | 'users'
  | 'person'
  | 'pedigree'
  | 'descendants'
  | 'fan'
  | 'moderation'
  | 'contributions'
  | 'gedcom'
  | 'duplicates'
  | 'treeChecks'
  | 'personMerge'
  | 'passwordReset'
  | 'passwordResetConfirm'
  | 'emailConfirm'
  | 'mailOutbox'
  | 'reference'
  | 'notices'
  | 'noticesUnsubscribe'
  | 'stats'
  | 'calendar'
  | 'map'
  | 'place'
  | 'recording'
  | 'informants'
  | 'informant';

/** Title of the error page that any unknown path shows. */
export const NOT_FOUND_TITLE = 'Табылган жок';

const ARTICLES_TITLE = 'Багыш мыктылары';
const ADD_ARTICLE_TITLE = 'Макала кошуу';
const NEWS_TITLE = 'Жаңылыктар';
const INFORMANTS_TITLE = 'Айтуучулар';

/**
 * The 19 original routes of docs/product.md, Routes, in that order. Access left open is public,
 * except /profile: it shows the signed-in user's own record, so a guest has nothing to see there.
 */
export const SITE_ROUTES: readonly SiteRoute[] = [
  { id: 'home', path: '/', title: 'Башкы бет', layout: 'landing', access: 'public' },
  { id: 'search', path: '/search', title: 'Санжыра', layout: 'default', access: 'public' },
  {
    id: 'comparison',
    path: '/comparison',
    title: 'Салыштыруу',
    layout: 'default',
    access: 'public',
  },
  {
    id: 'personArticles',
    path: '/person-articles',
    title: ARTICLES_TITLE,
    layout: 'default',
    access: 'public',
  },
  {
    id: 'addPersonArticle',
    path: '/person-articles/add',
    title: ADD_ARTICLE_TITLE,
    layout: 'default',
    access: 'login',
  },
  {
    id: 'personArticle',
    path: '/person-articles/:id',
    title: ARTICLES_TITLE,
    layout: 'default',
    access: 'public',
  },
  {
    // "same form as add", under its own title: the tab should not say "add" while editing.
    id: 'editPersonArticle',
    path: '/person-articles/edit/:id',
    title: 'Макаланы түзөтүү',
    layout: 'default',
    access: 'login',
  },
  { id: 'polls', path: '/polls', title: 'Сурамжылоо', layout: 'default', access: 'login' },
  { id: 'files', path: '/files', title: 'Файлдар', layout: 'default', access: 'login' },
  {
    id: 'categories',
    path: '/categories',
    title: 'Категориялар',
    layout: 'default',
    access: 'login',
  },
  { id: 'persons', path: '/persons', title: 'Инсандар', layout: 'default', access: 'public' },
  { id: 'about', path: '/about', title: 'Багыш уруусу', layout: 'default', access: 'public' },
  {
    id: 'founders',
    path: '/founders',
    title: 'Негиздөөчүлөр',
    layout: 'default',
    access: 'public',
  },
  { id: 'news', path: '/news', title: NEWS_TITLE, layout: 'default', access: 'public' },
  { id: 'newsItem', path: '/news/:id', title: NEWS_TITLE, layout: 'default', access: 'public' },
  { id: 'contacts', path: '/contacts', title: 'Байланыш', layout: 'default', access: 'public' },
  { id: 'login', path: '/login', title: 'Кирүү', layout: 'blank', access: 'guest' },
  { id: 'profile', path: '/profile', title: 'Профиль', layout: 'default', access: 'login' },
  {
    id: 'users',
    path: '/users',
    title: 'Колдонуучулар',
    layout: 'default',
    access: 'login',
  },
  // Added by the genealogy pages: a person's page and the moderators' queue.
  { id: 'person', path: '/persons/:id', title: 'Инсандар', layout: 'default', access: 'public' },
  // A person's pedigree (both parents' lines) and descendant chart (all lines).
  {
    id: 'pedigree',
    path: '/persons/:id/pedigree',
    title: 'Ата-теги',
    layout: 'default',
    access: 'public',
  },
  {
    id: 'descendants',
    path: '/persons/:id/descendants',
    title: 'Урпактары',
    layout: 'default',
    access: 'public',
  },
  // A person's жети ата: seven generations of fathers and mothers as a half-circle fan.
  {
    id: 'fan',
    path: '/persons/:id/fan',
    title: 'Жети ата',
    layout: 'default',
    access: 'public',
  },
  {
    id: 'moderation',
    path: '/moderation',
    title: 'Модерация',
    layout: 'default',
    access: 'login',
  },
  // A member's own proposals and what became of each.
  {
    id: 'contributions',
    path: '/contributions',
    title: 'Менин сунуштарым',
    layout: 'default',
    access: 'login',
  },
  // GEDCOM import (preview, job, report, history) and export, for moderators.
  {
    id: 'gedcom',
    path: '/gedcom',
    title: 'GEDCOM: импорт жана экспорт',
    layout: 'default',
    access: 'login',
    role: 'moderator',
  },
  // The duplicate finder: likely duplicate persons, for moderators.
  {
    id: 'duplicates',
    path: '/persons/duplicates',
    title: 'Кайталанган инсандар',
    layout: 'default',
    access: 'login',
    role: 'moderator',
  },
  // Likely errors of the tree (docs/features.md, Tree checks), for moderators.
  {
    id: 'treeChecks',
    path: '/tree-checks',
    title: 'Текшерүү',
    layout: 'default',
    access: 'login',
    role: 'moderator',
  },
  // Two records of one person merged into one (members propose, moderators apply).
  {
    id: 'personMerge',
    path: '/persons/merge',
    title: 'Инсандарды бириктирүү',
    layout: 'default',
    access: 'login',
  },
  // Account links: a password forgotten, the page a mailed reset link opens, the page an
  // e-mail confirmation link opens (paths as ACCOUNT_LINK_PATHS), and the admins' outbox.
  {
    id: 'passwordReset',
    path: '/password/reset',
    title: 'Сырсөздү калыбына келтирүү',
    layout: 'blank',
    access: 'public',
  },
  {
    id: 'passwordResetConfirm',
    path: '/password/reset/confirm',
    title: 'Жаңы сырсөз',
    layout: 'blank',
    access: 'public',
  },
  {
    id: 'emailConfirm',
    path: '/email/confirm',
    title: 'Почтаны ырастоо',
    layout: 'blank',
    access: 'public',
  },
  {
    id: 'mailOutbox',
    path: '/mail/outbox',
    title: 'Чыгуучу каттар',
    layout: 'default',
    access: 'login',
    role: 'admin',
  },
  // Маалымдама: how to use the site and what its words mean, for visitors and members alike.
  {
    id: 'reference',
    path: '/reference',
    title: 'Маалымдама',
    layout: 'default',
    access: 'public',
  },
  // Notices of what happened to the member's proposals and articles, and the digests; the page
  // a mail's unsubscribe link opens (no sign-in: the link is signed).
  {
    id: 'notices',
    path: '/notices',
    title: 'Билдирүүлөр',
    layout: 'default',
    access: 'login',
  },
  {
    id: 'noticesUnsubscribe',
    path: '/notices/unsubscribe',
    title: 'Каттарды токтотуу',
    layout: 'blank',
    access: 'public',
  },
  // The tribe's figures in charts (docs/features.md, Statistics of the tribe), for everyone.
  { id: 'stats', path: '/stats', title: 'Статистика', layout: 'default', access: 'public' },
  // Эскерүү күндөрү: anniversaries of the departed, and for members the memorial days.
  {
    id: 'calendar',
    path: '/calendar',
    title: 'Эскерүү күндөрү',
    layout: 'default',
    access: 'public',
  },
  // The tribe on a map (docs/features.md, Map): all places, a person's life, a branch; and one
  // place with who was born, married, died and was buried there.
  { id: 'map', path: '/map', title: 'Карта', layout: 'default', access: 'public' },
  { id: 'place', path: '/places/:id', title: 'Жер', layout: 'default', access: 'public' },
  // A recording of an elder with its transcript (docs/features.md, Transcripts); `?t=` opens it
  // at that second.
  {
    id: 'recording',
    path: '/recordings/:id',
    title: 'Үн жазуусу',
    layout: 'default',
    access: 'public',
  },
  // Айтуучулар (docs/features.md, Recordings and informants): every informant with their
  // recordings, the persons they told of and where they disagree; and one informant's page.
  {
    id: 'informants',
    path: '/informants',
    title: INFORMANTS_TITLE,
    layout: 'default',
    access: 'public',
  },
  {
    id: 'informant',
    path: '/informants/:id',
    title: INFORMANTS_TITLE,
    layout: 'default',
    access: 'public',
  },
];

export interface NavItem {
  readonly route: SiteRouteId;
  readonly label: string;
  /** Hidden from guests (the show-if-logged-in flag). */
  readonly showIfLoggedIn: boolean;
}

/** The navigation menu in the product's order: public items, then the signed-in ones. */
export const NAV_ITEMS: readonly NavItem[] = [
  { route: 'home', label: 'Башкы бет', showIfLoggedIn: false },
  { route: 'about', label: 'Багыш уруусу', showIfLoggedIn: false },
  { route: 'personArticles', label: ARTICLES_TITLE, showIfLoggedIn: false },
  { route: 'persons', label: 'Инсандар', showIfLoggedIn: false },
  { route: 'search', label: 'Санжыра', showIfLoggedIn: false },
  { route: 'comparison', label: 'Салыштыруу', showIfLoggedIn: false },
  { route: 'news', label: NEWS_TITLE, showIfLoggedIn: false },
  { route: 'contacts', label: 'Байланыш', showIfLoggedIn: false },
  { route: 'founders', label: 'Негиздөөчүлөр', showIfLoggedIn: false },
  { route: 'files', label: 'Жүктөлгөн файлдар', showIfLoggedIn: true },
  { route: 'polls', label: 'Сурамжылоо', showIfLoggedIn: true },
  { route: 'categories', label: 'Категориялар', showIfLoggedIn: true },
  { route: 'users', label: 'Колдонуучулар', showIfLoggedIn: true },
  { route: 'gedcom', label: 'GEDCOM', showIfLoggedIn: true },
  { route: 'duplicates', label: 'Кайталанган инсандар', showIfLoggedIn: true },
  { route: 'treeChecks', label: 'Текшерүү', showIfLoggedIn: true },
  { route: 'mailOutbox', label: 'Чыгуучу каттар', showIfLoggedIn: true },
];

/** The navigation items a visitor sees: signed-in items for members, staff pages for staff. */
export function visibleNavItems(logged: boolean, role?: unknown): readonly NavItem[] {
  return NAV_ITEMS.filter(
    (item) => !item.showIfLoggedIn || (logged && roleAllows(role, siteRoute(item.route).role)),
  );
}

/** Browser tab title: '{title} - {site name}' (docs/product.md, Layouts). */
export function pageTitle(title: string): string {
  return `${title} - ${SITE_NAME}`;
}

const ROUTES_BY_ID = new Map(SITE_ROUTES.map((route) => [route.id, route]));

/** The route with this id. */
export function siteRoute(id: SiteRouteId): SiteRoute {
  const route = ROUTES_BY_ID.get(id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route;
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The route a pathname opens, matched the way React Router does (case-insensitive, trailing
 * slash ignored, a static segment beats a `:param`), or undefined for an unknown path.
 */
export function matchSiteRoute(pathname: string): SiteRoute | undefined {
  let parts: string[];
  try {
    parts = segments(decodeURI(pathname).toLowerCase());
  } catch {
    return undefined; // malformed %-escape
  }
  let best: { route: SiteRoute; score: number } | undefined;
  for (const route of SITE_ROUTES) {
    const pattern = segments(route.path.toLowerCase());
    if (pattern.length !== parts.length) continue;
    let score = 0;
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(':')) return true;
      score++;
      return segment === parts[i];
    });
    if (matches && (!best || score > best.score)) best = { route, score };
  }
  return best?.route;
}

/** The tab title a pathname starts with, before a view page knows its item. */
export function titleForPath(pathname: string): string {
  return pageTitle(matchSiteRoute(pathname)?.title ?? NOT_FOUND_TITLE);
}
