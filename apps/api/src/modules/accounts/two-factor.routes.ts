import {
  BadRequestErrorSchema,
  DetailErrorSchema,
  RecoveryCodesSchema,
  TwoFactorCodeInput,
  TwoFactorDisableInput,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '@bagysh/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/auth';
import { TwoFactor } from './two-factor.service';

const security = [{ bearer: [] }];

/**
 * The signed-in user's two-factor sign-in: status, set-up with a QR code, the confirming code,
 * new recovery codes, turning it off. Under `STAFF_2FA=required` a moderator or admin without
 * it may still call the first three (`twoFactorSetup`), and nothing else.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const twoFactor = new TwoFactor(app.db, app.config.jwtSecret, app.config.staff2fa);
  // Each of these checks a code or a password: as many a minute as logins.
  const rateLimit = { max: app.config.loginRateLimit, timeWindow: 60_000 };

  app.get(
    '/user/two-factor/',
    {
      onRequest: requireUser,
      config: { twoFactorSetup: true },
      schema: {
        tags: ['users'],
        summary: 'Whether two-factor sign-in is on, required, and how many recovery codes are left',
        security,
        response: { 200: TwoFactorStatusSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return twoFactor.status(user.id, user.role);
    },
  );

  app.post(
    '/user/two-factor/setup/',
    {
      onRequest: requireUser,
      config: { twoFactorSetup: true, rateLimit },
      schema: {
        tags: ['users'],
        summary: 'Starts the set-up: a new TOTP secret, its otpauth URI and QR code (SVG)',
        description:
          'The secret is not in force until `enable/` gets a code of it; starting again ' +
          'replaces an unconfirmed one. Already on → 409.',
        security,
        response: {
          200: TwoFactorSetupSchema,
          401: DetailErrorSchema,
          409: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return twoFactor.setup(user.id, user.username);
    },
  );

  app.post(
    '/user/two-factor/enable/',
    {
      onRequest: requireUser,
      config: { twoFactorSetup: true, rateLimit },
      schema: {
        tags: ['users'],
        summary: 'Turns two-factor sign-in on with a code of the new secret',
        description:
          'Answers the ten recovery codes, once (only their hashes are kept). A wrong code → ' +
          '400 `{code: [...]}`; no set-up started → 400; already on → 409.',
        security,
        body: TwoFactorCodeInput,
        response: {
          200: RecoveryCodesSchema,
          400: BadRequestErrorSchema,
          401: DetailErrorSchema,
          409: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => twoFactor.enable(currentUser(request).id, request.body.code),
  );

  app.post(
    '/user/two-factor/recovery-codes/',
    {
      onRequest: requireUser,
      config: { rateLimit },
      schema: {
        tags: ['users'],
        summary: 'Makes ten new recovery codes for a current code; the old ones stop working',
        description: 'A wrong code → 400 `{code: [...]}`; two-factor sign-in off → 409.',
        security,
        body: TwoFactorCodeInput,
        response: {
          200: RecoveryCodesSchema,
          400: BadRequestErrorSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          409: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request) => twoFactor.regenerate(currentUser(request).id, request.body.code),
  );

  app.post(
    '/user/two-factor/disable/',
    {
      onRequest: requireUser,
      config: { rateLimit },
      schema: {
        tags: ['users'],
        summary: 'Turns two-factor sign-in off with the password and a TOTP or recovery code',
        description:
          'A wrong password → 400 `{password: [...]}`, a wrong code → 400 `{code: [...]}`; ' +
          'already off → 409. The secret and every recovery code are removed.',
        security,
        body: TwoFactorDisableInput,
        response: {
          204: z.null(),
          400: BadRequestErrorSchema,
          401: DetailErrorSchema,
          403: DetailErrorSchema,
          409: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await twoFactor.disable(currentUser(request).id, request.body);
      return reply.code(204).send(null);
    },
  );
};
