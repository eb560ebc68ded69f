import { describe, expect, it } from 'vitest';
import { i18n } from './index';

describe('area catalogues', () => {
  it('load into their namespace only when their module is imported', async () => {
    expect(i18n.hasResourceBundle('ky', 'polls')).toBe(false);
    const { polls } = await import('./areas/polls');
    expect(i18n.hasResourceBundle('ky', 'polls')).toBe(true);
    expect(i18n.getResourceBundle('ky', 'polls')).toEqual(polls);
  });
});
