import { z } from 'zod';
import { RowIdParam } from './common';
import { PersonIdSchema, PersonLabelRefSchema } from './persons';

/**
 * Branch stewards (docs/features.md, Branch stewards): an admin makes a member the steward of a
 * branch, the descendants in the father line of one person (that person included). The steward
 * reviews, accepts and rejects the proposals inside the branch only.
 */

/** The most branches one member may keep. */
export const STEWARD_BRANCH_LIMIT = 20;

/** One branch a member keeps: its top person. */
export const StewardBranchSchema = z.object({
  person: PersonLabelRefSchema,
  created_at: z.iso.datetime(),
});
export type StewardBranch = z.infer<typeof StewardBranchSchema>;

/** `GET users/{id}/branches/`, and the answer of adding or removing one. */
export const StewardBranchesSchema = z.object({ results: z.array(StewardBranchSchema) });
export type StewardBranches = z.infer<typeof StewardBranchesSchema>;

/** `POST users/{id}/branches/`. */
export const StewardBranchInput = z.strictObject({ person_id: PersonIdSchema });
export type StewardBranchInput = z.infer<typeof StewardBranchInput>;

export const StewardBranchParams = z.object({
  id: RowIdParam,
  person_id: RowIdParam,
});

export const stewardMessages = {
  notInBranch: 'Бул сунуш сиз караган бутакта эмес: аны модератор гана карай алат.',
  notMember: 'Бутакты катталган, бөгөттөлбөгөн колдонуучу гана карай алат.',
  staffNeedNoBranch: 'Модератор менен администратор бардык бутактарды мурунтан эле карашат.',
  tooMany: `Бир колдонуучу ${STEWARD_BRANCH_LIMIT} бутактан ашык карай албайт.`,
  personMissing: 'Мындай адам санжырада жок.',
  alreadyInBranch: 'Бул адам колдонуучу караган бутакта мурунтан эле бар.',
} as const;
