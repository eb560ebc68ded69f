import { CALENDAR_KIND_LABELS, CALENDAR_YEARS_LABEL } from '@bagysh/shared';
import { addAreaMessages } from '../index';

/**
 * Messages of Эскерүү күндөрү (/calendar): a namespace that loads with the page;
 * `useTranslation('calendar')`. The kinds' names are the feed's (packages/shared/src/calendar.ts).
 */
export const calendar = {
  intro:
    'Санжырадагы өткөн инсандардын туулган, каза болгон жана үйлөнгөн күндөрү. Күнү жана айы белгилүү даталар гана көрсөтүлөт.',
  memorialNote:
    'Сиз сайтка киргенсиз: акыркы 12 айда каза болгондордун үчүлүгү, жетилиги, кыркы жана жылдыгы да көрсөтүлөт.',
  monthTitle: '{{year}}-жыл, {{month}}',
  day: '{{day}}-{{month}}',
  previous: 'Мурунку ай',
  next: 'Кийинки ай',
  current: 'Ушул ай',
  monthNav: 'Айлар',
  filters: 'Чыпкалар',
  clan: 'Уруу',
  allClans: 'Бардык уруулар',
  branch: 'Бутак: инсанды издеңиз',
  branchChosen: 'Бутак: {{name}} жана атадан тараган урпактары',
  clearBranch: 'Бутакты алып салуу',
  kinds: CALENDAR_KIND_LABELS,
  years: CALENDAR_YEARS_LABEL,
  and: 'жана',
  from: 'Датасы: {{date}}',
  loading: 'Жүктөлүүдө…',
  error: 'Эскерүү күндөрү жүктөлгөн жок.',
  retry: 'Кайра аракет кылуу',
  empty: 'Бул айда эскерүү күнү жок',
  emptyHint: 'Башка айды, урууну же бутакты тандап көрүңүз.',
  truncated:
    'Бул айда күндөр өтө көп: алгачкы {{count}} гана көрсөтүлдү. Уруу же бутак менен тарытыңыз.',
  feedTitle: 'Телефондун календарына кошуу',
  feedHint:
    'Бул шилтемени телефонуңуздун же компьютериңиздин календарына кошуңуз (.ics жазылуу): кийинки 12 айдын күндөрү өзү жаңыланып турат.',
  publicFeed: 'Ачык календардын шилтемеси',
  copy: 'Көчүрүү',
  copied: 'Шилтеме көчүрүлдү',
  personalFeed: 'Эскерүү күндөрү менен жеке шилтеме',
  personalHint:
    'Жеке шилтемеде үчүлүк, жетилик, кырк жана жылдык да бар. Ал жашыруун: эч кимге бербеңиз. Шилтеме бир гана жолу көрсөтүлөт.',
  personalMade:
    'Жеке шилтемеңиз {{date}} түзүлгөн. Аны кайра көрсөтүү мүмкүн эмес: жоголсо, жаңысын алыңыз.',
  makePersonal: 'Жеке шилтеме алуу',
  regenerate: 'Жаңы шилтеме алуу',
  regenerateTitle: 'Жаңы жеке шилтеме алуу',
  regenerateText:
    'Жаңы шилтеме түзүлөт, мурункусу дароо иштебей калат: аны кошкон календарлар жаңыланбай калат.',
  tokenError: 'Шилтеме түзүлгөн жок. Кайра аракет кылыңыз.',
} as const;

addAreaMessages('calendar', calendar);
