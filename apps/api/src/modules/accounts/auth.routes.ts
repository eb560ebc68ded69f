import {
  accountLinkMessages,
  AuthResponseSchema,
  DetailErrorSchema,
  DetailSchema,
  EmailConfirmInput,
  PasswordResetConfirmInput,
  PasswordResetInput,
  LoginInput,
  LoginResponseSchema,
  LoginTwoFactorInput,
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
import { AccountLinks } from './account-links.service';
import { authErrors, login, loginWithCode, register, type LoginContext } from './auth.service';
import { LoginThrottle } from './login-throttle';
import { endSession, rotateRefreshToken, sessionSettings } from './sessions';
import { TwoFactor } from './two-factor.service';

const perMinute = (max: number) => ({ max, timeWindow: 60_000 });

/** A body that is not a token pair at all: unparsable, of another type, or failing the schema. */
function isBadRefreshBody(error: FastifyError): boolean {
  return (
    hasZodFastifySchemaValidationErrors(error) ||
    error instanceof SyntaxError ||
    (error.code?.startsWith('FST_ERR_CTP') ?? false)
  );
}

/**
 * Register, login, token refresh and logout: the routes that create and end sessions; and the
 * account links a mail carries (password reset, e-mail confirmation).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = sessionSettings(app.config);
  const throttle = new LoginThrottle({
    db: app.db,
    limit: app.config.loginFailureLimit,
    slowdownMs: app.config.loginSlowdownSeconds * 1000,
  });
  const context: LoginContext = {
    db: app.db,
    settings,
    throttle,
    twoFactor: new TwoFactor(app.db, app.config.jwtSecret, app.config.staff2fa),
  };
  // Made now, so that the first login of a missing user is not slower than the rest.
  await dummyPasswordHash();
  const links = new AccountLinks(app.db, app.mail, app.config.publicUrl, app.log);
  // Reset requests still being handled finish before the mail queue and the database close.
  app.addHook('onClose', async () => links.settle());

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
      const { id, username, email } = answer.user;
      if (email !== null) await links.sendConfirmation(id, username, email);
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
          'with Retry-After (per address and username, and a per-username slow-down). ' +
          'An account with two-factor sign-in on gets no tokens for the right password but ' +
          '`{two_factor_required: true, challenge, detail}`: send the challenge with a code to ' +
          '`login/two-factor/` within 5 minutes. Accounts without it get the token pair as before.',
        body: LoginInput,
        response: {
          200: LoginResponseSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => login(context, request.body, request.ip),
  );

  app.post(
    '/login/two-factor/',
    {
      config: { ignoreAccessToken: true, rateLimit: perMinute(app.config.loginRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a login: the challenge and a TOTP or recovery code',
        description:
          'A wrong code → 401 and counts as a failed login of that username from that address ' +
          '(429 with Retry-After past the limit); a recovery code works once; an expired or ' +
          'forged challenge → 401 (sign in again); blocked account → 403.',
        body: LoginTwoFactorInput,
        response: {
          200: AuthResponseSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => loginWithCode(context, request.body, request.ip),
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

  app.post(
    '/password/reset/',
    {
      config: { ignoreAccessToken: true, rateLimit: perMinute(app.config.registerRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Mails a one-time password reset link to a confirmed address',
        description:
          'Answers 200 with the same sentence whatever the address: whether it belongs to an ' +
          'account is never told. The link (valid one hour, once) goes only to a confirmed ' +
          'address of an active account; requests are limited per address and per account.',
        body: PasswordResetInput,
        response: { 200: DetailSchema, 429: DetailErrorSchema },
      },
    },
    async (request) => {
      links.requestReset(request.body.email);
      return { detail: accountLinkMessages.resetRequested };
    },
  );

  app.post(
    '/password/reset/confirm/',
    {
      config: { ignoreAccessToken: true, rateLimit: perMinute(app.config.loginRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with a reset link and ends every session of the account',
        description: 'A used, unknown or expired link → 400 with a Kyrgyz `detail`.',
        body: PasswordResetConfirmInput,
        response: { 200: DetailSchema, 429: DetailErrorSchema },
      },
    },
    async (request) => {
      await links.confirmReset(request.body);
      return { detail: accountLinkMessages.passwordChanged };
    },
  );

  app.post(
    '/email/confirm/',
    {
      config: { ignoreAccessToken: true, rateLimit: perMinute(app.config.loginRateLimit) },
      schema: {
        tags: ['auth'],
        summary: 'Confirms an e-mail address with the link mailed to it',
        description:
          'A used, unknown or expired link, or one for an address the account no longer has → ' +
          '400 with a Kyrgyz `detail`.',
        body: EmailConfirmInput,
        response: { 200: DetailSchema, 429: DetailErrorSchema },
      },
    },
    async (request) => {
      await links.confirmEmail(request.body.token);
      return { detail: accountLinkMessages.emailConfirmed };
    },
  );
};
