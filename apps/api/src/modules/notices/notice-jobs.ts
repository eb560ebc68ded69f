import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import type { Config } from '../../env';
import type { MailMessage } from '../../mail/mail-message';
import { followersDigest, moderatorsDigest } from '../../genealogy/notices/digests';
import { dispatchNoticeMails } from '../../genealogy/notices/dispatch';

const DAILY = 'notices-moderators-daily';
const WEEKLY = 'notices-followers-weekly';
/** How often waiting notices are looked for and mailed. */
const DISPATCH_EVERY_MS = 1000;

/**
 * The notices' background work (docs/operations.md, Notices): the two digests as pg-boss
 * scheduled jobs (cron in UTC, from NOTICE_DAILY_CRON and NOTICE_WEEKLY_CRON; `off` schedules
 * none), and a loop that mails waiting notices every second. `runDaily(now)` and
 * `runWeekly(now)` run a digest at once, for tests and for the jobs themselves.
 */
export class NoticeJobs {
  private readonly boss: PgBoss;
  private timer: NodeJS.Timeout | undefined;
  private dispatching: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly mailer: { send(message: MailMessage): Promise<void> },
    private readonly log: FastifyBaseLogger,
  ) {
    const scheduled = config.noticeDailyCron !== 'off' || config.noticeWeeklyCron !== 'off';
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schedule: scheduled,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'pg-boss (notices)'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const [queue, cron, run] of [
      [DAILY, this.config.noticeDailyCron, (now: Date) => this.runDaily(now)],
      [WEEKLY, this.config.noticeWeeklyCron, (now: Date) => this.runWeekly(now)],
    ] as const) {
      await this.boss.createQueue(queue, {
        name: queue,
        retryLimit: 3,
        retryDelay: 60,
        expireInSeconds: 3600,
      });
      if (cron === 'off') await this.boss.unschedule(queue);
      else await this.boss.schedule(queue, cron, {}, { tz: 'UTC' });
      await this.boss.work(queue, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
        await run(new Date());
      });
    }
    this.timer = setInterval(() => void this.flush().catch(() => undefined), DISPATCH_EVERY_MS);
  }

  /** The moderators' daily digest as of `now`; answers how many notices it wrote. */
  async runDaily(now: Date): Promise<number> {
    const written = await moderatorsDigest(this.database.db, now);
    await this.flush();
    return written;
  }

  /** The followers' weekly digest of the seven days before `now`. */
  async runWeekly(now: Date): Promise<number> {
    const written = await followersDigest(this.database.db, now);
    await this.flush();
    return written;
  }

  /** Mails the notices that wait now (one pass at a time in this process). */
  flush(): Promise<number> {
    const next = this.dispatching.then(async () => {
      if (this.stopped) return 0;
      try {
        return await dispatchNoticeMails(this.database.db, this.mailer, {
          publicUrl: this.config.publicUrl,
          secret: this.secret(),
        });
      } catch (error) {
        this.log.warn({ err: error }, 'notice mails not queued; tried again in a second');
        throw error;
      }
    });
    this.dispatching = next.catch(() => undefined);
    return next;
  }

  secret(): string {
    if (!this.config.jwtSecret) throw new Error('notices need config.jwtSecret');
    return this.config.jwtSecret;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.dispatching;
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The digests and the notice mails (tests run a digest at once with `runWeekly(now)`). */
    notices: NoticeJobs;
  }
}

/** Starts the notices' jobs with the app and stops them before the mail queue. */
export const noticeJobsPlugin = fp(
  async (app: FastifyInstance) => {
    const jobs = new NoticeJobs(app.database, app.config, app.mail, app.log);
    await jobs.start();
    app.decorate('notices', jobs);
    app.addHook('onClose', async () => jobs.stop());
  },
  { name: 'notices', dependencies: ['db', 'mail'] },
);
