import { addAreaMessages } from '../index';

/**
 * Messages of the duplicate finder's page (moderators): a namespace that loads with that page;
 * `useTranslation('duplicates')`. Each reason code of the API has its sentence here.
 */
export const duplicates = {
  intro:
    'Бир эле адам болушу мүмкүн болгон жуптар, окшоштугу боюнча иреттелген. Ар бир жуптун жанында эмне үчүн окшош экени жазылган.',
  clan: 'Уруу',
  allClans: 'Бардык уруулар',
  refresh: 'Кайра издөө',
  rebuild: 'Баарын кайра эсептөө',
  run: {
    queued: 'Издөө кезекте турат…',
    running: 'Издөө жүрүп жатат…',
    done: 'Акыркы издөө: {{when}}',
    failed: 'Акыркы издөө ишке ашкан жок: {{error}}',
    never: 'Издөө азырынча жүргүзүлө элек.',
  },
  score: 'Окшоштугу: {{percent}}%',
  first: 'Биринчи инсан',
  second: 'Экинчи инсан',
  open: '{{name}} — инсандын барагы',
  merge: 'Бириктирүү',
  notSame: 'Бул башка адам',
  notSameTitle: 'Бул эки башка адамбы?',
  notSameText:
    '«{{a}}» менен «{{b}}» эки башка адам деп белгиленет. Бул жуп тизмеге мындан ары чыкпайт.',
  notSameDone: 'Жуп тизмеден алынды.',
  undo: 'Кайтаруу',
  undone: 'Жуп тизмеге кайтарылды.',
  empty: 'Кайталанган инсандар табылган жок.',
  emptyRunning: 'Издөө жүрүп жатат: жуптар бир аздан кийин чыгат.',
  error: 'Тизме жүктөлгөн жок.',
  retry: 'Кайра аракет кылуу',
  pagination: 'Тизменин барактары',
  reasonsLabel: 'Себептери',
  reasons: {
    name_same: 'аты бирдей ({{a}})',
    name_folded: 'аты дал келет ({{a}} / {{b}})',
    name_close: 'аты окшош ({{a}} / {{b}})',
    name_first_word: 'аты дал келет, атасынын аты кошулбай ({{a}} / {{b}})',
    name_differs: 'аты башка ({{a}} / {{b}})',
    father_name_same: 'атасынын аты бирдей ({{a}} / {{b}})',
    father_name_close: 'атасынын аты окшош ({{a}} / {{b}})',
    father_name_differs: 'атасынын аты башка ({{a}} / {{b}})',
    grandfather_name_same: 'чоң атасынын аты бирдей ({{a}} / {{b}})',
    grandfather_name_differs: 'чоң атасынын аты башка ({{a}} / {{b}})',
    birth_year_same: 'туулган жылы бирдей',
    birth_year_near: 'туулган жылы ±{{delta}}',
    birth_year_far: 'туулган жылы {{delta}} жыл айырмалуу',
    death_year_same: 'каза болгон жылы бирдей',
    death_year_near: 'каза болгон жылы ±{{delta}}',
    death_year_far: 'каза болгон жылы {{delta}} жыл айырмалуу',
    sex_differs: 'жынысы башка',
    clan_same: 'уруусу бирдей',
    clan_differs: 'уруусу башка',
    same_father: 'атасы бир адам',
    same_mother: 'энеси бир адам',
    spouse_same: 'жубайы бир адам',
    spouse_name_same: 'жубайынын аты бирдей ({{a}} / {{b}})',
    children_same: 'балдары бир адамдар ({{delta}})',
    children_names_same: 'балдарынын аттары дал келет ({{delta}})',
  },
} as const;

addAreaMessages('duplicates', duplicates);
