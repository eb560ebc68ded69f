import { addAreaMessages } from '../index';
import { printButton } from './print-button';

/**
 * Messages of the print dialog (features/print): the poster and the book as PDFs. A namespace
 * of its own, loaded with the dialog when it is first opened; `useTranslation('print')`.
 */
export const print = {
  ...printButton,
  title: 'Басып чыгаруу: {{name}}',
  kind: 'Эмнени басып чыгаруу',
  poster: 'Постер',
  posterHint: 'Урпактарынын дарагы бир чоң баракта же бир нече баракка бөлүнүп.',
  book: 'Китеп',
  bookHint:
    'Урпактарынын реестри: ар бир муун өз бөлүмүндө, аттары, окуялары, булактары, мазмуну жана аттар көрсөткүчү менен.',
  generations: 'Муундардын саны',
  generationsHelp: '1ден {{max}}ке чейин',
  paper: 'Кагаз',
  papers: {
    A0: 'A0',
    A1: 'A1',
    A2: 'A2',
    custom: 'Өз өлчөмү',
    'A3-tiles': 'A3 барактарга',
    'A4-tiles': 'A4 барактарга',
  },
  width: 'Туурасы, мм',
  height: 'Бийиктиги, мм',
  sideHelp: '{{min}}–{{max}} мм',
  script: 'Жазуусу',
  scripts: { ky: 'Кирилл', old_ky: 'Байыркы түрк руналары' },
  download: 'PDF жүктөп алуу',
  preparing: 'Даярдалууда…',
  preparingHint: 'Чоң бутак үчүн бир нече секунд кетиши мүмкүн.',
  done: 'PDF жүктөлдү.',
  cancel: 'Жабуу',
  errors: {
    busy: 'Азыр башка документтер даярдалып жатат. Бир аздан кийин кайра аракет кылыңыз.',
    network: 'Байланыш үзүлдү. Интернетти текшерип, кайра аракет кылыңыз.',
    generic: 'PDF даярдалган жок. Кайра аракет кылыңыз.',
  },
  fileName: {
    poster: '{{name}} постери.pdf',
    book: '{{name}} санжырасы.pdf',
  },
} as const;

addAreaMessages('print', print);
