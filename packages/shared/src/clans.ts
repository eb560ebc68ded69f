import { z } from 'zod';
import { MAX_PAGE_SIZE, PageQuerySchema, RowIdParam, paginatedSchema } from './common';
import { ClanRefSchema, PersonIdSchema, PersonLinkSchema } from './persons';

/**
 * Clans (уруу → урук, docs/genealogy.md, Clans). A clan is anchored at its founding person; its
 * parent clan is the clan of the founder's nearest founding ancestor, so the hierarchy follows the
 * tree.
 */
export const CLAN_KINDS = ['uruu', 'uruk'] as const;
export const ClanKindSchema = z.enum(CLAN_KINDS);
export type ClanKind = z.infer<typeof ClanKindSchema>;

/** Kyrgyz labels of the kinds: a top-level clan is an уруу, one inside another an урук. */
export const CLAN_KIND_LABELS = { uruu: 'Уруу', uruk: 'Урук' } as const satisfies Record<
  ClanKind,
  string
>;

export const clanMessages = {
  founderTaken: 'Бул адам мурунтан эле бир уруунун негиздөөчүсү.',
  founderNotFound: 'Мындай негиздөөчү табылган жок.',
} as const;

export const ClanIdParams = z.object({ id: RowIdParam });

export const CreateClanInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  founder_id: PersonIdSchema,
  description: z
    .string()
    .trim()
    .max(5000)
    .nullable()
    .default(null)
    .transform((value) => (value === '' ? null : value)),
});
export type CreateClanInput = z.infer<typeof CreateClanInput>;

export const UpdateClanInput = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  founder_id: PersonIdSchema.optional(),
  description: z
    .string()
    .trim()
    .max(5000)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value)),
});
export type UpdateClanInput = z.infer<typeof UpdateClanInput>;

export const ClanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ClanKindSchema,
  founder: PersonLinkSchema,
  parent: ClanRefSchema.nullable(),
  description: z.string().nullable(),
});
export type Clan = z.infer<typeof ClanSchema>;

export const ClanDetailSchema = ClanSchema.extend({
  /** The founder and every descendant of the founder, sub-clans included. */
  member_count: z.number().int(),
  sub_clans: z.array(ClanSchema),
});
export type ClanDetail = z.infer<typeof ClanDetailSchema>;

export const ListClansQuery = PageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});
export type ListClansQuery = z.infer<typeof ListClansQuery>;

export const ClanListSchema = paginatedSchema(ClanSchema);
export type ClanList = z.infer<typeof ClanListSchema>;
