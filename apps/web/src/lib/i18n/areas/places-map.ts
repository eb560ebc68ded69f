import { addAreaMessages } from '../index';

/**
 * Messages of the map pages (/map, /places/{id}) and the place editor's small map: a namespace
 * that loads with them; `useTranslation('placesMap')`.
 */
export const placesMap = {
  intro:
    'Санжырадагы жерлер картада: ар бир жерде канча адам туулган, үйлөнгөн, каза болгон жана коюлган.',
  personIntro: '{{name}}: өмүрүндөгү жерлер убакыт боюнча сызык менен туташтырылган.',
  branchIntro: '{{name}} жана анын урпактары туулган, үйлөнгөн, каза болгон жерлер.',
  mapLabel: 'Карта',
  zoomIn: 'Чоңойтуу',
  zoomOut: 'Кичирейтүү',
  placesList: 'Картадагы жерлер',
  lifeList: 'Өмүрүндөгү жерлер',
  branchList: 'Бутактын жерлери',
  loading: 'Жүктөлүүдө…',
  loadError: 'Картаны жүктөө ишке ашкан жок',
  retry: 'Кайталоо',
  empty: 'Азырынча координаталары бар жер жок.',
  personEmpty: 'Бул инсандын окуяларынын жерлери картада белгиленген эмес.',
  branchEmpty: 'Бул бутактын окуяларынын жерлери картада белгиленген эмес.',
  withoutCoordinates: 'Координатасы жок жерлер картада жок: {{n}}.',
  tilesFailed: 'Карта сүрөттөрү жүктөлгөн жок: белгилер жөнөкөй фондо көрсөтүлдү.',
  truncated: 'Бутак чоң: алгачкы {{n}} адам гана көрсөтүлдү.',
  allPlaces: 'Бардык жерлер',
  personPage: 'Инсандын барагы',
  placePage: 'Жердин барагы',
  generation: 'Муун',
  generationValue: '{{n}}-муунга чейин',
  generationSlider: 'Көрсөтүлгөн муундар',
  shownPoints: 'Көрсөтүлдү: {{shown}} / {{total}}',
  counts: {
    birth: 'Туулгандар',
    marriage: 'Үйлөнгөндөр',
    death: 'Каза болгондор',
    burial: 'Коюлгандар',
  },
  countsShort:
    'туулган {{birth}}, үйлөнгөн {{marriage}}, каза болгон {{death}}, коюлган {{burial}}',
  noOwnEvents: 'бул жерде өзүндө окуя жок; ичиндеги жерлер анын барагында',
  types: {
    birth: 'Туулган',
    marriage: 'Үйлөнгөн',
    death: 'Каза болгон',
    burial: 'Коюлган',
  },
  noDate: 'датасы белгисиз',
  place: {
    notFound: 'Мындай жер табылган жок',
    inside: 'Ичиндеги жерлер',
    noInside: 'Ичинде башка жер жок.',
    events: 'Бул жерде',
    noEvents: 'Бул жерде катталган окуя жок.',
    allTypes: 'Баары',
    typeFilter: 'Окуянын түрү',
    noCoordinates: 'Бул жердин координаталары белгисиз.',
    partOf: 'Кайда жайгашкан',
    pages: 'Барактар',
  },
  picker: {
    label: 'Картадан тандоо',
    hint: 'Жердин ордун картадан басып белгилеңиз.',
    chosen: 'Тандалды: {{latitude}}, {{longitude}}',
    save: 'Сактоо',
    cancel: 'Жокко чыгаруу',
    saved: 'Жердин координаталары сакталды.',
    proposed: 'Сунушуңуз текшерүүгө жөнөтүлдү.',
  },
} as const;

addAreaMessages('placesMap', placesMap);
