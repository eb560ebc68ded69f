import { addAreaMessages } from '../index';

/**
 * Messages of the pedigree and descendant chart pages (import this module from them; then
 * `useTranslation('charts')`).
 */
export const charts = {
  loading: 'Жүктөлүүдө…',
  retry: 'Кайталоо',
  pedigree: {
    heading: '{{name}}: ата-теги',
    intro:
      'Атасынын жана энесинин тарабы: ар бир адамдын атасы үстүндө, энеси астында. Адамды басып, диаграмманы ошого буруңуз; «+» дагы эки муунду ачат.',
    label: 'Ата-теги диаграммасы',
    fileName: 'ata-tegi',
    expand: 'Ата-энесин көрсөтүү',
    collapse: 'Ата-энесин жашыруу',
    empty: 'Ата-энеси жазылган эмес.',
  },
  descendants: {
    heading: '{{name}}: урпактары',
    intro:
      'Уулдары жана кыздары аркылуу бардык урпактары. Адамды басып, диаграмманы ошого буруңуз; «+» жана «−» муундарды ачат же жабат.',
    label: 'Урпактар диаграммасы',
    fileName: 'urpaktary',
    expand: 'Балдарын көрсөтүү',
    collapse: 'Балдарын жашыруу',
    empty: 'Балдары жазылган эмес.',
    truncated: 'Диаграмма {{n}} адам менен чектелди: калгандарын «+» менен ачыңыз.',
  },
  keyboardHelp:
    'Жебе баскычтары: диаграмманы жылдыруу. + жана −: масштаб. 0: баштапкы көрүнүш. ' +
    'Tab: адамдар жана баскычтар; Enter: диаграмманы ошол адамга буруу.',
  toolbar: 'Диаграмманын куралдары',
  downloadSvg: 'SVG жүктөп алуу',
  downloadPng: 'PNG жүктөп алуу',
  print: 'Басып чыгаруу (PDF)',
  zoomIn: 'Чоңойтуу',
  zoomOut: 'Кичирейтүү',
  resetView: 'Баштапкы көрүнүш',
  exportError: 'Файлды түзүү ишке ашкан жок',
  loadError: 'Жүктөө ишке ашкан жок',
  unknownYear: '?',
  links: {
    person: 'Инсандын барагы',
    pedigree: 'Ата-теги',
    descendants: 'Урпактары',
  },
} as const;

addAreaMessages('charts', charts);
