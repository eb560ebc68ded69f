import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The opened, migrated database; closed when the app closes. */
    database: Database;
    /** Shortcut to `database.db`, the Drizzle query API. */
    db: Db;
  }
}

export const dbPlugin = fp(
  (app: FastifyInstance, options: { database: Database }) => {
    app.decorate('database', options.database);
    app.decorate('db', options.database.db);
    app.addHook('onClose', async () => {
      await options.database.close();
    });
  },
  { name: 'db' },
);
