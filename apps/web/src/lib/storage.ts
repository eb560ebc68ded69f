/**
 * localStorage that never throws: private modes and blocked storage answer null and ignore
 * writes, so a visitor without storage still gets a working site in the default language.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage full or blocked: the choice lasts for this page only
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // blocked storage holds nothing to remove
    }
  },
  /** The JSON stored under key, or null when missing or not JSON. */
  getJson(key: string): unknown {
    const text = storage.get(key);
    if (text === null) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  },
};
