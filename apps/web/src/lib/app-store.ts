import { create } from 'zustand';
import { STORAGE_KEYS } from '../config/constants';
import { storage } from './storage';

/** ky: modern Kyrgyz in Cyrillic; old_ky: the same text letter by letter in Old Turkic runes. */
export const LANGUAGES = ['ky', 'old_ky'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ky';

/** A stored language code, or ky for anything else (missing, old or tampered values). */
export function parseLanguage(value: unknown): Language {
  return LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;
}

/** The language kept in localStorage `lang`, re-applied at start. */
export function storedLanguage(): Language {
  return parseLanguage(storage.get(STORAGE_KEYS.language));
}

interface AppState {
  /** The global loading flag, shown by the loading bar under the header. */
  isLoading: boolean;
  language: Language;
  /** The navigation drawer of narrow screens. */
  drawer: boolean;
  setLoading: (isLoading: boolean) => void;
  /** Switches the whole UI at once and keeps the choice in localStorage. */
  setLanguage: (language: Language) => void;
  setDrawer: (open: boolean) => void;
  toggleDrawer: () => void;
}

/** Application state (docs/product.md, Application state). */
export const useAppStore = create<AppState>()((set) => ({
  isLoading: false,
  language: storedLanguage(),
  drawer: false,
  setLoading: (isLoading) => set({ isLoading }),
  setLanguage: (language) => {
    storage.set(STORAGE_KEYS.language, language);
    set({ language });
  },
  setDrawer: (drawer) => set({ drawer }),
  toggleDrawer: () => set((state) => ({ drawer: !state.drawer })),
}));
