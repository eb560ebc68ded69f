import type { TreeLabels } from '../types';

const numberFormat = new Intl.NumberFormat('ky');

/** The tree's texts in tests (the page passes the genealogy catalogue's). */
export const testLabels: TreeLabels = {
  tree: 'Санжыра дарагы',
  keyboardHelp:
    'Жебе баскычтары: ата, балдары жана бир туугандар арасында жылуу. Enter: карточканы ачуу. ' +
    'Пробел: балдарын көрсөтүү же жашыруу. + жана −: масштаб. 0: баштапкы көрүнүш.',
  toolbar: 'Санжыра куралдары',
  downloadSvg: 'Жүктөп алуу SVG',
  downloadPng: 'PNG',
  print: 'Басып чыгаруу',
  zoomIn: 'Чоңойтуу',
  zoomOut: 'Кичирейтүү',
  resetView: 'Баштапкы көрүнүш',
  childCount: (count) => `балдары: ${numberFormat.format(count)}`,
  descendantCount: (count) => `урпактары: ${numberFormat.format(count)}`,
  expand: 'Балдарын көрсөтүү',
  collapse: 'Балдарын жашыруу',
  showAllChildren: 'Бардык балдарын көрсөтүү',
  loading: 'Жүктөлүүдө…',
  loadError: 'Балдарын жүктөө ишке ашкан жок',
  retry: 'Кайталоо',
  openPerson: 'Толук маалымат',
  lineage: 'Ата-теги',
  close: 'Жабуу',
  exportError: 'Файлды түзүү ишке ашкан жок',
  unknownYear: '?',
};
