import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** `two_factor`: the challenge of a login whose password was right, waiting for a code. */
export type TokenType = 'access' | 'refresh' | 'two_factor';

export interface TokenClaims {
  /** User id. */
  sub: number;
  typ: TokenType;
  /** Token id: the refresh_tokens row of a refresh token. */
  jti: string;
  /** Refresh tokens only: the login the token belongs to. */
  fam?: string;
  /**
   * Access tokens and challenges: the user's token generation when it was signed (0 when the
   * claim is absent, as in tokens signed before generations existed).
   */
  gen: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'bagysh';

/** Signs a JWT of the given type for `userId`. */
export async function signToken(
  secret: string,
  claims: { sub: number; typ: TokenType; jti?: string; fam?: string; gen?: number },
  ttlSeconds: number,
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const jti = claims.jti ?? randomUUID();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  const token = await new SignJWT({
    typ: claims.typ,
    ...(claims.fam ? { fam: claims.fam } : {}),
    ...(claims.gen !== undefined ? { gen: claims.gen } : {}),
  })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.sub))
    .setJti(jti)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(secret));
  return { token, jti, expiresAt };
}

/**
 * The claims of a valid, unexpired token of the expected type, or null for
 * anything else (forged, expired, wrong type, malformed).
 */
export async function verifyToken(
  secret: string,
  token: string,
  expected: TokenType,
): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
    });
    const sub = Number(payload.sub);
    const gen = payload.gen ?? 0;
    if (
      payload.typ !== expected ||
      !Number.isInteger(sub) ||
      typeof payload.jti !== 'string' ||
      !Number.isInteger(gen)
    ) {
      return null;
    }
    const fam = typeof payload.fam === 'string' ? payload.fam : undefined;
    return { sub, typ: expected, jti: payload.jti, fam, gen: gen as number };
  } catch {
    return null;
  }
}

/**
 * A secret for a link (32 random bytes, base64url) and its SHA-256, which is all the database
 * keeps: one-time account links, calendar feed links (docs/security.md, One-time links).
 */
export function newLinkSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkSecret(token) };
}

/** The SHA-256 (hex) a link's secret is stored and looked up by. */
export function hashLinkSecret(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
