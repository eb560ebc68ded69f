import { describe, expect, it } from 'vitest';
import { i18n } from './index';

describe('area catalogues', () => {
  it('load into their namespace only when their module is imported', async () => {
    expect(i18n.hasResourceBundle('ky', 'polls')).toBe(false);
    const { polls } = await import('./areas/polls');
    expect(i18n.hasResourceBundle('ky', 'polls')).toBe(true);
    expect(i18n.getResourceBundle('ky', 'polls')).toEqual(polls);
  });

  it('take a first-paint part of an area alone, then the whole area over it', async () => {
    const { genealogySearch } = await import('./areas/genealogy-search');
    expect(i18n.getResourceBundle('ky', 'genealogy')).toEqual(genealogySearch);
    const { genealogyTree } = await import('./areas/genealogy-tree');
    expect(i18n.getResourceBundle('ky', 'genealogy')).toEqual(genealogyTree);
    const { genealogy } = await import('./areas/genealogy');
    expect(i18n.getResourceBundle('ky', 'genealogy')).toEqual(genealogy);

    const { contentHome } = await import('./areas/content-home');
    expect(i18n.getResourceBundle('ky', 'content')).toEqual(contentHome);
    const { content } = await import('./areas/content');
    expect(i18n.getResourceBundle('ky', 'content')).toEqual(content);
  });
});
