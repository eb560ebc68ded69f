import { describe, expect, it } from 'vitest';
import { apiErrorMessage } from './api-error';

describe('apiErrorMessage', () => {
  it('uses the detail text when present', () => {
    expect(apiErrorMessage({ detail: 'Кирүүгө уруксат жок.' })).toBe('Кирүүгө уруксат жок.');
  });

  it('uses an error field like detail', () => {
    expect(apiErrorMessage({ error: 'Табылган жок.' })).toBe('Табылган жок.');
  });

  it('prefers detail over field errors', () => {
    expect(apiErrorMessage({ detail: 'A', username: ['B'] })).toBe('A');
  });

  it('flattens DRF field errors in order, joined with line breaks', () => {
    const body = {
      username: ['Бул ат бош эмес.'],
      password: ['Өтө кыска.', 'Өтө жөнөкөй.'],
      non_field_errors: ['Ката кетти.'],
    };
    expect(apiErrorMessage(body)).toBe('Бул ат бош эмес.\nӨтө кыска.\nӨтө жөнөкөй.\nКата кетти.');
  });

  it('flattens nested objects and lists', () => {
    expect(apiErrorMessage({ options: { 0: ['Бош.'], 2: ['Узун.'] }, x: [['a', 'b']] })).toBe(
      'Бош.\nУзун.\na\nb',
    );
  });

  it('accepts a plain string or list body', () => {
    expect(apiErrorMessage('Ката')).toBe('Ката');
    expect(apiErrorMessage(['a', 'b'])).toBe('a\nb');
  });

  it('falls back when the body says nothing', () => {
    expect(apiErrorMessage({}, 'fallback')).toBe('fallback');
    expect(apiErrorMessage(null, 'fallback')).toBe('fallback');
    expect(apiErrorMessage({ detail: '' }, 'fallback')).toBe('fallback');
  });
});
