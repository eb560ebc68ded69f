import { z } from 'zod';
import { PageQuerySchema, RowIdParam, paginatedSchema } from './common';

/**
 * Notices of what happened (docs/features.md, Notices): a member's proposal or article accepted
 * or rejected, the weekly digest of followed persons and branches, the moderators' daily digest.
 * Each is kept in the site; each kind is also mailed unless its owner switched the kind off.
 */

/** The kinds a member switches on and off (mail), one per reason a notice is sent. */
export const NOTICE_KINDS = ['reviews', 'follows', 'moderation'] as const;
export const NoticeKindSchema = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof NoticeKindSchema>;

/** What happened: the type of one notice (each belongs to one kind). */
export const NOTICE_TYPES = [
  'proposal_accepted',
  'proposal_rejected',
  'article_accepted',
  'article_rejected',
  'follow_digest',
  'moderation_digest',
] as const;
export const NoticeTypeSchema = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof NoticeTypeSchema>;

/** The kind each type belongs to. */
export const NOTICE_TYPE_KIND: Readonly<Record<NoticeType, NoticeKind>> = {
  proposal_accepted: 'reviews',
  proposal_rejected: 'reviews',
  article_accepted: 'reviews',
  article_rejected: 'reviews',
  follow_digest: 'follows',
  moderation_digest: 'moderation',
};

/** The Kyrgyz name of each kind (the profile's switches, the unsubscribe page, mails). */
export const NOTICE_KIND_LABELS: Readonly<Record<NoticeKind, string>> = {
  reviews: 'Сунуштарым жана макалаларым кабыл алынганда же четке кагылганда',
  follows: 'Көз салган инсандарымдын жана бутактарымдын жумалык өзгөрүүлөрү',
  moderation: 'Модераторлорго: күн сайын күтүп турган иштер',
};

export const noticeMessages = {
  unsubscribed: 'Бул түрдөгү каттар мындан ары жөнөтүлбөйт.',
  badUnsubscribeToken: 'Шилтеме жараксыз. Каттарды профилиңизден өчүрсөңүз болот.',
  followed: 'Көз салуу башталды.',
  noSuchPerson: 'Мындай инсан табылган жок.',
} as const;

/** One notice as its owner sees it; the text is the server's, in Kyrgyz. */
export const NoticeSchema = z.object({
  id: z.number().int(),
  type: NoticeTypeSchema,
  kind: NoticeKindSchema,
  title: z.string(),
  /** What happened, one line each (a digest's items). */
  lines: z.array(z.string()),
  /** The moderator's comment on a review; null when none. */
  comment: z.string().nullable(),
  /** A path of the site to open (`/contributions`, `/moderation`, `/persons/12`). */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeListQuery = PageQuerySchema;
export type NoticeListQuery = z.infer<typeof NoticeListQuery>;

export const NoticePageSchema = paginatedSchema(NoticeSchema).extend({
  /** Unread notices of the member in all (the badge). */
  unread: z.number().int(),
});
export type NoticePage = z.infer<typeof NoticePageSchema>;

export const NoticeUnreadSchema = z.object({ unread: z.number().int() });
export type NoticeUnread = z.infer<typeof NoticeUnreadSchema>;

export const NoticeIdParams = z.object({ id: RowIdParam });

/** Which kinds are mailed to the member; `email_confirmed` false means no notice is mailed. */
export const NoticeSettingsSchema = z.object({
  mail: z.object({ reviews: z.boolean(), follows: z.boolean(), moderation: z.boolean() }),
  email_confirmed: z.boolean(),
  /** The moderators' digest is offered to moderators and admins only. */
  moderator: z.boolean(),
});
export type NoticeSettings = z.infer<typeof NoticeSettingsSchema>;

export const NoticeSettingsInput = z.object({
  mail: z
    .object({
      reviews: z.boolean().optional(),
      follows: z.boolean().optional(),
      moderation: z.boolean().optional(),
    })
    .strict(),
});
export type NoticeSettingsInput = z.infer<typeof NoticeSettingsInput>;

/** A signed unsubscribe token: `<user id>.<kind>.<signature>` (base64url). */
export const UnsubscribeTokenSchema = z
  .string()
  .min(10)
  .max(200)
  .regex(/^[0-9]+\.[a-z]+\.[A-Za-z0-9_-]+$/);

export const UnsubscribeQuery = z.object({ token: UnsubscribeTokenSchema });

/** What a valid unsubscribe link stops (shown before the member confirms). */
export const UnsubscribeInfoSchema = z.object({
  kind: NoticeKindSchema,
  label: z.string(),
  username: z.string(),
  /** Whether that kind is mailed now. */
  subscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;

/** Follow one person, or the person and every descendant in the father line (a branch). */
export const FOLLOW_SCOPES = ['person', 'branch'] as const;
export const FollowScopeSchema = z.enum(FOLLOW_SCOPES);
export type FollowScope = z.infer<typeof FollowScopeSchema>;

export const FollowParams = z.object({
  id: RowIdParam,
});

export const FollowInput = z.object({ scope: FollowScopeSchema });
export type FollowInput = z.infer<typeof FollowInput>;

/** The signed-in member's follow of a person: null when they do not follow it. */
export const FollowStateSchema = z.object({ scope: FollowScopeSchema.nullable() });
export type FollowState = z.infer<typeof FollowStateSchema>;
