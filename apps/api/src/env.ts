import { z } from 'zod';

const MB = 1024 * 1024;

/** Turns '', undefined into undefined so that an empty variable means "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Five cron fields (minute hour day month weekday, UTC), or `off`. */
const cronSetting = z
  .string()
  .regex(
    /^(off|[0-9*/,-]+( [0-9*/,-]+){4})$/,
    'must be five cron fields (minute hour day month weekday, UTC) or off',
  );

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])),
  PORT: optional(z.coerce.number().int().min(0).max(65535)).default(3000),
  HOST: optional(z.string().min(1)).default('127.0.0.1'),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
  ),
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  LOG_LEVEL: optional(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  ).default('info'),
  BODY_LIMIT_BYTES: optional(z.coerce.number().int().min(1024)).default(1 * MB),
  UPLOAD_MAX_BYTES: optional(z.coerce.number().int().min(1024)).default(50 * MB),
  UPLOAD_QUOTA_BYTES: optional(z.coerce.number().int().min(1024)).default(1024 * MB),
  ARCHIVE_MAX_BYTES: optional(z.coerce.number().int().min(1024)).default(2048 * MB),
  ARCHIVE_MAX_ENTRIES: optional(z.coerce.number().int().min(1)).default(10_000),
  ARCHIVE_MAX_RATIO: optional(z.coerce.number().int().min(2)).default(100),
  ACCESS_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(5)).default(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: optional(z.coerce.number().int().min(60)).default(30 * 24 * 3600),
  LOGIN_RATE_LIMIT: optional(z.coerce.number().int().min(1)).default(20),
  LOGIN_FAILURE_LIMIT: optional(z.coerce.number().int().min(1)).default(10),
  LOGIN_SLOWDOWN_SECONDS: optional(z.coerce.number().int().min(1)).default(2),
  REGISTER_RATE_LIMIT: optional(z.coerce.number().int().min(1)).default(10),
  REFRESH_RATE_LIMIT: optional(z.coerce.number().int().min(1)).default(60),
  CONTACT_RATE_LIMIT: optional(z.coerce.number().int().min(1)).default(5),
  EXPORT_CONCURRENCY: optional(z.coerce.number().int().min(1).max(64)).default(1),
  PGLITE_QUEUE_LIMIT: optional(z.coerce.number().int().min(1).max(100_000)).default(200),
  ADMIN_USERNAME: optional(z.string().min(3)),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters long')),
  WEB_DIST_DIR: optional(z.string().min(1)),
  TRUST_PROXY: optional(
    z.string().regex(/^(true|false|[1-9])$/, 'must be true, false or a number of proxies (1–9)'),
  ).default('false'),
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' })
      .refine((value) => {
        // Zod runs this even after the URL check failed, which has said what is wrong.
        if (!URL.canParse(value)) return true;
        const url = new URL(value);
        return !url.search && !url.hash && !url.username && !url.password;
      }, 'must have no query, fragment or credentials'),
  ),
  HSTS: optional(z.enum(['auto', 'true', 'false'])).default('auto'),
  DEMO_DATA: optional(
    z.enum(['auto', 'true', 'false'], {
      error: 'must be auto, true or false (auto, true же false болушу керек)',
    }),
  ).default('auto'),
  SHUTDOWN_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(25),
  SMTP_URL: optional(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .refine((value) => URL.canParse(value), 'must be an smtp:// or smtps:// URL'),
  ),
  MAIL_FROM: optional(z.string().min(3).max(200)),
  MAIL_RETRY_DELAY_SECONDS: optional(z.coerce.number().int().min(1).max(3600)).default(30),
  NOTICE_DAILY_CRON: optional(cronSetting).default('0 3 * * *'),
  NOTICE_WEEKLY_CRON: optional(cronSetting).default('0 3 * * 1'),
  STAFF_2FA: optional(
    z.enum(['optional', 'required'], {
      error: 'must be optional or required (optional же required болушу керек)',
    }),
  ).default('optional'),
  MAP_TILES_URL: optional(
    z
      .string()
      .regex(
        /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/,
        'must be an http(s) URL template with {z}, {x} and {y}',
      ),
  ),
  MAP_TILES_ATTRIBUTION: optional(z.string().min(1).max(500)),
});

/** OpenStreetMap's own tiles: its usage policy asks for this credit on every map. */
export const DEFAULT_MAP_TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
} as const;

export type DemoDataMode = 'auto' | 'true' | 'false';

/** Every variable `loadConfig` reads (docs/deploying/bagysh.env is checked against it). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** `https://bagysh.kg/` → `https://bagysh.kg`: links append a path that starts with `/`. */
const withoutTrailingSlash = (value: string) => {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
};

function mapTilesOf(url: string | undefined, attribution: string | undefined) {
  if (url === undefined) {
    return {
      url: DEFAULT_MAP_TILES.url,
      attribution: attribution ?? DEFAULT_MAP_TILES.attribution,
    };
  }
  // The host of a template may hold Leaflet's {s} (a.tile…, b.tile…): dropped from the credit.
  const host = (/^https?:\/\/([^/]+)/.exec(url)?.[1] ?? url).replace(/^\{s\}\./, '');
  return { url, attribution: attribution ?? host };
}

/** Where the server itself answers when no PUBLIC_URL is set: chosen here, never by a request. */
function listenUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export interface Config {
  port: number;
  host: string;
  /** Unset → embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Unset → generated once and kept in `dataDir` (see `resolveJwtSecret`). */
  jwtSecret: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  uploadMaxBytes: number;
  uploadQuotaBytes: number;
  /**
   * What an uploaded archive (GEDZip) may unpack to: all its entries together, how many
   * entries, and how many times an entry (or the whole archive, past 1 MB) may grow
   * (files/zip-archive.ts). Past any of them the upload is refused at once.
   */
  archiveMaxBytes: number;
  archiveMaxEntries: number;
  archiveMaxRatio: number;
  /** Lifetime of an access JWT (15 min; e2e tests shorten it to exercise refresh). */
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Login attempts per minute from one IP address. */
  loginRateLimit: number;
  /**
   * Failed logins per username and client address per 15 minutes; then that pair
   * answers 429. Also the per-username threshold of the slow-down below.
   */
  loginFailureLimit: number;
  /**
   * Once a username has `loginFailureLimit` failures in 15 minutes from any
   * addresses, at most one password check per this many seconds for it.
   */
  loginSlowdownSeconds: number;
  /** Registrations per minute from one IP address. */
  registerRateLimit: number;
  /** Token refreshes per minute from one IP address. */
  refreshRateLimit: number;
  /** Contact-form messages per hour from one IP address. */
  contactRateLimit: number;
  /** Whole-tree GEDCOM exports running at once in one process; more answer 429. */
  exportConcurrency: number;
  /** On PGlite, API requests being served past which a new one gets 503 (busy-guard.ts). */
  pgliteQueueLimit: number;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  /** Where the built web app lives; unset → apps/web/dist next to this package. */
  webDistDir: string | undefined;
  /**
   * How many reverse proxies stand in front (false: none). The client's address (rate limits,
   * logs) is the one that many hops from the right of X-Forwarded-For: what the proxies
   * themselves appended, never an address the client wrote into the header. `true` is one.
   */
  trustProxy: false | number;
  /**
   * The site's canonical address without a trailing slash (`https://bagysh.kg`): absolute
   * links (og:url, og:image, `next`/`previous`) are built on it, never on the Host or
   * X-Forwarded-Host header, which the client chooses. Unset → `http://HOST:PORT`
   * (127.0.0.1 for a wildcard HOST).
   */
  publicUrl: string;
  /**
   * Send Strict-Transport-Security. HSTS=auto (the default) turns it on exactly when
   * PUBLIC_URL is https; true/false force it.
   */
  hsts: boolean;
  /**
   * Whether the demonstration tree and content are loaded (once): `auto` only into a brand-new
   * embedded database, never into PostgreSQL; `true` into any database; `false` never.
   */
  demoData: DemoDataMode;
  /**
   * On SIGTERM/SIGINT, how long requests in flight may take before the process gives up and
   * exits 1. Below systemd's default TimeoutStopSec (30 s), so the server, not systemd, decides.
   */
  shutdownTimeoutSeconds: number;
  /**
   * `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://…` (TLS from the start).
   * Unset → every mail is written as an .eml file under `dataDir/outbox/` for admins to read.
   */
  smtpUrl: string | undefined;
  /** The From of every mail; unset → `"<site name>" <noreply@host of publicUrl>`. */
  mailFrom: string | undefined;
  /** A mail the server refused is tried again after this, doubling each time. */
  mailRetryDelaySeconds: number;
  /**
   * When the moderators' daily digest and the followers' weekly digest run: cron in UTC
   * (03:00 UTC is 09:00 in Bishkek), or `off` (docs/operations.md, Notices).
   */
  noticeDailyCron: string;
  noticeWeeklyCron: string;
  /**
   * `required`: moderators and admins without two-factor sign-in are signed in but may do
   * nothing except set it up (403 elsewhere). `optional` (the default): anyone may turn it on.
   */
  staff2fa: 'optional' | 'required';
  /**
   * The tile server of the maps (docs/features.md, Map): a Leaflet URL template and its
   * credit. Unset → OpenStreetMap's tiles; another server without MAP_TILES_ATTRIBUTION
   * is credited by its host name.
   */
  mapTiles: { url: string; attribution: string };
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Reads and validates every setting the server uses. The only place that reads
 * `process.env`; a bad value throws an `EnvError` naming each wrong variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `  ${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
    });
    throw new EnvError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = env.PUBLIC_URL
    ? withoutTrailingSlash(env.PUBLIC_URL)
    : listenUrl(env.HOST, env.PORT);
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    jwtSecret: env.JWT_SECRET,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadQuotaBytes: env.UPLOAD_QUOTA_BYTES,
    archiveMaxBytes: env.ARCHIVE_MAX_BYTES,
    archiveMaxEntries: env.ARCHIVE_MAX_ENTRIES,
    archiveMaxRatio: env.ARCHIVE_MAX_RATIO,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: env.REFRESH_TOKEN_TTL_SECONDS,
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    loginFailureLimit: env.LOGIN_FAILURE_LIMIT,
    loginSlowdownSeconds: env.LOGIN_SLOWDOWN_SECONDS,
    registerRateLimit: env.REGISTER_RATE_LIMIT,
    refreshRateLimit: env.REFRESH_RATE_LIMIT,
    contactRateLimit: env.CONTACT_RATE_LIMIT,
    exportConcurrency: env.EXPORT_CONCURRENCY,
    pgliteQueueLimit: env.PGLITE_QUEUE_LIMIT,
    adminUsername: env.ADMIN_USERNAME,
    adminPassword: env.ADMIN_PASSWORD,
    webDistDir: env.WEB_DIST_DIR,
    trustProxy:
      env.TRUST_PROXY === 'false'
        ? false
        : env.TRUST_PROXY === 'true'
          ? 1
          : Number(env.TRUST_PROXY),
    publicUrl,
    hsts: env.HSTS === 'auto' ? publicUrl.startsWith('https:') : env.HSTS === 'true',
    demoData: env.DEMO_DATA,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailRetryDelaySeconds: env.MAIL_RETRY_DELAY_SECONDS,
    noticeDailyCron: env.NOTICE_DAILY_CRON,
    noticeWeeklyCron: env.NOTICE_WEEKLY_CRON,
    staff2fa: env.STAFF_2FA,
    mapTiles: mapTilesOf(env.MAP_TILES_URL, env.MAP_TILES_ATTRIBUTION),
  };
}
