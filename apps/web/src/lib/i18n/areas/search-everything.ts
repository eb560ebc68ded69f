import { addAreaMessages } from '../index';

/** The search of everything on /search: the sections under the name search (docs/features.md, Search). */
export const searchEverything = {
  heading: 'Баарынан издөө',
  kinds: {
    person: 'Инсандар',
    note: 'Эскертмелер',
    source: 'Булактар',
    transcript: 'Үн жазуулары',
    article: 'Макалалар',
    news: 'Жаңылыктар',
  },
  /** A section's count; "200+" when only the best were read. */
  count: '{{count}}',
  countCapped: '{{count}}+',
  loading: 'Изделүүдө…',
  empty: 'Эч нерсе табылган жок',
  retry: 'Кайталоо',
  previous: 'Мурунку',
  next: 'Кийинки',
  page: '{{page}}-бет',
  /** A hit with no page of its own (a note linked to no person). */
  noPage: 'Өз барагы жок',
};

addAreaMessages('searchEverything', searchEverything);
