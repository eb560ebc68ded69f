import type { PersonFilters } from './genealogy-api';

/** Query keys of the genealogy pages, one root so a change can refresh them all. */
export const genealogyKeys = {
  all: ['genealogy'] as const,
  search: (q: string) => ['genealogy', 'search', q] as const,
  person: (id: number) => ['genealogy', 'person', id] as const,
  ancestors: (id: number) => ['genealogy', 'ancestors', id] as const,
  /** The person page's records (person-page-api.ts). */
  family: (id: number) => ['genealogy', 'family', id] as const,
  source: (id: number) => ['genealogy', 'source', id] as const,
  comparison: (a: number, b: number) => ['genealogy', 'comparison', a, b] as const,
  relations: (a: number, b: number, max: number) => ['genealogy', 'relations', a, b, max] as const,
  persons: (filters: PersonFilters) => ['genealogy', 'persons', filters] as const,
  revisions: (id: number) => ['genealogy', 'revisions', id] as const,
  pending: () => ['genealogy', 'pending'] as const,
  mine: (family: 'person' | 'record', page: number) => ['genealogy', 'mine', family, page] as const,
  articles: (id: number) => ['genealogy', 'articles', id] as const,
  /** "Бул мен" (person-claims-api.ts). */
  myClaims: () => ['genealogy', 'claims', 'mine'] as const,
  pendingClaims: () => ['genealogy', 'claims', 'pending'] as const,
  relationToMe: (id: number) => ['genealogy', 'relation-to-me', id] as const,
};
