import { hasRole, mustSetUpTwoFactor, twoFactorMessages, type Role } from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { users } from '../db/schema';
import { errorMessages, HttpError } from '../lib/http-errors';
import { verifyToken } from '../lib/tokens';

/** The signed-in user as every route sees it. */
export interface CurrentUser {
  id: number;
  username: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Null for guests. Set from the Bearer access token of an active user. */
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /**
     * Set on the routes that create or end sessions (login, register, token refresh,
     * logout): they ignore the Authorization header, so that a client sending its
     * expired access token along does not get a 401 from the very call that renews it.
     */
    ignoreAccessToken?: boolean;
    /**
     * Set on the routes a moderator or admin may call before setting up two-factor sign-in
     * under `STAFF_2FA=required` (their own record, the set-up); every other call answers 403.
     */
    twoFactorSetup?: boolean;
  }
}

const LAST_SEEN_EVERY_MS = 60_000;

/** Route guard: 401 for guests. */
export const requireUser: onRequestAsyncHookHandler = async (request) => {
  if (!request.user) throw new HttpError(401, errorMessages.unauthorized);
};

/** Route guard: 401 for guests, 403 for users whose role is below `role`. */
export function requireRole(role: Role): onRequestAsyncHookHandler {
  return async (request) => {
    if (!request.user) throw new HttpError(401, errorMessages.unauthorized);
    if (!hasRole(request.user.role, role)) throw new HttpError(403, errorMessages.forbidden);
  };
}

/** The current user or a 401 — for handlers behind `requireUser`. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new HttpError(401, errorMessages.unauthorized);
  return request.user;
}

/**
 * Reads `Authorization: Bearer <access>` on every request. A bad or expired token,
 * one of a blocked or deleted user, or one signed before the user's token
 * generation last moved on, answers 401 (the client then refreshes);
 * no header means a guest. Under `STAFF_2FA=required` a moderator or admin without two-factor
 * sign-in gets 403 from every route but the set-up's (`twoFactorSetup`). The role comes from the database, so a change of role
 * or a block takes effect at once. `last_seen_at` moves at most once a minute.
 */
export const authPlugin = fp(
  (app: FastifyInstance) => {
    const secret = app.config.jwtSecret;
    if (!secret) throw new Error('authPlugin needs config.jwtSecret');
    app.decorateRequest('user', null);

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.ignoreAccessToken) return;
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const claims = await verifyToken(secret, header.slice('Bearer '.length).trim(), 'access');
      if (!claims) throw new HttpError(401, 'Токен жараксыз же мөөнөтү бүткөн.');

      const [row] = await app.db
        .select({
          id: users.id,
          username: users.username,
          role: users.role,
          isActive: users.isActive,
          tokenGeneration: users.tokenGeneration,
          lastSeenAt: users.lastSeenAt,
          totpEnabledAt: users.totpEnabledAt,
        })
        .from(users)
        .where(eq(users.id, claims.sub));
      // Logout, a password change or a block moved the generation on: older tokens are void.
      if (!row?.isActive || claims.gen !== row.tokenGeneration) {
        throw new HttpError(401, 'Токен жараксыз же мөөнөтү бүткөн.');
      }
      request.user = { id: row.id, username: row.username, role: row.role };
      if (
        mustSetUpTwoFactor(app.config.staff2fa, row.role, row.totpEnabledAt !== null) &&
        !request.routeOptions.config.twoFactorSetup
      ) {
        throw new HttpError(403, twoFactorMessages.staffSetupRequired);
      }

      const now = Date.now();
      if (!row.lastSeenAt || now - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
        await app.db
          .update(users)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(users.id, row.id));
      }
    });
  },
  { name: 'auth', dependencies: ['db', 'errors'] },
);
