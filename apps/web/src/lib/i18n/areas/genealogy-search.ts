import { addAreaMessages } from '../index';

/**
 * The genealogy area's messages of the name search box, apart from the rest of the area
 * (./genealogy.ts, which includes them): the home page shows the box, and loads only these.
 */
export const genealogySearch = {
  search: {
    label: 'Инсанды издөө',
    loading: 'Изделүүдө…',
    noResults: 'Эч ким табылган жок',
    typeName: 'Атын жаза баштаңыз',
    clear: 'Тандоону алып салуу',
    open: 'Тизмени ачуу',
    close: 'Тизмени жабуу',
  },
};

addAreaMessages('genealogy', genealogySearch);
