import type { PageQuery } from '@bagysh/shared';
import type { FastifyRequest } from 'fastify';

export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * The absolute URL the client asked for (DRF's `next`/`previous` are absolute), on the
 * configured PUBLIC_URL: never on the Host header, which the client chooses. Joined as
 * text, so that a path like `//evil.example/` stays a path.
 */
export function requestUrl(request: FastifyRequest): URL {
  return new URL(`${request.server.config.publicUrl}${request.url}`);
}

/**
 * `next`/`previous` links of one page of `count` items, keeping the other query
 * parameters. From a page past the end, `previous` leads to the last page.
 */
export function pageLinks(url: URL, page: number, pageSize: number, count: number) {
  const link = (target: number) => {
    const other = new URL(url);
    other.searchParams.set('page', String(target));
    return other.toString();
  };
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  return {
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
  };
}

/**
 * `{count, next, previous, results}` for one page of a list (docs/genealogy.md, API conventions).
 */
export function paginated<T>(
  request: FastifyRequest,
  query: PageQuery,
  count: number,
  results: T[],
): Paginated<T> {
  return { count, ...pageLinks(requestUrl(request), query.page, query.page_size, count), results };
}

/** `limit`/`offset` of a page. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}
