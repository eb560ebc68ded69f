import { z } from 'zod';

/** Kyrgyz texts of the messages every endpoint and form can produce. */
export const validationMessages = {
  required: 'Милдеттүү талаа.',
  invalidType: 'Туура эмес маани.',
  invalidEmail: 'Электрондук почта туура эмес.',
  invalidUrl: 'Шилтеме туура эмес.',
  invalidFormat: 'Туура эмес формат.',
  invalidChoice: 'Туура эмес тандоо.',
  unknownField: 'Белгисиз талаа.',
  tooShort: (n: number) => `Кеминде ${n} белги болушу керек.`,
  tooLong: (n: number) => `${n} белгиден ашпашы керек.`,
  tooFewItems: (n: number) => `Кеминде ${n} болушу керек.`,
  tooManyItems: (n: number) => `${n} ашпашы керек.`,
  tooSmall: (n: number | bigint) => `${n} же андан чоң болушу керек.`,
  tooBig: (n: number | bigint) => `${n} же андан кичине болушу керек.`,
  notInteger: 'Бүтүн сан болушу керек.',
} as const;

type Issue = z.core.$ZodRawIssue;

function kyrgyzMessage(issue: Issue): string {
  const m = validationMessages;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return m.required;
      return issue.expected === 'int' ? m.notInteger : m.invalidType;
    case 'too_small': {
      const min = issue.minimum as number;
      if (issue.origin === 'string') return min <= 1 ? m.required : m.tooShort(min);
      if (issue.origin === 'array' || issue.origin === 'set') return m.tooFewItems(min);
      return m.tooSmall(min);
    }
    case 'too_big': {
      const max = issue.maximum as number;
      if (issue.origin === 'string') return m.tooLong(max);
      if (issue.origin === 'array' || issue.origin === 'set') return m.tooManyItems(max);
      return m.tooBig(max);
    }
    case 'invalid_format':
      if (issue.format === 'email') return m.invalidEmail;
      if (issue.format === 'url') return m.invalidUrl;
      return m.invalidFormat;
    case 'invalid_value':
    case 'invalid_union':
      return m.invalidChoice;
    case 'unrecognized_keys':
      return m.unknownField;
    case 'not_multiple_of':
      return m.notInteger;
    default:
      return m.invalidType;
  }
}

/**
 * Makes zod speak Kyrgyz everywhere (zod ships no `ky` locale). Messages written
 * explicitly in a schema still win. Call once at start-up on each side.
 */
export function useKyrgyzValidationMessages(): void {
  z.config({ customError: (issue) => kyrgyzMessage(issue) });
}
