import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshStore(lang?: string) {
  localStorage.clear();
  if (lang !== undefined) localStorage.setItem('lang', lang);
  vi.resetModules();
  return (await import('./app-store')).useAppStore;
}

afterEach(() => localStorage.clear());

describe('app store (docs/product.md, Application state)', () => {
  it('starts not loading, in ky, with the drawer closed', async () => {
    const store = await freshStore();
    expect(store.getState()).toMatchObject({ isLoading: false, language: 'ky', drawer: false });
  });

  it('re-applies the language kept in localStorage "lang" at start', async () => {
    expect((await freshStore('old_ky')).getState().language).toBe('old_ky');
    expect((await freshStore('ky')).getState().language).toBe('ky');
  });

  it.each(['', 'en', 'OLD_KY', 'old-ky', '"old_ky"'])('falls back to ky for %j', async (value) => {
    expect((await freshStore(value)).getState().language).toBe('ky');
  });

  it('keeps a switched language in localStorage', async () => {
    const store = await freshStore();
    store.getState().setLanguage('old_ky');
    expect(store.getState().language).toBe('old_ky');
    expect(localStorage.getItem('lang')).toBe('old_ky');
    store.getState().setLanguage('ky');
    expect(localStorage.getItem('lang')).toBe('ky');
  });

  it('toggles the drawer and sets the loading flag', async () => {
    const store = await freshStore();
    store.getState().toggleDrawer();
    expect(store.getState().drawer).toBe(true);
    store.getState().toggleDrawer();
    expect(store.getState().drawer).toBe(false);
    store.getState().setLoading(true);
    expect(store.getState().isLoading).toBe(true);
  });
});
