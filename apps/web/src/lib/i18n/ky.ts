import {
  HOME_LEAD,
  NAV_ITEMS,
  NOT_FOUND_TITLE,
  SITE_NAME,
  SITE_ROUTES,
  type SiteRouteId,
} from '@bagysh/shared';

const routeTitles = Object.fromEntries(SITE_ROUTES.map((route) => [route.id, route.title]));
const navLabels = Object.fromEntries(NAV_ITEMS.map((item) => [item.route, item.label]));

/**
 * The ky message catalogue: every text the UI shows. Route titles and navigation labels come
 * from the shared route table (the server pre-renders the same titles); the rest is here.
 * old_ky has no catalogue of its own: it is this text written in runes (lib/script.tsx).
 */
export const ky = {
  site: {
    name: SITE_NAME,
    footer: '{{name}} © {{year}}',
  },
  titles: routeTitles as Record<SiteRouteId, string>,
  nav: {
    ...(navLabels as Record<(typeof NAV_ITEMS)[number]['route'], string>),
    // Labels the product fixes for the original's menus (docs/kyrgyz.md, Fixed labels).
    home: 'Башкы бет',
    reference: 'Маалымдама',
    newPoll: 'Жаны сурамжылоо',
    wiki: 'Вики',
  },
  header: {
    navigation: 'Негизги меню',
    menu: 'Меню',
    manage: 'Башкаруу',
    login: 'Кирүү',
    logout: 'Чыгуу',
    profile: 'Профиль',
    skipToContent: 'Негизги мазмунга өтүү',
    moderationWaiting: 'текшерүүнү күткөндөр: {{count}}',
    unreadNotices: 'окулбаган билдирүүлөр: {{count}}',
  },
  language: {
    label: 'Жазуу',
    ky: 'Кирилл жазуусу',
    old_ky: 'Байыркы түрк жазуусу',
    kyShort: 'Кир',
    old_kyShort: 'Рун',
  },
  home: {
    lead: HOME_LEAD,
  },
  dialog: {
    cancel: 'Жокко чыгаруу',
  },
  guard: {
    loginNeeded: 'Бул баракты көрүү үчүн сайтка кириңиз.',
  },
  logout: {
    question: 'Сайттан чыгасызбы?',
    confirm: 'Чыгуу',
  },
  notices: {
    region: 'Билдирүүлөр',
    success: 'Ийгиликтүү',
    offline: 'Интернет байланышы жок.',
    online: 'Интернет байланышы калыбына келди.',
    loading: 'Жүктөлүүдө…',
  },
  stale: {
    title: 'Сайт жаңыланды',
    text: 'Бул баракты ачуу үчүн сайтты кайра жүктөңүз.',
    reload: 'Кайра жүктөө',
  },
  errors: {
    notFound: NOT_FOUND_TITLE,
    notFoundText: 'Мындай барак жок.',
    forbidden: 'Кирүүгө уруксат жок',
    forbiddenText: 'Бул барак модераторлор жана администраторлор үчүн гана.',
    generic: 'Ката кетти. Кайра аракет кылыңыз.',
    home: 'Башкы бетке кайтуу',
  },
} as const;

export type Messages = typeof ky;
