import { addAreaMessages } from '../index';

/**
 * The content area's messages that the home page's sections and the load states show, apart
 * from the rest of the area (./content.ts, which includes them): the home page loads only these.
 */
export const contentHome = {
  common: {
    retry: 'Кайра аракет кылуу',
    loading: 'Жүктөлүүдө…',
  },
  post: {
    emptyArticles: 'Азырынча макала жок.',
    emptyNews: 'Азырынча жаңылык жок.',
  },
  home: {
    eyebrow: 'Багыш уруусунун санжырасы',
    searchPlaceholder: 'Атын жазыңыз: Асан Үсөн…',
    searchButton: 'Санжырадан издөө',
    statsTitle: 'Санжыра сандарда',
    stats: {
      persons: 'Инсандар',
      generations: 'Муундар',
      clans: 'Уруктар',
      living: 'Тирүүлөр',
      historical: 'Тарыхый инсандар',
    },
    latestNews: 'Акыркы жаңылыктар',
    latestArticles: 'Багыш мыктылары',
    allNews: 'Бардык жаңылыктар',
    allArticles: 'Бардык макалалар',
    aboutTitle: 'Багыш уруусу',
    aboutText: 'Уруунун тарыхы, негиздөөчүлөрү жана байланыш.',
    sectionsError: 'Маалымат жүктөлгөн жок.',
  },
};

addAreaMessages('content', contentHome);
