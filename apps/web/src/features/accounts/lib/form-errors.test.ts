import { LoginInput } from '@bagysh/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { apiFormErrors, zodFieldErrors } from './form-errors';

describe('form errors', () => {
  it('keeps the first zod message of each field', () => {
    const result = LoginInput.safeParse({ username: '', password: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(Object.keys(zodFieldErrors(result.error)).sort()).toEqual(['password', 'username']);
    }
  });

  it('puts 400 field messages under their fields and the rest on the form', () => {
    const error = new ApiError(400, { username: ['taken'], non_field_errors: ['a', 'b'] });
    expect(apiFormErrors(error, ['username'], 'x')).toEqual({ username: 'taken', form: 'a\nb' });
  });

  it('shows the detail of other errors on the form', () => {
    const error = new ApiError(401, { detail: 'wrong' });
    expect(apiFormErrors(error, ['username'], 'x')).toEqual({ form: 'wrong' });
    expect(apiFormErrors(new TypeError('net'), ['username'], 'x')).toEqual({ form: 'x' });
  });
});
