import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { accounts } from './areas/accounts';
import type { calendar } from './areas/calendar';
import type { charts } from './areas/charts';
import type { content } from './areas/content';
import type { duplicates } from './areas/duplicates';
import type { files } from './areas/files';
import type { gedcom } from './areas/gedcom';
import type { genealogy } from './areas/genealogy';
import type { mail } from './areas/mail';
import type { notices } from './areas/notices';
import type { person } from './areas/person';
import type { personEdit } from './areas/person-edit';
import type { placesMap } from './areas/places-map';
import type { polls } from './areas/polls';
import type { print } from './areas/print';
import type { reference } from './areas/reference';
import type { searchEverything } from './areas/search-everything';
import type { relations } from './areas/relations';
import type { transcripts } from './areas/transcripts';
import type { treeChecks } from './areas/tree-checks';
import type { tribeStats } from './areas/tribe-stats';
import type { voices } from './areas/voices';
import { ky } from './ky';

/** The catalogue's namespaces: the shell's `translation`, plus one per area of pages. */
interface Resources {
  translation: typeof ky;
  accounts: typeof accounts;
  calendar: typeof calendar;
  charts: typeof charts;
  content: typeof content;
  duplicates: typeof duplicates;
  files: typeof files;
  gedcom: typeof gedcom;
  genealogy: typeof genealogy;
  mail: typeof mail;
  notices: typeof notices;
  person: typeof person;
  personEdit: typeof personEdit;
  placesMap: typeof placesMap;
  polls: typeof polls;
  print: typeof print;
  reference: typeof reference;
  searchEverything: typeof searchEverything;
  relations: typeof relations;
  transcripts: typeof transcripts;
  treeChecks: typeof treeChecks;
  tribeStats: typeof tribeStats;
  voices: typeof voices;
}
type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export type AreaNamespace = Exclude<keyof Resources, 'translation'>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
  }
}

// ky is the only catalogue, and the default and fallback: old_ky is a script, not a second
// catalogue (the ky text in runes, see lib/script.tsx), so i18next itself never switches.
void i18n.use(initReactI18next).init({
  resources: { ky: { translation: ky } },
  lng: 'ky',
  fallbackLng: 'ky',
  supportedLngs: ['ky'],
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * Adds an area's messages to the catalogue. Each file in ./areas calls it when first
 * imported (a few hold a part of an area that a first paint needs, included in the area's file), so an area's texts load with its pages instead of with the landing page
 * (the first-paint budget, docs/performance.md). Pages use `useTranslation('<area>')`.
 */
export function addAreaMessages<N extends AreaNamespace>(
  namespace: N,
  messages: DeepPartial<Resources[N]>,
) {
  // Merged into what is there: a page's first paint may bring a part of an area before the rest.
  i18n.addResourceBundle('ky', namespace, messages, true, false);
}

/** A catalogue message for a key, or the text itself when it is not a key (an API message). */
export function translateMessage(message: string): string {
  const value: unknown = i18n.getResource('ky', 'translation', message);
  return typeof value === 'string' ? value : message;
}

export { i18n };
