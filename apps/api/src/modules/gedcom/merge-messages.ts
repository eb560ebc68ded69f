/**
 * The Kyrgyz messages of a merging import (docs/genealogy.md, Importing into the existing tree):
 * refusals of its requests and of its revert. Answered by the API only.
 */
export const mergeImportMessages = {
  mergeNeedsAuto: 'Бир жолу импорттоодо дал келтирүү accept=auto менен гана болот.',
  mergeAdminOnly: 'Бар санжырага дал келтирип импорттоо администраторго гана уруксат.',
  matchesFirst: 'Адегенде дал келүүлөрдү эсептеңиз (GET …/matches/), анан импорттоңуз.',
  matchUnknown: (xref: string) =>
    `${xref} бул алдын ала көрүүдө дал келүү катары сунушталган эмес же файлда жок.`,
  matchTwice: (xref: string) => `${xref} бир гана жолу дал келтирилет.`,
  matchPersonTaken: (id: number) => `Санжыранын №${id} инсанына бир гана адам дал келтирилет.`,
  matchPersonGone: (id: number) =>
    `Санжыранын №${id} инсаны өчүрүлгөн же бириктирилген: алдын ала көрүүнү кайра жасаңыз.`,
  matchStale:
    'Алдын ала көрүүдөн бери санжырада дал келген инсандар өзгөрдү: дал келүүлөрдү кайра эсептеңиз.',
  attachNotFound: 'Файлдын башкы инсанын кошо турган ата санжырада табылган жок.',
  attachMatched:
    'Файлдын башкы инсаны санжырадагы инсанга дал келтирилген: аны кошуунун кереги жок.',
  attachNoRoot: 'Файлда башкы инсан (атасы жок) табылган жок.',
  revertNotMerge: 'Бир гана дал келтирип импорттоону (merge) артка кайтарууга болот.',
  revertNotDone: 'Аягына чыккан импорт гана артка кайтарылат.',
  revertedAlready: 'Бул импорт артка кайтарылган.',
  revertChanged:
    'Импорттон кийин анын инсандары өзгөртүлгөн: импортту толук артка кайтарууга болбойт.',
} as const;
