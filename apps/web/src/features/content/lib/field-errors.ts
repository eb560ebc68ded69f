import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed zod parse ('' for form-level messages). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '';
    out[key] ??= issue.message;
  }
  return out;
}

/** The first message per field of an API 400 (`non_field_errors` and `detail` go under ''). */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') {
      out[key === 'non_field_errors' ? '' : key] = messages[0];
    }
  }
  return out;
}
