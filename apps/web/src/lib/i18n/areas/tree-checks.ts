import { addAreaMessages } from '../index';

/**
 * Messages of the tree checks page (/tree-checks) and of its counts on the moderation page:
 * a namespace that loads with them; `useTranslation('treeChecks')`.
 */
export const treeChecks = {
  intro:
    'Санжырадагы мүмкүн болгон каталар. Ар бирин инсандын барагында оңдоңуз: оңдолгон ката тизмеден дароо чыгат.',
  kinds: {
    parent_age: 'Ата-эненин жашы',
    death_before_birth: 'Туулганга чейин өлгөн',
    living_too_old: '110 жаштан улуу тирүүлөр',
    future_date: 'Келечектеги жылдар',
    isolated: 'Байланышы жок инсандар',
    duplicate_children: 'Бир аттуу балдар',
  },
  hints: {
    parent_age: 'Бала ата-энесинен мурун туулган, же ата-энеси ал туулганда 12 жашка толо элек.',
    death_before_birth: 'Өлгөн жылы (же күнү) туулган жылынан мурун.',
    living_too_old: 'Тирүү деп эсептелет, бирок 110 жылдан ашык мурун туулган.',
    future_date: 'Туулган же өлгөн жылы быйылкы жылдан кийин.',
    isolated: 'Атасы, энеси, балдары, жубайы жок: санжырага байланбаган.',
    duplicate_children: 'Бир атанын эки баласы бир аталган жана бир жылы туулган.',
  },
  tabs: 'Катанын түрлөрү',
  count: '{{label}} ({{count}})',
  loading: 'Жүктөлүүдө…',
  empty: 'Ката табылган жок',
  emptyHint: 'Бул түрдөгү ката санжырада жок.',
  error: 'Текшерүүнүн жыйынтыгы жүктөлгөн жок.',
  retry: 'Кайра аракет кылуу',
  fixLabel: 'Эмнени оңдоо керек:',
  fix: 'Оңдоо',
  fixPerson: 'Оңдоо: «{{name}}»',
  roles: {
    person: '',
    father: 'атасы',
    mother: 'энеси',
    child: 'баласы',
  },
  pagination: 'Каталардын барактары',
  pageOf: '{{page}}-барак, баары {{pages}}',
  previous: 'Мурунку барак',
  next: 'Кийинки барак',
  first: 'Биринчи барак',
  last: 'Акыркы барак',
  forbidden: 'Бул барак модераторлорго жана администраторлорго гана.',
  moderationTitle: 'Санжыранын текшерүүсү',
  moderationHint: 'Мүмкүн болгон каталар, түрү боюнча. Түрүн басып, тизмесин ачыңыз.',
} as const;

addAreaMessages('treeChecks', treeChecks);
