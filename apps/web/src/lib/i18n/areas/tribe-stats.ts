import { addAreaMessages } from '../index';

/**
 * Messages of the statistics page of the tribe (/stats): a namespace that loads with it;
 * `useTranslation('tribeStats')`.
 */
export const tribeStats = {
  intro:
    'Санжырага жазылган инсандар муун, уруу, туулган жыл жана өмүр узактыгы боюнча. Ар бир диаграмманы таблица катары да көрүүгө болот.',
  guestNote:
    'Тирүү адамдар тууралуу эч нерсе ачылбашы үчүн: туулган жылдар, өмүр узактыгы жана ысымдар тирүүлөрсүз эсептелди, ал эми тирүү адамы бар 5тен аз адамдык топтор коңшусу менен бириктирилди.',
  loading: 'Жүктөлүүдө…',
  loadError: 'Статистиканы жүктөө ишке ашкан жок',
  retry: 'Кайталоо',
  empty: 'Санжырада азырынча инсан жок.',
  noData: 'Маалымат жок.',
  total: 'Бардыгы {{n}} инсан',
  showTable: 'Таблица',
  showChart: 'Диаграмма',
  withheld: '5тен аз',
  personsColumn: 'Инсандар',
  generations: {
    title: 'Муундар боюнча инсандар',
    column: 'Муун',
    one: '{{from}}-муун',
    range: '{{from}}–{{to}}-муундар',
  },
  clans: {
    title: 'Уруулар боюнча инсандар',
    column: 'Уруу',
    others: 'Башка уруулар',
    none: 'Урууга кирбегендер',
  },
  births: {
    title: 'Он жылдыктар боюнча туулгандар',
    column: 'Он жылдык',
    decade: '{{from}}-жылдар',
  },
  lifespans: {
    title: 'Туулган кылымы боюнча өмүр узактыгы',
    column: 'Туулган жылдары',
    century: '{{from}}–{{to}}',
    average: 'Орточо жашы',
    median: 'Ортонку жашы',
    count: 'Инсандар',
  },
  names: {
    male: 'Эркектердин ысымдары',
    female: 'Аялдардын ысымдары',
    column: 'Ысым',
    count: 'Саны',
  },
  children: {
    title: 'Үй-бүлөдөгү балдардын саны',
    caption: 'Үй-бүлө — ата жана анын санжырадагы балдары.',
    column: 'Балдары',
    families: 'Үй-бүлөлөр',
    one: '{{from}} бала',
    range: '{{from}}–{{to}} бала',
  },
} as const;

addAreaMessages('tribeStats', tribeStats);
