import { addAreaMessages } from '../index';

/**
 * Messages of the comparison page's list of relations: a namespace of its own, so
 * they load with that page only, not with the home and search pages that load `genealogy`.
 */
export const relations = {
  all: 'Табылган байланыштар',
  others: 'Башка байланыштар',
  none: 'Байланыш табылган жок.',
  noOthers: 'Башка байланыш табылган жок.',
  more: 'Дагы көрсөтүү',
  blood: 'Кан тууган',
  marriage: 'Нике аркылуу',
  marriages: '{{n}} нике аркылуу',
  termFor: '{{who}} — {{whom}} үчүн',
  unverified: 'Бул атоо азырынча текшериле элек: төмөндө тууганчылыктын жолу сөз менен',
  descriptive: 'Жолу боюнча',
  path: '{{a}} менен {{b}} ортосундагы жол',
  link: {
    father: 'ата',
    mother: 'эне',
    son: 'уул',
    daughter: 'кыз',
    husband: 'күйөө',
    wife: 'аял',
    child: 'бала',
    parent: 'ата-эне',
    spouse: 'жубай',
  },
} as const;

addAreaMessages('relations', relations);
