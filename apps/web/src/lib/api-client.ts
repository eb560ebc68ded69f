import { apiErrorMessage } from '@bagysh/shared';
import type { z } from 'zod';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { reloadSessionFromStorage, useSessionStore } from './session-store';

/** Every call goes to the API on the site's own host (docs/product.md, API calls). */
export const API_BASE = '/api/';

/**
 * A failed API call: the HTTP status, the body, and the message to show (docs/product.md, Error
 * messages).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    fallback: string = i18n.t('errors.generic'),
  ) {
    super(apiErrorMessage(body, fallback));
    this.name = 'ApiError';
  }

  /** The DRF-style field messages of a 400, for forms. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400 || typeof this.body !== 'object' || this.body === null) return {};
    return this.body as Record<string, string[]>;
  }
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body; a FormData body is sent as multipart. */
  body?: unknown;
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /**
   * Parses the answer (a shared zod schema); without it the JSON is returned as is (typed
   * only: the server has serialized it through the same schema).
   */
  schema?: z.ZodType<T>;
}

/** `persons/12/` + query → `/api/persons/12/?a=1`. */
export function apiUrl(path: string, query?: ApiRequest<unknown>['query']): string {
  const url = new URL(API_BASE + path.replace(/^\/+/, ''), window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** The access token of the stored session, if any. */
export function getAccessToken(): string | null {
  return useSessionStore.getState().token?.access ?? null;
}

/** The Authorization header of the stored session, if any. */
export function authHeaders(): Record<string, string> {
  const access = getAccessToken();
  return access ? { Authorization: `Bearer ${access}` } : {};
}

/** Calls that never trigger a refresh: they create sessions or are the refresh itself. */
const NO_REFRESH_PATHS = ['login/', 'login/two-factor/', 'register/', 'token/refresh/'];

function isSessionPath(path: string): boolean {
  const clean = path.replace(/^\/+/, '').split('?')[0] ?? '';
  return NO_REFRESH_PATHS.includes(clean);
}

/** The refresh under way in this tab: every request that got a 401 waits for this one. */
let refreshing: Promise<string> | null = null;

/** Web Locks (when the browser has them) keep two tabs from refreshing the same token. */
const REFRESH_LOCK = 'bagysh-token-refresh';

function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK, run) as Promise<T>) : run();
}

async function postRefresh(pair: { access: string; refresh: string }): Promise<string> {
  const response = await fetch(apiUrl('token/refresh/'), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify({ access: pair.access, refresh: pair.refresh }),
  });
  const body = await readBody(response);
  if (response.status === 401) {
    // The login has ended: sign out and go home (docs/product.md, Token refresh).
    useSessionStore.getState().clear();
    navigateTo('/', { replace: true });
    throw new ApiError(401, body);
  }
  if (response.status === 422) {
    navigateTo('/', { replace: true });
    throw new ApiError(422, body);
  }
  if (!response.ok) throw new ApiError(response.status, body);
  // zod only now: the landing page calls the API without it (the first-paint budget).
  const { TokenPairSchema } = await import('@bagysh/shared');
  const fresh = TokenPairSchema.parse(body);
  useSessionStore.getState().setSession(fresh);
  return fresh.access;
}

/**
 * Gets a new token pair after `staleAccess` was refused, and answers the new access token.
 * Concurrent callers share one refresh; when the session already moved on (this or another tab
 * refreshed meanwhile) the stored token is answered without a call. A refused refresh signs out
 * (401) or goes home (422) and rejects with the `ApiError`.
 */
export function refreshSession(staleAccess: string | null = getAccessToken()): Promise<string> {
  const current = getAccessToken();
  if (current && current !== staleAccess) return Promise.resolve(current);
  refreshing ??= withRefreshLock(async () => {
    // Another tab may have refreshed while this one waited for the lock.
    reloadSessionFromStorage();
    const token = useSessionStore.getState().token;
    if (!token) throw new ApiError(401, { detail: i18n.t('errors.generic') });
    if (token.access !== staleAccess) return token.access;
    return postRefresh(token);
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Runs a request made without `api()` (an XMLHttpRequest upload with progress) with the
 * session's Authorization header; when it rejects with a 401 `ApiError`, refreshes once and
 * runs it once more with the new token.
 */
export async function withFreshToken<T>(
  run: (headers: Record<string, string>) => Promise<T>,
): Promise<T> {
  const sent = getAccessToken();
  try {
    return await run(authHeaders());
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !sent) throw error;
    await refreshSession(sent);
    return run(authHeaders());
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(path: string, request: ApiRequest<unknown>, access: string | null) {
  const isForm = request.body instanceof FormData;
  return fetch(apiUrl(path, request.query), {
    method: request.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      // Every request, bodiless ones too (docs/product.md, Token refresh); a multipart body
      // carries its own type with its boundary.
      ...(isForm ? {} : { 'Content-Type': 'application/json' }),
      ...(access ? { Authorization: `Bearer ${access}` } : {}),
    },
    body: isForm
      ? (request.body as FormData)
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body),
    signal: request.signal,
  });
}

/**
 * The one API client of the app (fetch-based): JSON content type, the Bearer header
 * when a token exists, the base path /api/, errors as `ApiError` with the message
 * rules of docs/product.md, Error messages. 204 answers resolve to undefined. A 401 to a signed-in
 * request refreshes the session once (shared by concurrent requests) and retries once with the new
 * token.
 */
export async function api<T = unknown>(path: string, request: ApiRequest<T> = {}): Promise<T> {
  const access = getAccessToken();
  let response = await send(path, request, access);
  if (response.status === 401 && access && !isSessionPath(path)) {
    const fresh = await refreshSession(access);
    response = await send(path, request, fresh);
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return request.schema ? request.schema.parse(body) : (body as T);
}
