import { SITE_NAME } from '@bagysh/shared';
import { escapeHtml } from '../lib/html-escape';

/** One mail as the queue carries it: already rendered, addressed to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. `List-Unsubscribe` on notices. */
  headers?: Record<string, string>;
}

/** What a mail says: paragraphs, an optional button (a link), and a closing line. */
export interface MailContent {
  to: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A line under the body in smaller type (why the mail came, what to do if unexpected). */
  footnote?: string;
  /** A link at the very end (a notice's unsubscribe link). */
  unsubscribe?: { label: string; url: string };
  headers?: Record<string, string>;
}

/**
 * The Kyrgyz text and HTML bodies of a mail in the site's one layout: the site name on top, the
 * paragraphs, the action as a button and as a plain link (some clients strip buttons), then
 * the footnote. Every piece of text is escaped: names in a mail come from members.
 */
export function renderMail(content: MailContent): MailMessage {
  const text = [
    SITE_NAME,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ''] : []),
    ...(content.footnote ? ['—', content.footnote] : []),
    ...(content.unsubscribe ? [`${content.unsubscribe.label}: ${content.unsubscribe.url}`] : []),
  ].join('\n');
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#BF360C;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="ky"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,sans-serif;color:#212121;background:#fafafa">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<h1 style="font-size:20px;color:#BF360C;margin:0 0 16px">${escapeHtml(SITE_NAME)}</h1>
${content.paragraphs.map((paragraph) => `<p style="line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${action}
${content.footnote ? `<p style="font-size:13px;color:#555555;border-top:1px solid #eeeeee;padding-top:12px">${escapeHtml(content.footnote)}</p>` : ''}
${content.unsubscribe ? `<p style="font-size:13px"><a href="${escapeHtml(content.unsubscribe.url)}" style="color:#BF360C">${escapeHtml(content.unsubscribe.label)}</a></p>` : ''}
</div></body></html>
`;
  return {
    to: content.to,
    subject: content.subject,
    text,
    html,
    ...(content.headers ? { headers: content.headers } : {}),
  };
}
