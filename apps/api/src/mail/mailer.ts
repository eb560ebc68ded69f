import { join } from 'node:path';
import { SITE_NAME } from '@bagysh/shared';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { Config } from '../env';
import { Sealer } from '../lib/sealing';
import type { MailMessage } from './mail-message';
import { writeToOutbox } from './outbox';

const QUEUE = 'mail';
/** Tries of one mail: with the delay doubling from 30 s, the last is about a day later. */
const RETRY_LIMIT = 12;

/** What /api/health/ says of the mail queue. */
export interface MailQueueState {
  transport: 'smtp' | 'outbox';
  /** Mails not yet handed over (waiting for their first try or for a retry). */
  waiting: number | null;
  /** Mails that were refused on every try and were given up. */
  failed: number | null;
}

interface SealedMail {
  /** AES-256-GCM: iv (12 bytes), tag (16 bytes), then the JSON of the MailMessage; base64. */
  sealed: string;
}

/**
 * Outgoing mail. `send` queues a rendered mail in pg-boss on the app's database (PGlite or
 * PostgreSQL), so a mail survives a restart and any process may deliver it; the worker hands it
 * to the SMTP server of SMTP_URL, or writes it to the outbox folder when there is none, and a
 * refusal is retried with back-off. The queue's rows hold reset and confirmation links, so each
 * mail is sealed with a key derived from the JWT secret (docs/security.md, Mail).
 */
export class Mailer {
  readonly outboxDir: string;
  readonly transport: MailQueueState['transport'];
  private readonly boss: PgBoss;
  private readonly transporter: Transporter;
  private readonly from: string;
  private readonly sealer: Sealer;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!config.jwtSecret) throw new Error('the mailer needs config.jwtSecret');
    this.outboxDir = join(config.dataDir, 'outbox');
    this.transport = config.smtpUrl ? 'smtp' : 'outbox';
    this.transporter = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.from = config.mailFrom ?? `"${SITE_NAME}" <noreply@${new URL(config.publicUrl).hostname}>`;
    this.sealer = new Sealer(config.jwtSecret, 'mail queue');
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => database.executeSql(text, values) },
      schedule: false,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'pg-boss (mail)'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(QUEUE, {
      name: QUEUE,
      retryLimit: RETRY_LIMIT,
      retryDelay: this.config.mailRetryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: 10 * 60,
    });
    await this.boss.work<SealedMail>(
      QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (job) await this.deliver(this.open(job.data));
      },
    );
    this.started = true;
  }

  /** Queues one mail; it is delivered (or written to the outbox) by a worker soon after. */
  async send(message: MailMessage): Promise<void> {
    await this.boss.send(QUEUE, this.seal(message));
  }

  async state(): Promise<MailQueueState> {
    if (!this.started) return { transport: this.transport, waiting: 0, failed: 0 };
    const rows = await this.database.executeSql(
      `select count(*) filter (where state in ('created', 'retry', 'active'))::int as waiting,
              count(*) filter (where state = 'failed')::int as failed
         from pgboss.job where name = $1`,
      [QUEUE],
    );
    const row = rows.rows[0] as { waiting: number; failed: number } | undefined;
    return { transport: this.transport, waiting: row?.waiting ?? 0, failed: row?.failed ?? 0 };
  }

  /** Takes no more mails; resolves once a delivery in progress has ended. */
  async stop(): Promise<void> {
    if (!this.started) return;
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
    this.transporter.close();
  }

  private async deliver(message: MailMessage): Promise<void> {
    const mail = {
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers ?? {},
    };
    try {
      const info = (await this.transporter.sendMail(mail)) as { message?: unknown };
      if (this.transport === 'outbox') {
        const eml = info.message;
        if (!Buffer.isBuffer(eml)) throw new Error('the stream transport built no message');
        await writeToOutbox(this.outboxDir, message, eml);
      }
    } catch (error) {
      // The address stays out of the log line: it is personal, and the job id finds it.
      this.log.warn({ err: error }, 'mail not delivered; it will be tried again');
      throw error;
    }
  }

  private seal(message: MailMessage): SealedMail {
    return { sealed: this.sealer.seal(JSON.stringify(message)) };
  }

  private open(data: SealedMail): MailMessage {
    return JSON.parse(this.sealer.open(data.sealed)) as MailMessage;
  }
}
