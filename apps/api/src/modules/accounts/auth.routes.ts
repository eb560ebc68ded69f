import {
  AuthResponseSchema,
  DetailErrorSchema,
  LoginInput,
  LogoutInput,
  RegisterInput,
  TokenPairSchema,
  TokenRefreshInput,
} from '@bagysh/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors';
import { dummyPasswordHash } from '../../lib/passwords';
import { authErrors, login, register } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { endSession, rotateRefreshToken, sessionSettings } from './sessions';

const perMinute = (max: number) => ({ max, timeWindow: 60_000 });

/** A body that is not a token pair at all: unparsable, of another type, or failing the schema. */
function isBadRefreshBody(error: FastifyError): boolean {
  return (
    hasZodFastifySchemaValidationErrors(error) ||
    error instanceof SyntaxError ||
    (error.code?.startsWith('FST_ERR_CTP') ?? false)
  );
}

/** Register, login, token refresh and logout: the routes that create and end sessions. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = sessionSettings(app.config);
  const throttle = new LoginThrottle({
    db: app.db,
    limit: app.config.loginFailureLimit,
    slowdownMs: app.config.loginSlowdownSeconds * 1000,
  });
  // Made now, so that the first login of a missing user is not slower than the rest.
  await dummyPasswordHash();

  app.post(
    '/register/',
    {
      config: { ignoreAccessToken: true, rateLimit: perMinute(app.config.registerRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Creates a member account and signs it in',
        body: RegisterInput,
        response: { 201: AuthResponseSchema, 429: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const answer = await register(app.db, settings, request.body);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/login/',
    {
      config: { ignoreAccessToken: true, rateLimit: perMinute(app.config.loginRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with username and password',
        description:
          'Wrong username or password → 401; blocked account → 403; too many attempts → 429 ' +
          'with Retry-After (per address and username, and a per-username slow-down).',
        body: LoginInput,
        response: {
          200: AuthResponseSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => login(app.db, settings, throttle, request.body, request.ip),
  );

  app.post(
    '/token/refresh/',
    {
      config: { ignoreAccessToken: true, rateLimit: perMinute(app.config.refreshRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Exchanges a refresh token for a new pair (the old one is revoked)',
        description:
          'Expired, forged or revoked token → 401 (reusing a revoked one ends the whole login); ' +
          'a body that is not a token pair → 422.',
        body: TokenRefreshInput,
        response: {
          200: TokenPairSchema,
          401: DetailErrorSchema,
          422: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
      // The web client tells "no session at all" (422) from "session ended" (401).
      errorHandler: (error: FastifyError, _request, reply) => {
        // Anything else goes on to the app's error handler.
        if (!isBadRefreshBody(error)) throw error;
        void reply.code(422).send({ detail: authErrors.refreshMissing });
      },
    },
    async (request) => {
      const pair = await rotateRefreshToken(app.db, settings, request.body.refresh);
      if (!pair) throw new HttpError(401, authErrors.invalidToken);
      return pair;
    },
  );

  app.post(
    '/logout/',
    {
      config: { ignoreAccessToken: true },
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of a refresh token',
        description:
          "Revokes that login's refresh tokens and voids every access token of the user at once; " +
          'the other logins get a 401 and refresh once.',
        body: LogoutInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSession(app.db, settings, request.body.refresh);
      return reply.code(204).send(null);
    },
  );
};
