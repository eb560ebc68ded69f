import { z } from 'zod';

/**
 * A person's recorded sex ('U': unknown, or hidden from a guest). Its own module, so that the
 * search and relation schemas on the first paint do not pull in the whole person schema.
 */
export const SEXES = ['M', 'F', 'U'] as const;
export const SexSchema = z.enum(SEXES);
export type Sex = z.infer<typeof SexSchema>;
