import { addAreaMessages } from '../index';

/** Messages of the admins' outbox page (`useTranslation('mail')`). */
export const mail = {
  outbox: {
    intro:
      'SMTP сервери коюлбаганда ар бир кат сервердин DATA_DIR/outbox/ папкасына .eml файл болуп жазылат. Бул жерде алар эң жаңысынан башталып көрсөтүлөт.',
    smtpNow:
      'Азыр SMTP сервери коюлган: жаңы каттар ошол аркылуу жөнөтүлөт. Төмөндө мурда жазылгандары.',
    empty: 'Чыгуучу каттар папкасы бош.',
    loadError: 'Каттардын тизмесин жүктөй алган жокпуз.',
    retry: 'Кайра аракет кылуу',
    to: 'Кимге',
    subject: 'Темасы',
    date: 'Убактысы',
    open: 'Ачуу',
    close: 'Жабуу',
    download: '.eml файлын жүктөө',
    total: 'Баары: {{count}}',
  },
} as const;

addAreaMessages('mail', mail);
