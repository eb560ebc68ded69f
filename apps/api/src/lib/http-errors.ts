/** Kyrgyz texts of the `detail` errors the API answers with. */
export const errorMessages = {
  badRequest: 'Сурам туура эмес.',
  malformedJson: 'Сурамдын JSON түзүлүшү туура эмес.',
  unauthorized: 'Кирүү талап кылынат.',
  forbidden: 'Кирүүгө уруксат жок.',
  notFound: 'Табылган жок.',
  conflict: 'Маалымат башка бирөө тарабынан өзгөртүлгөн. Баракты жаңылап, кайра аракет кылыңыз.',
  payloadTooLarge: 'Сурамдын көлөмү өтө чоң.',
  unsupportedMediaType: 'Бул түрдөгү маалымат кабыл алынбайт.',
  tooManyRequests: 'Өтө көп аракет. Бир аздан кийин кайра аракет кылыңыз.',
  internal: 'Ката кетти. Кайра аракет кылыңыз.',
} as const;

/**
 * An error that the API answers with `{"detail": message}`, `statusCode` and any `headers`;
 * `extra` adds fields beside `detail` (a proposal's conflicting fields).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 answered DRF-style: `{"field": ["message", …], "non_field_errors": [...]}`. */
export class FieldValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fields: Record<string, string[]>) {
    super(Object.values(fields).flat().join(' '));
    this.name = 'FieldValidationError';
  }
}

export const notFound = (message: string = errorMessages.notFound) => new HttpError(404, message);
export const forbidden = (message: string = errorMessages.forbidden) => new HttpError(403, message);
export const conflict = (message: string = errorMessages.conflict) => new HttpError(409, message);
export const fieldError = (field: string, message: string) =>
  new FieldValidationError({ [field]: [message] });
