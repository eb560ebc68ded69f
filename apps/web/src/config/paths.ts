import { siteRoute, type SiteRouteId } from '@bagysh/shared';

/** The href of a route of the table in packages/shared/src/site.ts, with its `:id` filled in. */
export function href(id: SiteRouteId, params: { id?: string | number } = {}): string {
  const path = siteRoute(id).path;
  if (!path.includes(':id')) return path;
  if (params.id === undefined) throw new Error(`route ${id} needs an id`);
  return path.replace(':id', encodeURIComponent(String(params.id)));
}

/**
 * Every href the web app writes (docs/development.md, Conventions: paths come from one place).
 * Pages reached only from the menu take `href(route)` there (nav-items.ts): a helper nothing
 * calls would still weigh on every first paint, as this object is in the shell.
 */
export const paths = {
  home: () => href('home'),
  search: () => href('search'),
  comparison: () => href('comparison'),
  personArticles: () => href('personArticles'),
  addPersonArticle: () => href('addPersonArticle'),
  personArticle: (id: string | number) => href('personArticle', { id }),
  editPersonArticle: (id: string | number) => href('editPersonArticle', { id }),
  persons: () => href('persons'),
  about: () => href('about'),
  founders: () => href('founders'),
  news: () => href('news'),
  newsItem: (id: string | number) => href('newsItem', { id }),
  contacts: () => href('contacts'),
  login: () => href('login'),
  profile: () => href('profile'),
  person: (id: string | number) => href('person', { id }),
  pedigree: (id: string | number) => href('pedigree', { id }),
  descendants: (id: string | number) => href('descendants', { id }),
  fan: (id: string | number) => href('fan', { id }),
  moderation: () => href('moderation'),
  contributions: () => href('contributions'),
  /** The tree checks, on one kind's tab. */
  treeChecks: (kind?: string) =>
    kind ? `${href('treeChecks')}?kind=${encodeURIComponent(kind)}` : href('treeChecks'),
  /** A person's page with the editor open: where a tree check's item is fixed. */
  personEdit: (id: string | number) => `${href('person', { id })}?edit=1`,
  personMerge: (a: number, b?: number) =>
    `${href('personMerge')}?a=${a}${b === undefined ? '' : `&b=${b}`}`,
  passwordReset: () => href('passwordReset'),
  reference: () => href('reference'),
  notices: () => href('notices'),
  stats: () => href('stats'),
  /** Эскерүү күндөрү, narrowed to a person's branch when given. */
  calendar: (branch?: number | null) =>
    branch ? `${href('calendar')}?branch=${encodeURIComponent(String(branch))}` : href('calendar'),
  /** The map of all places; `?person=` a life, `?branch=` a branch (docs/features.md, Map). */
  map: () => href('map'),
  place: (id: string | number) => href('place', { id }),
  /** A person's printed poster or book (API, not a page): the PDF the print dialog saves. */
  personPrint: (id: number, kind: 'poster' | 'book', query: Record<string, string | number>) =>
    `/api/persons/${encodeURIComponent(String(id))}/${kind}.pdf?${new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    ).toString()}`,
  /** A public image's thumbnail (API, not a page): a person's photo in the tree and charts. */
  fileThumbnail: (id: string | number) => `/api/files/${encodeURIComponent(String(id))}/thumbnail/`,
} as const;
