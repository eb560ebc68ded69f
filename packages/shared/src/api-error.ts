/**
 * Turns an API error body into one human-readable message (docs/product.md, Error messages):
 * a `detail` (or `error`) text wins; otherwise every value of the body — DRF-style
 * lists of messages, possibly nested — is flattened and joined with line breaks.
 */
export function apiErrorMessage(body: unknown, fallback = ''): string {
  if (body === null || body === undefined) return fallback;
  if (typeof body === 'string') return body || fallback;
  if (typeof body === 'number' || typeof body === 'boolean') return String(body);
  if (typeof body !== 'object') return fallback;

  const record = body as Record<string, unknown>;
  for (const key of ['detail', 'error'] as const) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  const messages = flattenMessages(body);
  return messages.length > 0 ? messages.join('\n') : fallback;
}

function flattenMessages(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(flattenMessages);
  if (typeof value === 'object') return Object.values(value).flatMap(flattenMessages);
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}
