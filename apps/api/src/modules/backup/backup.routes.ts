import { createHmac, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasRole } from '@bagysh/shared';
import { errorMessages, HttpError } from '../../lib/http-errors';
import { LocalFileStorage } from '../../files/storage/local-storage';
import { prepareBackup, workDirOf } from '../../backup/backup.service';

/** How long a signed backup request stays valid. */
const SIGNATURE_TTL_SECONDS = 5 * 60;
export const BACKUP_SIGNATURE_HEADER = 'x-backup-signature';

function sign(secret: string, expires: number): string {
  return createHmac('sha256', secret).update(`backup:${expires}`).digest('base64url');
}

/**
 * `<expires>.<HMAC>` for the `x-backup-signature` header: the CLI's proof that it can
 * read the site's JWT secret (DATA_DIR/jwt-secret or JWT_SECRET), which already
 * allows signing any token, so it grants nothing new.
 */
export function signBackupRequest(secret: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + SIGNATURE_TTL_SECONDS;
  return `${expires}.${sign(secret, expires)}`;
}

function verifyBackupRequest(secret: string, header: string, now = Date.now()): boolean {
  const [expiresText, signature] = header.split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || !signature) return false;
  const nowSeconds = now / 1000;
  if (expires <= nowSeconds || expires > nowSeconds + SIGNATURE_TTL_SECONDS + 60) return false;
  const given = Buffer.from(signature);
  const expected = Buffer.from(sign(secret, expires));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /api/backup/`: a consistent archive of the database and uploaded files, for an
 * admin or for `npm run backup` (the only way to back up a running PGlite site,
 * whose database no second process may open).
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.jwtSecret;
  if (!secret) throw new Error('backupRoutes needs config.jwtSecret');
  const dataDir = app.config.dataDir;

  app.get(
    '/backup/',
    {
      schema: {
        tags: ['backup'],
        summary: 'A consistent backup archive (gzipped tar) of the database and uploaded files',
        description:
          'Admins only, or a request signed with the site secret (npm run backup). Restore with npm run restore.',
      },
    },
    async (request, reply) => {
      const signature = request.headers[BACKUP_SIGNATURE_HEADER];
      const signed = typeof signature === 'string' && verifyBackupRequest(secret, signature);
      if (!signed) {
        if (!request.user) throw new HttpError(401, errorMessages.unauthorized);
        if (!hasRole(request.user.role, 'admin')) throw new HttpError(403, errorMessages.forbidden);
      }
      const { manifest, archive } = await prepareBackup({
        database: app.database,
        storage: new LocalFileStorage(join(dataDir, 'files')),
        workDir: workDirOf(dataDir),
      });
      request.log.info(
        { tables: manifest.tables.length, files: manifest.files.length },
        'backup taken',
      );
      if (manifest.missingFiles.length > 0) {
        request.log.warn(
          { missingFiles: manifest.missingFiles },
          'backup taken without uploaded files that the database names but DATA_DIR/files lacks',
        );
      }
      const stamp = manifest.createdAt.replace(/[:.]/g, '-');
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="bagysh-backup-${stamp}.tar.gz"`)
        .header('cache-control', 'no-store')
        .header('x-backup-missing-files', String(manifest.missingFiles.length))
        .send(archive);
    },
  );
};
