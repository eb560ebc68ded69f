import { NOTICE_TYPE_KIND, type NoticeType } from '@bagysh/shared';
import type { Db } from '../../db/client';
import { notices } from '../../db/schema';

/**
 * Writing notices (docs/features.md, Notices). A notice is written in the transaction of what it
 * tells (an accepted proposal and its notice commit together) with `mail_state = 'pending'`;
 * the dispatcher (dispatch.ts) mails it afterwards, or skips it.
 */

export interface NewNotice {
  userId: number;
  type: NoticeType;
  title: string;
  lines?: string[];
  comment?: string | null;
  link?: string | null;
  /** The digests' time (injected in tests); now otherwise. */
  createdAt?: Date;
}

export async function addNotice(db: Db, notice: NewNotice): Promise<number> {
  const [row] = await db
    .insert(notices)
    .values({
      userId: notice.userId,
      type: notice.type,
      kind: NOTICE_TYPE_KIND[notice.type],
      title: notice.title,
      lines: notice.lines ?? [],
      comment: notice.comment?.trim() ? notice.comment.trim() : null,
      link: notice.link ?? null,
      ...(notice.createdAt ? { createdAt: notice.createdAt, updatedAt: notice.createdAt } : {}),
    })
    .returning({ id: notices.id });
  if (!row) throw new Error('notice insert returned nothing');
  return row.id;
}

/** What a proposal is about, in words: the kind and the record's name when it has one. */
const KIND_WORDS: Readonly<Record<string, string>> = {
  person: 'инсан',
  merge: 'инсандарды бириктирүү',
  place: 'жер',
  source: 'булак',
  note: 'эскертме',
};

const ACTION_WORDS: Readonly<Record<string, string>> = {
  create: 'кошуу',
  update: 'оңдоо',
  delete: 'өчүрүү',
};

function recordName(values: Record<string, unknown> | null): string | null {
  if (!values) return null;
  for (const field of ['name', 'title', 'text']) {
    const value = values[field];
    if (typeof value === 'string' && value.trim()) {
      const text = value.trim();
      return text.length > 80 ? `${text.slice(0, 79)}…` : text;
    }
  }
  return null;
}

export interface ReviewedProposal {
  id: number;
  kind: string;
  action: string;
  authorId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * The notice to a proposal's author that a moderator accepted or rejected it. Nothing when the
 * author is gone or reviewed their own proposal.
 */
export async function noticeProposalReviewed(
  db: Db,
  proposal: ReviewedProposal,
  reviewerId: number,
  outcome: 'accepted' | 'rejected',
  comment: string | null | undefined,
): Promise<void> {
  if (proposal.authorId === null || proposal.authorId === reviewerId) return;
  const what = `${KIND_WORDS[proposal.kind] ?? proposal.kind} ${ACTION_WORDS[proposal.action] ?? proposal.action}`;
  const name = recordName(proposal.after) ?? recordName(proposal.before);
  await addNotice(db, {
    userId: proposal.authorId,
    type: outcome === 'accepted' ? 'proposal_accepted' : 'proposal_rejected',
    title:
      outcome === 'accepted'
        ? `Сунушуңуз кабыл алынды: ${what}`
        : `Сунушуңуз четке кагылды: ${what}`,
    lines: [`Сунуш №${proposal.id}${name ? ` — «${name}»` : ''}.`],
    comment,
    link: '/contributions',
  });
}

/** The notice to an article's author that a moderator published or turned it down. */
export async function noticeArticleReviewed(
  db: Db,
  article: { id: number; title: string; authorId: number | null },
  reviewerId: number,
  outcome: 'accepted' | 'rejected',
  comment: string | null | undefined,
): Promise<void> {
  if (article.authorId === null || article.authorId === reviewerId) return;
  await addNotice(db, {
    userId: article.authorId,
    type: outcome === 'accepted' ? 'article_accepted' : 'article_rejected',
    title:
      outcome === 'accepted'
        ? `Макалаңыз жарыяланды: «${article.title}»`
        : `Макалаңыз четке кагылды: «${article.title}»`,
    lines:
      outcome === 'accepted'
        ? ['Макала сайтта баарына көрүнөт.']
        : ['Макала сизге кайра кайтарылды (долбоор): оңдоп, кайра жөнөтсөңүз болот.'],
    comment,
    link: `/person-articles/${article.id}`,
  });
}
