import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

/** One message per field: the first zod issue of each path. */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The errors of a failed call for a form: the API's 400 field messages under their fields
 * (the rest joined on the form), anything else as the form's message (docs/product.md, Error
 * messages).
 */
export function apiFormErrors(
  error: unknown,
  fields: readonly string[],
  fallback: string,
): Record<string, string> {
  if (!(error instanceof ApiError)) return { form: fallback };
  const result: Record<string, string> = {};
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const text = Array.isArray(messages) ? messages.join('\n') : String(messages);
    if (fields.includes(field)) result[field] = text;
    else rest.push(text);
  }
  if (Object.keys(result).length === 0) return { form: error.message };
  if (rest.length > 0) result.form = rest.join('\n');
  return result;
}
