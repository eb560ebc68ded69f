import { formatFileSize } from '@bagysh/shared';

/** The Kyrgyz messages of the stored-files service, shared by its files and their callers. */
export const filesMessages = {
  unsupportedType:
    'Бул түрдөгү файл кабыл алынбайт. Сүрөт, PDF, офис документи, аудио, видео же текст файлын жүктөңүз.',
  emptyFile: 'Файл бош.',
  unreadableImage: 'Сүрөттү окуу мүмкүн болбоду: файл бузулган окшойт.',
  multiPageTiff: 'Көп барактуу TIFF кабыл алынбайт. Аны PDF катары жүктөңүз.',
  quotaExceeded: (quotaBytes: number) =>
    `Файлдарыңыз үчүн орун жетишсиз. Жалпы чек: ${formatFileSize(quotaBytes)}. Керексиз файлдарды өчүрүңүз.`,
  badName: 'Файлдын аты туура эмес.',
  noSuchCategory: 'Мындай категория жок.',
  notFileCategory: 'Бул категория файлдар үчүн эмес.',
  badLink: 'Шилтеменин мөөнөтү бүттү же ал жараксыз. Файлды кайра ачыңыз.',
  personPhotoNotImage: 'Адамдын сүрөтү катары сүрөт файлы гана тандалат.',
} as const;
