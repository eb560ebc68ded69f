import { SITE_NAME } from '@bagysh/shared';
import { renderMail, type MailMessage } from '../../mail/mail-message';

/** The Kyrgyz mails of an account: the password reset link and the e-mail confirmation. */

export function passwordResetMail(to: string, username: string, url: string): MailMessage {
  return renderMail({
    to,
    subject: `Сырсөздү калыбына келтирүү — ${SITE_NAME}`,
    paragraphs: [
      `Саламатсызбы, ${username}!`,
      `«${SITE_NAME}» сайтындагы аккаунтуңуздун сырсөзүн жаңылоо суралды. Жаңы сырсөз коюу үчүн төмөнкү шилтемени ачыңыз. Шилтеме бир саат иштейт жана бир гана жолу колдонулат.`,
      'Жаңы сырсөз коюлгандан кийин бардык түзмөктөрдөгү кирүүлөр жабылат.',
    ],
    action: { label: 'Жаңы сырсөз коюу', url },
    footnote:
      'Эгер сиз муну сураган эмес болсоңуз, бул катты көңүлгө албаңыз: сырсөзүңүз өзгөрбөйт.',
  });
}

export function emailConfirmMail(to: string, username: string, url: string): MailMessage {
  return renderMail({
    to,
    subject: `Электрондук почтаны ырастоо — ${SITE_NAME}`,
    paragraphs: [
      `Саламатсызбы, ${username}!`,
      `Бул дарек «${SITE_NAME}» сайтындагы аккаунтка жазылды. Дарек сиздики экенин ырастоо үчүн төмөнкү шилтемени ачыңыз. Ырасталганга чейин бул дарекке башка кат жөнөтүлбөйт.`,
    ],
    action: { label: 'Почтаны ырастоо', url },
    footnote: 'Эгер сиз бул сайтта катталбаган болсоңуз, бул катты көңүлгө албаңыз.',
  });
}
