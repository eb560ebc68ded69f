import { z } from 'zod';
import { PageQuerySchema, RowIdParam, RowIdSchema, paginatedSchema } from './common';
import { validationMessages } from './zod-ky';

/** Life cycle of a poll: active → finished | canceled; both ends are final. */
export const POLL_STATUSES = ['active', 'canceled', 'finished'] as const;
export const PollStatusSchema = z.enum(POLL_STATUSES);
export type PollStatus = z.infer<typeof PollStatusSchema>;

/**
 * Kyrgyz labels of the statuses (docs/kyrgyz.md, Interface words, ⚠ awaiting a native speaker's
 * check).
 */
export const POLL_STATUS_LABELS = {
  active: 'Активдүү',
  canceled: 'Жокко чыгарылды',
  finished: 'Аяктады',
} as const satisfies Record<PollStatus, string>;

export const POLL_LIMITS = {
  minOptions: 2,
  maxOptions: 20,
  questionMaxLength: 300,
  descriptionMaxLength: 5000,
  optionMaxLength: 200,
  reasonMaxLength: 1000,
} as const;

/** Kyrgyz texts of the poll rules that forms check before the server does. */
export const pollValidationMessages = {
  duplicateOption: 'Варианттар кайталанбашы керек.',
  closesAtInPast: 'Аяктоо убактысы келечекте болушу керек.',
  maxChoicesOverOptions: 'Варианттардын санынан ашпашы керек.',
  maxChoicesSingle: 'Бир тандоолуу сурамжылоодо 1 гана вариант тандалат.',
  duplicateChoice: 'Бир вариант эки жолу тандалбайт.',
} as const;

/**
 * The comparison key of an option text: case and runs of spaces do not make two
 * options different ("Ооба" and " ооба " are the same answer).
 */
export function pollOptionKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

// Ids are PostgreSQL `integer`: a larger number would be a database error, not a 404.
const IdSchema = RowIdSchema;

const OptionTextSchema = z.string().trim().min(1).max(POLL_LIMITS.optionMaxLength);

const OptionTextsSchema = z
  .array(OptionTextSchema)
  .min(POLL_LIMITS.minOptions)
  .max(POLL_LIMITS.maxOptions)
  .superRefine((texts, ctx) => {
    const seen = new Set<string>();
    texts.forEach((text, index) => {
      const key = pollOptionKey(text);
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          message: pollValidationMessages.duplicateOption,
        });
      }
      seen.add(key);
    });
  });

const FutureDateTimeSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const time = Date.parse(value);
  // A malformed value already has its own message.
  return Number.isNaN(time) || time > Date.now();
}, pollValidationMessages.closesAtInPast);

const pollFields = {
  question: z.string().trim().min(1).max(POLL_LIMITS.questionMaxLength),
  description: z.string().trim().max(POLL_LIMITS.descriptionMaxLength),
  options: OptionTextsSchema,
  multiple: z.boolean(),
  /** Multiple choice: 2…number of options, or null for "any number". Single choice: 1. */
  max_choices: z.number().int().min(1).max(POLL_LIMITS.maxOptions).nullable(),
  /** Anonymous: results show counts only. Open: results also list who chose what. */
  anonymous: z.boolean(),
  /** Whether a voter may change or withdraw their ballot while the poll is active. */
  allow_change: z.boolean(),
  /** The poll finishes by itself at this moment; null: only a moderator finishes it. */
  closes_at: FutureDateTimeSchema.nullable(),
};

/**
 * The `max_choices` rule of a poll: single choice allows only 1 (or leaving it
 * out); multiple choice allows 2…number of options, or null for no limit. Returns
 * the Kyrgyz message of the first broken rule, or null.
 */
export function maxChoicesProblem(
  multiple: boolean,
  maxChoices: number | null | undefined,
  optionCount: number,
): string | null {
  if (maxChoices === null || maxChoices === undefined) return null;
  if (!multiple) return maxChoices === 1 ? null : pollValidationMessages.maxChoicesSingle;
  if (maxChoices < 2) return validationMessages.tooSmall(2);
  if (maxChoices > optionCount) return pollValidationMessages.maxChoicesOverOptions;
  return null;
}

/** `POST /api/polls/` (moderators and admins). */
export const CreatePollInput = z
  .strictObject({
    question: pollFields.question,
    description: pollFields.description.default(''),
    options: pollFields.options,
    multiple: pollFields.multiple.default(false),
    max_choices: pollFields.max_choices.optional(),
    anonymous: pollFields.anonymous.default(true),
    allow_change: pollFields.allow_change.default(true),
    closes_at: pollFields.closes_at.optional(),
  })
  .superRefine((poll, ctx) => {
    const problem = maxChoicesProblem(poll.multiple, poll.max_choices, poll.options.length);
    if (problem) ctx.addIssue({ code: 'custom', path: ['max_choices'], message: problem });
  });
export type CreatePollInput = z.infer<typeof CreatePollInput>;

/**
 * `PATCH /api/polls/{id}/`: any subset of the fields. `options` replaces the whole
 * list. Once anyone has voted only `description` and `closes_at` may change.
 */
export const UpdatePollInput = z.strictObject({
  question: pollFields.question.optional(),
  description: pollFields.description.optional(),
  options: pollFields.options.optional(),
  multiple: pollFields.multiple.optional(),
  max_choices: pollFields.max_choices.optional(),
  anonymous: pollFields.anonymous.optional(),
  allow_change: pollFields.allow_change.optional(),
  closes_at: pollFields.closes_at.optional(),
});
export type UpdatePollInput = z.infer<typeof UpdatePollInput>;

/** `POST /api/polls/{id}/vote/`: the chosen options (a new ballot or a change of it). */
export const VoteInput = z.strictObject({
  option_ids: z
    .array(IdSchema)
    .min(1)
    .max(POLL_LIMITS.maxOptions)
    .refine((ids) => new Set(ids).size === ids.length, pollValidationMessages.duplicateChoice),
});
export type VoteInput = z.infer<typeof VoteInput>;

/** `POST /api/polls/{id}/cancel/`: the reason is stored and shown with the poll. */
export const CancelPollInput = z.strictObject({
  reason: z.string().trim().min(1).max(POLL_LIMITS.reasonMaxLength),
});
export type CancelPollInput = z.infer<typeof CancelPollInput>;

/** `GET /api/polls/?status=&page=&page_size=` */
export const ListPollsQuery = PageQuerySchema.extend({ status: PollStatusSchema.optional() });
export type ListPollsQuery = z.infer<typeof ListPollsQuery>;

export const PollIdParams = z.object({ id: RowIdParam });

/** A user as polls show them: the creator, who closed a poll, the voters of open polls. */
export const PollUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  full_name: z.string(),
});
export type PollUser = z.infer<typeof PollUserSchema>;

export const PollOptionSchema = z.object({ id: z.number().int(), text: z.string() });
export type PollOption = z.infer<typeof PollOptionSchema>;

/**
 * One option's tally. `percent` is the share of voters who chose it (0–100, one
 * decimal), so in a multiple-choice poll the percentages may add up to over 100.
 */
export const PollOptionCountSchema = PollOptionSchema.extend({
  votes: z.number().int(),
  percent: z.number(),
});
export type PollOptionCount = z.infer<typeof PollOptionCountSchema>;

/** The counts embedded in every poll the caller may see results of. */
export const PollResultsSummarySchema = z.object({
  total_voters: z.number().int(),
  options: z.array(PollOptionCountSchema),
});
export type PollResultsSummary = z.infer<typeof PollResultsSummarySchema>;

/**
 * `GET /api/polls/{id}/results/`. In an open (not anonymous) poll each option also
 * lists its voters, oldest ballot first; in an anonymous poll `voters` is null. A
 * ballot of a since-deleted account is counted but not listed.
 */
export const PollResultsSchema = z.object({
  total_voters: z.number().int(),
  anonymous: z.boolean(),
  options: z.array(
    PollOptionCountSchema.extend({
      voters: z
        .array(PollUserSchema)
        .nullable()
        .describe('Who chose this option, oldest ballot first; null in an anonymous poll'),
    }),
  ),
});
export type PollResults = z.infer<typeof PollResultsSchema>;

/**
 * A poll as every endpoint answers it, for the signed-in caller. `status` is already
 * "finished" once `closes_at` has passed. `my_vote` lists the caller's chosen option
 * ids (empty without a ballot). `total_voters` and `results` are null unless the
 * caller may see results: after voting, once finished, or live for the creator and
 * moderators/admins.
 */
export const PollSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  description: z.string(),
  status: PollStatusSchema,
  multiple: z.boolean(),
  max_choices: z
    .number()
    .int()
    .nullable()
    .describe('1 for single choice; for multiple choice the limit, or null for any number'),
  anonymous: z.boolean().describe('True: results show counts only; false: also who chose what'),
  allow_change: z.boolean().describe('Whether voters may change or withdraw while active'),
  closes_at: z.iso.datetime().nullable(),
  /** When it finished or was canceled (for an automatic finish: `closes_at`). */
  closed_at: z.iso.datetime().nullable(),
  /** The moderator who finished or canceled it; null while active or for an automatic finish. */
  closed_by: PollUserSchema.nullable(),
  cancel_reason: z.string().nullable(),
  options: z.array(PollOptionSchema),
  my_vote: z
    .array(z.number().int())
    .describe("The caller's chosen option ids; [] without a ballot"),
  created_by: PollUserSchema.nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  total_voters: z
    .number()
    .int()
    .nullable()
    .describe('Null unless the caller may see results (voted, finished, creator or moderator)'),
  results: PollResultsSummarySchema.nullable().describe(
    'Counts without names (see /results/ for voters); null like total_voters',
  ),
});
export type Poll = z.infer<typeof PollSchema>;

export const PollListSchema = paginatedSchema(PollSchema);
export type PollList = z.infer<typeof PollListSchema>;
