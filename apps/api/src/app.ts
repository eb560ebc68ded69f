import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { useKyrgyzValidationMessages } from '@bagysh/shared';
import Fastify, { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import type { Config } from './env';
import { errorMessages, HttpError } from './lib/http-errors';
import { DEFAULT_WEB_DIST } from './lib/paths';
import { databaseRateLimitStore, sweepRateLimits } from './lib/rate-limits';
import { authRoutes } from './modules/accounts/auth.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { clansRoutes } from './modules/clans/clans.routes';
import { comparisonRoutes } from './modules/comparison/comparison.routes';
import { duplicatesRoutes } from './modules/duplicates/duplicates.routes';
import { contactMessagesRoutes } from './modules/contact-messages/contact-messages.routes';
import { newsRoutes, personArticlesRoutes } from './modules/content/content.routes';
import { filesRoutes } from './modules/files/files.routes';
import { gedcomRoutes } from './modules/gedcom/gedcom.routes';
import { healthRoutes } from './modules/health/health.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { notesRoutes } from './modules/records/notes.routes';
import { transcriptsRoutes } from './modules/records/transcripts.routes';
import { noticeJobsPlugin } from './modules/notices/notice-jobs';
import { noticesRoutes } from './modules/notices/notices.routes';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { personClaimsRoutes } from './modules/person-claims/person-claims.routes';
import { personMergeRoutes } from './modules/person-merge/person-merge.routes';
import { personsRoutes } from './modules/persons/persons.routes';
import { placesMapRoutes } from './modules/places-map/places-map.routes';
import { recordingsRoutes } from './modules/recordings/recordings.routes';
import { placesRoutes } from './modules/records/places.routes';
import { pollsRoutes } from './modules/polls/polls.routes';
import { bookRoutes } from './modules/print/book.routes';
import { posterRoutes } from './modules/print/poster.routes';
import { recordRevisionsRoutes } from './modules/records/record-revisions.routes';
import { relationsRoutes } from './modules/relations/relations.routes';
import { revisionsRoutes } from './modules/revisions/revisions.routes';
import { searchRoutes } from './modules/search/search.routes';
import { sourcesRoutes } from './modules/records/sources.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { treeChecksRoutes } from './modules/tree-checks/tree-checks.routes';
import { twoFactorRoutes } from './modules/accounts/two-factor.routes';
import { usersRoutes } from './modules/accounts/users.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { stewardsRoutes } from './modules/stewards/stewards.routes';
import { apiCachePlugin } from './plugins/api-cache';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { busyGuardPlugin } from './plugins/busy-guard';
import { inputGuardPlugin } from './plugins/input-guard';
import { mailPlugin } from './plugins/mail';
import { jsonBodyPlugin } from './plugins/json-body';
import { requestLogPlugin } from './plugins/request-log';
import { webPlugin } from './shell/web';

useKyrgyzValidationMessages();

/** Text kinds worth compressing: not octet-stream (stored files), not event streams. */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|^image\/svg\+xml|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^application\/javascript/;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An opened and migrated database; the app closes it when it closes. */
  database: Database;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
}

/** The CSP source of a tile URL template: its origin, Leaflet's {s} as any subdomain. */
function tileSource(template: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(template)?.[0] ?? "'self'";
  return origin.replace('{s}', '*');
}

/** The API and the web app behind one Fastify instance; `listen` is the caller's business. */
export async function buildApp({ config, database, logger }: BuildAppOptions) {
  const hops = config.trustProxy;
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Fastify's two lines per request (with headers) give way to the one of request-log.ts.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // The first `hops` addresses from the right (the socket's, then what each proxy appended)
    // are proxies; the next one is the client (how Fastify reads a hop count).
    trustProxy: hops === false ? false : (_address: string, hop: number) => hop < hops,
    // A URL that cannot be decoded never reaches the error handler: answer in the API's shape.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply.code(400).send({ detail: errorMessages.badRequest });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map tiles come from their own server (MAP_TILES_URL).
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(config.mapTiles.url)],
        // Members-only media and PDFs are fetched with the token and shown from object URLs.
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Off over plain http (the default, on 127.0.0.1); see `Config.hsts`. Without
    // includeSubDomains: other hosts of the operator's domain may not have TLS.
    strictTransportSecurity: config.hsts ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  // Text answers over 1 KB (JSON, the page, sitemaps, GEDCOM) go out brotli- or
  // gzip-compressed; media and archives are compressed already. Built assets carry their own
  // .br/.gz (web.ts), which this skips since they have a Content-Encoding.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  // Before any route: hooks of the root reach every route registered after them.
  await app.register(jsonBodyPlugin);
  await app.register(inputGuardPlugin);
  await app.register(dbPlugin, { database });
  await app.register(busyGuardPlugin, { limit: config.pgliteQueueLimit });
  await app.register(authPlugin);
  await app.register(mailPlugin);
  await app.register(noticeJobsPlugin);
  await app.register(docsPlugin);
  // Off by default; a route opts in with `config.rateLimit` (login, register, refresh…).
  // Counted in the database, so that the limits hold across API processes.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: () => new HttpError(429, errorMessages.tooManyRequests),
  });
  const stopSweepingRateLimits = sweepRateLimits(database.db);
  app.addHook('onClose', async () => stopSweepingRateLimits());

  await app.register(
    async (api) => {
      await api.register(apiCachePlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(stewardsRoutes);
      await api.register(twoFactorRoutes);
      await api.register(pollsRoutes);
      await api.register(filesRoutes);
      await api.register(personArticlesRoutes);
      await api.register(newsRoutes);
      await api.register(categoriesRoutes);
      await api.register(pagesRoutes);
      await api.register(contactMessagesRoutes);
      await api.register(personsRoutes);
      await api.register(bookRoutes);
      await api.register(posterRoutes);
      await api.register(duplicatesRoutes);
      await api.register(personMergeRoutes);
      await api.register(personClaimsRoutes);
      await api.register(revisionsRoutes);
      await api.register(placesMapRoutes);
      await api.register(placesRoutes);
      await api.register(sourcesRoutes);
      await api.register(notesRoutes);
      await api.register(transcriptsRoutes);
      await api.register(recordRevisionsRoutes);
      await api.register(moderationRoutes);
      await api.register(treeChecksRoutes);
      await api.register(searchRoutes);
      await api.register(comparisonRoutes);
      await api.register(relationsRoutes);
      await api.register(clansRoutes);
      await api.register(statsRoutes);
      await api.register(calendarRoutes);
      await api.register(uploadsRoutes);
      await api.register(recordingsRoutes);
      await api.register(gedcomRoutes);
      await api.register(backupRoutes);
      await api.register(outboxRoutes);
      await api.register(noticesRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { distDir: config.webDistDir ?? DEFAULT_WEB_DIST });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
