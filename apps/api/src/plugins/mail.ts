import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Mailer } from '../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail: queued in the database, delivered by SMTP or written to the outbox. */
    mail: Mailer;
  }
}

/** Starts the mail queue's worker with the app and stops it (gracefully) before the database. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const mailer = new Mailer(app.database, app.config, app.log);
    await mailer.start();
    app.decorate('mail', mailer);
    app.addHook('onClose', async () => {
      await mailer.stop();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
