import { EVENT_TYPE_LABELS, NAME_KIND_LABELS } from '@bagysh/shared';
import { addAreaMessages } from '../index';

/**
 * Messages of the person page's records: timeline, family, sources, gallery, notes.
 * A namespace of its own, so they load with the person page only, not with the home and
 * search pages that load `genealogy`.
 */
export const person = {
  sections: {
    timeline: 'Өмүр жолу',
    family: 'Үй-бүлөсү',
    gallery: 'Сүрөттөр жана документтер',
    sources: 'Булактар',
    notes: 'Эскертмелер',
  },
  empty: {
    timeline: 'Окуялар азырынча жазыла элек.',
    family: 'Үй-бүлөсү азырынча жазыла элек.',
    gallery: 'Сүрөттөр же документтер тиркеле элек.',
    sources: 'Булактар көрсөтүлө элек.',
    notes: 'Эскертмелер жок.',
  },
  event: EVENT_TYPE_LABELS,
  childBorn: { M: 'Уулу туулган', F: 'Кызы туулган', U: 'Баласы туулган' },
  /** After the spouse's name: «Гүлбара менен». */
  withSpouse: 'менен',
  undated: 'Датасы белгисиз',
  citation: {
    mark: '{{n}}-булак: {{title}}',
    marks: 'Булактар',
    page: 'Барагы',
    informant: 'Айтуучу',
    author: 'Автору',
    told: 'Айтылган убагы',
    toldPlace: 'Айтылган жери',
    publication: 'Басылышы',
    repository: 'Сакталган жери',
    callNumber: 'Шифри',
    url: 'Шилтеме',
    quality: 'Ишенимдүүлүгү: {{n}}/3',
    note: 'Эскертме',
    loading: 'Булак жүктөлүүдө…',
    close: 'Жабуу',
    cited: 'Шилтеме: {{pages}}',
    recording: 'Үн жазуу',
    listen: 'Угуу: {{at}}',
  },
  sourceKind: {
    book: 'Китеп',
    archive: 'Архив',
    web: 'Веб-барак',
    informant: 'Айтуучу',
    other: 'Башка булак',
  },
  family: {
    parents: 'Ата-энеси',
    relation: {
      birth: 'Туулган үй-бүлөсү',
      adopted: 'Асырап алган ата-энеси',
      foster: 'Тарбиялаган ата-энеси',
      step: 'Өгөй ата-энеси',
      unknown: 'Ата-энеси (байланышы белгисиз)',
    },
    father: 'Атасы',
    mother: 'Энеси',
    spouses: 'Жубайлары жана балдары',
    spouse: { M: 'Күйөөсү', F: 'Аялы', U: 'Жубайы' },
    position: '{{n}}-никеси',
    children: 'Балдары',
    noChildren: 'Балдары жазылган эмес.',
    /** Of a person the viewer may not see in full: the page's notice above says why. */
    hidden: 'Үй-бүлөсү тууралуу калган маалымат жашырылган.',
    otherChildren: 'Экинчи ата-энеси белгисиз балдары',
    otherParent: 'Экинчи ата-энеси',
    siblings: 'Бир туугандары',
    sibling: {
      full: 'бир тууган',
      paternal: 'атасы бир, энеси бөлөк',
      maternal: 'энеси бир, атасы бөлөк',
      unknown: 'бир тууган',
    },
    /** A child of a further family, after the name on the parent's page. */
    childRelation: {
      adopted: 'асырап алган баласы',
      foster: 'тарбиялаган баласы',
      step: 'өгөй баласы',
      unknown: 'байланышы белгисиз',
    },
    /** A sibling through a further family (either side of the adoption). */
    siblingRelation: {
      adopted: 'асырап алуу аркылуу',
      foster: 'тарбиялоо аркылуу',
      step: 'өгөй',
      unknown: 'байланышы белгисиз',
    },
  },
  header: {
    otherNames: 'Башка аттары',
    nickname: 'Лакап аты: {{name}}',
    noPhoto: 'Сүрөтү жок',
  },
  nameKind: NAME_KIND_LABELS,
  gallery: { open: 'Ачуу: {{title}}', untitled: 'Аталышы жок файл' },
  notes: { private: 'Мүчөлөр үчүн гана' },
  /** A revision's record lists, where only the record's number is known. */
  diff: { source: '№{{id}} булак', note: '№{{id}} эскертме', file: '№{{id}} файл' },
  /** The editing buttons of the page (the editors' own texts are in person-edit.ts). */
  edit: {
    addEvent: 'Окуя кошуу',
    editEvent: 'Окуяны түзөтүү: {{title}}',
    deleteEvent: 'Окуяны өчүрүү: {{title}}',
    names: 'Аттарды түзөтүү',
    parents: 'Башка ата-энелери',
    citations: 'Булактарды түзөтүү',
    addNote: 'Эскертме кошуу',
    removeNote: 'Эскертмени алып салуу',
    addMedia: 'Файл кошуу',
    removeMedia: 'Галереядан алып салуу: {{title}}',
    addUnion: 'Нике кошуу',
    editUnion: 'Никени түзөтүү: {{name}}',
    removeUnion: 'Никени алып салуу: {{name}}',
    /** The phone's menu of the header's less used actions. */
    more: 'Башка аракеттер',
  },
} as const;

addAreaMessages('person', person);
