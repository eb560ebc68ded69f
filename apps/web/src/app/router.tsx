import { SITE_ROUTES, type SiteLayout, type SiteRoute, type SiteRouteId } from '@bagysh/shared';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PLAIN_PAGES } from '../config/plain-pages';
import { setNavigator } from '../lib/navigation';
import { loadPage } from '../lib/preload-error';
import { loadProviders } from '../lib/providers';
import { accessLoader } from './guards';
import { BlankLayout, DefaultLayout, LandingLayout } from './layouts';
import { Root, RootError, RouteError, ShellFallback } from './root';
import type { RouteHandle } from './shell/title-sync';

interface PageModule {
  Component: ComponentType;
}

// The map and a place's page share one chunk.
const mapPages = () => import('./routes/map');
const informantsPages = () => import('./routes/informants');

/** One lazy chunk per page (the add and edit routes share the article form's). */
const pages: Record<SiteRouteId | 'notFound', () => Promise<PageModule>> = {
  home: () => import('./routes/home'),
  search: () => import('./routes/search'),
  comparison: () => import('./routes/comparison'),
  personArticles: () => import('./routes/person-articles'),
  addPersonArticle: () => import('./routes/person-article-form'),
  personArticle: () => import('./routes/person-article'),
  editPersonArticle: () => import('./routes/person-article-form'),
  polls: () => import('./routes/polls'),
  files: () => import('./routes/files'),
  categories: () => import('./routes/categories'),
  persons: () => import('./routes/persons'),
  about: () => import('./routes/about'),
  founders: () => import('./routes/founders'),
  news: () => import('./routes/news'),
  newsItem: () => import('./routes/news-item'),
  contacts: () => import('./routes/contacts'),
  login: () => import('./routes/login'),
  profile: () => import('./routes/profile'),
  users: () => import('./routes/users'),
  person: () => import('./routes/person'),
  pedigree: () => import('./routes/pedigree'),
  descendants: () => import('./routes/descendants'),
  fan: () => import('./routes/fan'),
  moderation: () => import('./routes/moderation'),
  contributions: () => import('./routes/contributions'),
  gedcom: () => import('./routes/gedcom'),
  duplicates: () => import('./routes/duplicates'),
  treeChecks: () => import('./routes/tree-checks'),
  personMerge: () => import('./routes/person-merge'),
  passwordReset: () => import('./routes/password-reset'),
  passwordResetConfirm: () => import('./routes/password-reset-confirm'),
  emailConfirm: () => import('./routes/email-confirm'),
  mailOutbox: () => import('./routes/mail-outbox'),
  reference: () => import('./routes/reference'),
  notices: () => import('./routes/notices'),
  noticesUnsubscribe: () => import('./routes/notices-unsubscribe'),
  stats: () => import('./routes/stats'),
  calendar: () => import('./routes/calendar'),
  map: mapPages,
  place: mapPages,
  recording: () => import('./routes/recording'),
  // The informants' list and an informant's page: one chunk, listed twice for the first paint.
  informants: informantsPages,
  informant: informantsPages,
  notFound: () => import('./routes/not-found'),
};

/**
 * Pages without a form in their first paint: they load no zod (the first-paint budget;
 * lib/validation.ts). The person page's forms are its editors', loaded with it on first use.
 */
const FORMLESS = new Set<SiteRouteId | 'notFound'>([
  'home',
  'search',
  'person',
  'personArticle',
  'newsItem',
  'stats',
  'informants',
  'informant',
  'notFound',
]);
const validation = () => import('../lib/validation');

function lazyPage(id: SiteRouteId | 'notFound') {
  return async () => {
    // zod speaks Kyrgyz before any form of the page validates.
    // MUI's theme and the query cache come with the page's code, not after it (but for the
    // pages drawn without them).
    const [{ Component }] = await Promise.all([
      loadPage(pages[id]),
      FORMLESS.has(id) ? null : loadPage(validation),
      id !== 'notFound' && PLAIN_PAGES.has(id) ? null : loadPage(loadProviders),
    ]);
    return { Component };
  };
}

function pageRoute(route: SiteRoute): RouteObject {
  const handle: RouteHandle = { title: route.id };
  return {
    id: route.id,
    path: route.path,
    handle,
    loader: accessLoader(route.access, route.role),
    lazy: lazyPage(route.id),
  };
}

function pagesIn(layout: SiteLayout): RouteObject[] {
  return SITE_ROUTES.filter((route) => route.layout === layout).map(pageRoute);
}

const notFoundHandle: RouteHandle = { title: 'notFound' };

/**
 * The route tree of docs/product.md, Routes: three layouts, the 19 pages, and the error page for
 * the rest.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    HydrateFallback: ShellFallback,
    errorElement: <RootError />,
    children: [
      {
        id: 'layout-landing',
        element: <LandingLayout />,
        children: [{ errorElement: <RouteError />, children: pagesIn('landing') }],
      },
      {
        id: 'layout-blank',
        element: <BlankLayout />,
        children: [{ errorElement: <RouteError />, children: pagesIn('blank') }],
      },
      {
        id: 'layout-default',
        element: <DefaultLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              ...pagesIn('default'),
              { id: 'notFound', path: '*', handle: notFoundHandle, lazy: lazyPage('notFound') },
            ],
          },
        ],
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

let current: AppRouter | undefined;

/**
 * The app's router, made when boot asks for it rather than when this module is evaluated:
 * making it matches the page, runs its loader and starts its imports, a task of its own on a
 * slow phone (Total Blocking Time).
 */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routes);
  current = router;
  // The API client and logout navigate from outside React (docs/product.md, Logout: session expiry
  // goes to /).
  setNavigator((to, options) => void router.navigate(to, options));
  return router;
}

/** Where a reload should go: the page being opened, or else the current one. */
export function reloadHref(): string {
  const next = current?.state.navigation.location;
  return next && current ? current.createHref(next) : window.location.href;
}
