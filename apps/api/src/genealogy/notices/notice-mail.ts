import { NOTICE_KIND_LABELS, SITE_NAME, type NoticeKind } from '@bagysh/shared';
import { renderMail, type MailMessage } from '../../mail/mail-message';
import { unsubscribeToken } from './unsubscribe-token';

/** Where the web page of an unsubscribe link is, and the API address of the one-click POST. */
export const UNSUBSCRIBE_PAGE = '/notices/unsubscribe';
export const UNSUBSCRIBE_API = '/api/notices/unsubscribe/';

export interface NoticeMailInput {
  to: string;
  username: string;
  userId: number;
  kind: NoticeKind;
  title: string;
  lines: string[];
  comment: string | null;
  link: string | null;
}

export interface NoticeMailSettings {
  publicUrl: string;
  secret: string;
}

/**
 * A notice as a Kyrgyz mail: the lines, the moderator's comment, a button to the site, and an
 * unsubscribe link that works without signing in, also as the `List-Unsubscribe` headers
 * (with one-click `List-Unsubscribe-Post`, RFC 8058). Every link is built on PUBLIC_URL.
 */
export function noticeMail(notice: NoticeMailInput, settings: NoticeMailSettings): MailMessage {
  const token = unsubscribeToken(settings.secret, notice.userId, notice.kind);
  const page = `${settings.publicUrl}${UNSUBSCRIBE_PAGE}#token=${token}`;
  const oneClick = `${settings.publicUrl}${UNSUBSCRIBE_API}?token=${encodeURIComponent(token)}`;
  return renderMail({
    to: notice.to,
    subject: `${notice.title} — ${SITE_NAME}`,
    paragraphs: [
      `Саламатсызбы, ${notice.username}!`,
      notice.title,
      ...notice.lines,
      ...(notice.comment ? [`Модератордун пикири: ${notice.comment}`] : []),
    ],
    ...(notice.link
      ? { action: { label: 'Сайтта ачуу', url: `${settings.publicUrl}${notice.link}` } }
      : {}),
    footnote: `Бул кат «${NOTICE_KIND_LABELS[notice.kind]}» жөнүндө билдирүүлөргө жазылганыңыз үчүн келди. Мындай каттарды алгыңыз келбесе, жазылууну токтотуңуз (кирүүнүн кереги жок).`,
    unsubscribe: { label: 'Жазылууну токтотуу', url: page },
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
