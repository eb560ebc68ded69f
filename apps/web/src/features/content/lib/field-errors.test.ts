import { CategoryInput } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiFieldErrors, zodFieldErrors } from './field-errors';

describe('field errors', () => {
  it('takes the first zod message per field', () => {
    const parsed = CategoryInput.safeParse({ name: '', kind: 'article', slug: 'Bad Slug' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const errors = zodFieldErrors(parsed.error);
    expect(Object.keys(errors).sort()).toEqual(['name', 'slug']);
  });

  it('reads the fields of an API 400 and ignores other errors', () => {
    const error = new ApiError(400, { title: ['bad', 'worse'], non_field_errors: ['form'] });
    expect(apiFieldErrors(error)).toEqual({ title: 'bad', '': 'form' });
    expect(apiFieldErrors(new ApiError(409, { detail: 'x' }))).toEqual({});
    expect(apiFieldErrors(new Error('x'))).toEqual({});
  });
});
