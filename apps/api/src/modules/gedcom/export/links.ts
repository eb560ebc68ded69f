import {
  hasRole,
  type GedcomExportDownloadQuery,
  type GedcomExportLink,
  type GedcomExportQuery,
  type Role,
} from '@bagysh/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { signLink, verifyLink } from '../../../files/signed-links';

/**
 * Signed links to the GEDCOM export (`POST /api/gedcom/export/link/`): the page navigates to
 * one and the browser's download manager streams the file to disk, where a fetch with the
 * token would hold the whole export (hundreds of MB at 1M persons) in the tab. A link names
 * the member it was made for and their role, which decides what is exported as the token
 * would; the files' signer signs it, for this purpose and these options only.
 */

/** Long enough for the browser to start the download it was made for, and not much more. */
export const EXPORT_LINK_TTL_SECONDS = 60;

export const exportLinkMessages = {
  badLink: 'Жүктөп алуу шилтемесинин мөөнөтү бүттү же ал жараксыз. Экспортту кайра баштаңыз.',
} as const;

interface LinkOwner {
  id: number;
  role: Role;
}

const purpose = (options: GedcomExportQuery, owner: LinkOwner) =>
  [
    'gedcom-export',
    owner.id,
    owner.role,
    options.version,
    options.living,
    options.private_notes,
    options.root ?? '',
  ].join(':');

/** A link to the export with `options`, as `owner` would read it, working for a minute. */
export function signExportLink(
  secret: string,
  options: GedcomExportQuery,
  owner: LinkOwner,
  now = Date.now(),
): GedcomExportLink {
  const signed = signLink(secret, purpose(options, owner), EXPORT_LINK_TTL_SECONDS, now);
  const query = new URLSearchParams({
    version: options.version,
    living: options.living,
    private_notes: options.private_notes,
    ...(options.root !== undefined && { root: String(options.root) }),
    user: String(owner.id),
    role: owner.role,
    expires: String(signed.expires),
    signature: signed.signature,
  });
  return { url: `/api/gedcom/export/?${query.toString()}`, expires_at: signed.expires_at };
}

/** Whether the query carries a link's fields (then it must be a good link). */
export function isLinkQuery(query: GedcomExportDownloadQuery): boolean {
  return [query.user, query.role, query.expires, query.signature].some((v) => v !== undefined);
}

/**
 * The role a signed export link reads with: the one it was made for, or a lower one the member
 * has been given since; null for an expired or altered link, or a member blocked or gone.
 */
export async function exportLinkRole(
  db: Db,
  secret: string,
  query: GedcomExportDownloadQuery,
): Promise<Role | null> {
  const { user, role } = query;
  if (user === undefined || role === undefined) return null;
  if (!verifyLink(secret, purpose(query, { id: user, role }), query.expires, query.signature)) {
    return null;
  }
  const [row] = await db
    .select({ role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, user));
  if (!row?.isActive) return null;
  return hasRole(row.role, role) ? role : row.role;
}
