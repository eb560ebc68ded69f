import { SEARCH_INTRO } from '@bagysh/shared';
import { addAreaMessages } from '../index';
import { genealogySearch } from './genealogy-search';

/**
 * The genealogy area's messages of the tree page (/search: the name search and the tree),
 * apart from the rest of the area (./genealogy.ts, which includes them): the page loads only
 * these, and what it opens later (the editor, the person page) brings the whole area.
 */
export const genealogyTree = {
  loading: 'Жүктөлүүдө…',
  retry: 'Кайталоо',
  search: {
    ...genealogySearch.search,
    intro: SEARCH_INTRO,
  },
  tree: {
    empty: 'Санжырада азырынча эч ким жок.',
    fileName: 'sanjyra',
    label: 'Санжыра дарагы',
    keyboardHelp:
      'Жебе баскычтары: ата, балдары жана бир туугандар арасында жылуу. Enter: карточканы ачуу. ' +
      'Пробел: балдарын көрсөтүү же жашыруу. + жана −: масштаб. 0: баштапкы көрүнүш.',
    toolbar: 'Санжыра куралдары',
    downloadSvg: 'SVG жүктөп алуу',
    downloadPng: 'PNG жүктөп алуу',
    print: 'Басып чыгаруу',
    zoomIn: 'Чоңойтуу',
    zoomOut: 'Кичирейтүү',
    resetView: 'Баштапкы көрүнүш',
    childCount: 'балдары: {{n}}',
    descendantCount: 'урпактары: {{n}}',
    expand: 'Балдарын көрсөтүү',
    collapse: 'Балдарын жашыруу',
    showAllChildren: 'Бардык балдарын көрсөтүү',
    loadError: 'Балдарын жүктөө ишке ашкан жок',
    openPerson: 'Толук маалымат',
    lineage: 'Ата-теги',
    close: 'Жабуу',
    exportError: 'Файлды түзүү ишке ашкан жок',
    unknownYear: '?',
  },
};

addAreaMessages('genealogy', genealogyTree);
