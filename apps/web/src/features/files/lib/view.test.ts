import { afterEach, describe, expect, it } from 'vitest';
import { readView, storeView, VIEW_STORAGE_KEY } from './view';

describe('files view', () => {
  afterEach(() => localStorage.removeItem(VIEW_STORAGE_KEY));

  it('defaults to the grid and remembers the choice', () => {
    expect(readView()).toBe('grid');
    storeView('list');
    expect(readView()).toBe('list');
    localStorage.setItem(VIEW_STORAGE_KEY, 'nonsense');
    expect(readView()).toBe('grid');
  });
});
