import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoutes } from './gedcom-export.routes';
import { importRoutes } from './gedcom-import.routes';
import { GedcomPreviews } from './gedcom-previews.service';
import { GedcomJobs } from './gedcom.service';

/** Large trees make large files: 1M persons are about 100 MB of GEDCOM. Staff only. */
const GEDCOM_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/**
 * GEDCOM import (moderators and admins, background job: a preview first, then add to the tree,
 * or replace it — admins only; gedcom-import.routes.ts) and export (members; living persons
 * filtered; gedcom-export.routes.ts).
 */
export const gedcomRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobs = new GedcomJobs(app.database, app.config, app.log);
  const previews = new GedcomPreviews(app.database, jobs, app.config, app.log);
  await jobs.start();
  await previews.start();
  // Stops taking jobs; a running import goes back to the queue (see GedcomJobs).
  app.addHook('onClose', async () => {
    previews.stop();
    await jobs.stopAll();
  });
  await app.register(multipart, { limits: { fileSize: GEDCOM_MAX_BYTES, files: 1 } });
  importRoutes(app, jobs, previews);
  exportRoutes(app);
};
