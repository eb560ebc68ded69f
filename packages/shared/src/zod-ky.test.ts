import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useKyrgyzValidationMessages, validationMessages } from './zod-ky';

function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('Kyrgyz validation messages', () => {
  beforeAll(() => useKyrgyzValidationMessages());

  it('says a missing field is required', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe(validationMessages.required);
  });

  it('names string length limits', () => {
    expect(messageOf(z.string().min(8), 'abc')).toBe('Кеминде 8 белги болушу керек.');
    expect(messageOf(z.string().max(3), 'abcd')).toBe('3 белгиден ашпашы керек.');
  });

  it('reports a bad e-mail and a wrong type', () => {
    expect(messageOf(z.email(), 'not-mail')).toBe(validationMessages.invalidEmail);
    expect(messageOf(z.number(), 'x')).toBe(validationMessages.invalidType);
  });

  it('keeps a message written in the schema', () => {
    expect(messageOf(z.string().min(3, 'Өз билдирүү'), 'a')).toBe('Өз билдирүү');
  });
});
