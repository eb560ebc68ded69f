import { addAreaMessages } from '../index';

/**
 * Messages of a recording's page (/recordings/{id}): its player and its transcript, a namespace
 * that loads with the page; `useTranslation('transcripts')`.
 */
export const transcripts = {
  heading: 'Транскрипт',
  loading: 'Жүктөлүүдө…',
  loadError: 'Жүктөө ишке ашкан жок',
  retry: 'Кайталоо',
  none: 'Бул жазуунун транскрипти азырынча жок.',
  noneGuest: 'Бул жазуунун транскрипти азырынча жок. Транскрипт жазуу үчүн сайтка кириңиз.',
  write: 'Транскрипт жазуу',
  edit: 'Транскриптти оңдоо',
  seek: '{{time}} — ушул жерден угуу',
  segmentsLabel: 'Транскрипттин бөлүктөрү',
  time: 'Убакыт',
  timeHelp: 'мүнөт:секунд',
  timeInvalid: 'Убакытты 1:05 түрүндө жазыңыз',
  speaker: 'Ким айтат',
  text: 'Сөздөр',
  addAtTime: 'Ушул жерден жаңы бөлүк',
  markTime: 'Убакытты белгилөө',
  remove: 'Бөлүктү өчүрүү',
  shortcuts:
    'Ыкчам баскычтар: Alt+Enter — ойнотулуп жаткан жерден жаңы бөлүк, Alt+M — бөлүктүн убактысын белгилөө, Alt+K — ойнотуу же токтотуу.',
  save: 'Сактоо',
  cancel: 'Жокко чыгаруу',
  saved: 'Транскрипт сакталды',
  proposed: 'Сунушуңуз модераторго жөнөтүлдү',
  emptyText: 'Бөлүктүн сөздөрүн жазыңыз',
  unordered: 'Бөлүктөр убакыт боюнча ирети менен турушу керек',
  atLeastOne: 'Жок дегенде бир бөлүк жазыңыз',
};

addAreaMessages('transcripts', transcripts);
