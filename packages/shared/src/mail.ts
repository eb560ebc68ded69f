import { z } from 'zod';
import { PageQuerySchema, paginatedSchema } from './common';

/** A mail written to the outbox (no SMTP server configured), as admins list it. */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  created_at: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** One outbox mail opened: its text body too. */
export const OutboxMessageDetailSchema = OutboxMessageSchema.extend({ text: z.string() });
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetailSchema>;

export const OutboxListQuery = PageQuerySchema;
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;

/** `GET mail/outbox/`: newest first; `transport` says whether the outbox is in use now. */
export const OutboxPageSchema = paginatedSchema(OutboxMessageSchema).extend({
  transport: z.enum(['smtp', 'outbox']),
});
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const OutboxIdParams = z.object({
  id: z.string().regex(/^\d{8}T\d{9}Z-[0-9a-f]{8}$/),
});
