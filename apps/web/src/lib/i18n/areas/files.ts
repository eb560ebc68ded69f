import { addAreaMessages } from '../index';

/**
 * Messages of the files pages: a namespace of the ky catalogue that loads with those pages
 * (import this module from them; then `useTranslation('files')`). Every visible string of
 * the area lives here, none in components.
 */
export const files = {
  upload: {
    title: 'Файл жүктөө',
    pick: 'Файл жүктөө',
    drop: 'Файлдарды бул жерге сүйрөп таштаңыз же тандаңыз',
    dropActive: 'Файлдарды коё бериңиз',
    hint: 'Бир файл {{max}} чейин: сүрөттөр, PDF, офис документтери, аудио, видео жана текст.',
    quota: 'Колдонулду: {{used}} / {{quota}}',
    description: 'Сүрөттөмө',
    descriptionHint: 'Ушул жолу тандалган бардык файлдарга жазылат',
    category: 'Категория',
    visibility: 'Ким көрө алат',
    progress: 'Жүктөлүүдө: {{percent}}%',
    waiting: 'Кезекте',
    done: 'Жүктөлдү',
    cancelled: 'Жокко чыгарылды',
    cancel: 'Жокко чыгаруу',
    remove: 'Тизмеден алып салуу',
    clearDone: 'Бүткөндөрдү тазалоо',
    tooLarge: 'Файл өтө чоң ({{size}}). Эң чоңу: {{max}}.',
    overQuota: 'Орун жетпейт: {{left}} калды.',
    badType: 'Бул түрдөгү файлды жүктөөгө болбойт.',
    empty: 'Файл бош.',
    network: 'Тармак катасы',
    success_one: '{{count}} файл жүктөлдү',
    success_other: '{{count}} файл жүктөлдү',
  },
  visibility: {
    members: 'Катталгандар гана',
    public: 'Баары',
  },
  kind: {
    all: 'Бардык түрлөрү',
    image: 'Сүрөт',
    pdf: 'PDF',
    document: 'Документ',
    audio: 'Аудио',
    video: 'Видео',
    text: 'Текст',
  },
  browse: {
    search: 'Издөө',
    kind: 'Түрү',
    category: 'Категория',
    allCategories: 'Бардык категориялар',
    noCategory: 'Категориясыз',
    grid: 'Тор түрүндө',
    list: 'Тизме түрүндө',
    count: 'Бардыгы: {{count}}',
    empty: 'Азырынча файлдар жок. Биринчисин жүктөңүз.',
    notFound: 'Табылган жок',
    error: 'Ката кетти. Кайра аракет кылыңыз.',
    retry: 'Кайра аракет кылуу',
    owner: 'Жүктөгөн',
    size: 'Өлчөмү',
    date: 'Күнү',
    name: 'Аты',
    actions: 'Аракеттер',
    pagination: 'Барактар',
    page: '{{page}}-барак',
    next: 'Кийинки барак',
    previous: 'Мурунку барак',
    first: 'Биринчи барак',
    last: 'Акыркы барак',
  },
  actions: {
    preview: 'Карап чыгуу',
    download: 'Жүктөп алуу',
    edit: 'Түзөтүү',
    delete: 'Өчүрүү',
    close: 'Жабуу',
    save: 'Сактоо',
    cancel: 'Жокко чыгаруу',
    retry: 'Кайталоо',
  },
  /** A recording's page (/recordings/{id}). */
  recording: {
    notMedia: 'Бул файл үн же видео жазуусу эмес: анын транскрипти болбойт.',
  },
  preview: {
    loading: 'Жүктөлүүдө…',
    error: 'Файлды ачуу мүмкүн болгон жок.',
    none: 'Бул файлды бул жерден көрүүгө болбойт. Аны жүктөп алыңыз.',
  },
  edit: {
    title: 'Файлды түзөтүү',
    name: 'Аты',
    description: 'Сүрөттөмө',
    category: 'Категория',
    visibility: 'Ким көрө алат',
    saved: 'Сакталды',
  },
  remove: {
    title: 'Өчүрүү керекпи?',
    body: '«{{name}}» биротоло өчүрүлөт.',
    done: 'Файл өчүрүлдү',
  },
  download: {
    error: 'Файлды жүктөп алуу мүмкүн болгон жок.',
  },
} as const;

addAreaMessages('files', files);
