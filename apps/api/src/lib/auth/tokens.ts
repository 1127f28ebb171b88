import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Principal, PrincipalSchema } from '@nivaas/contracts/auth.schema';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens (issue 4 'Tokens and sessions'): HS256 JWTs that live 15 minutes and say only who the bearer is
 * (`sub` = account id, `kind` = user, broker or provider) and which sign-in they belong to (`sid` = the refresh
 * family, a random UUID). Nothing personal travels in them: a token copied into a log or a bug report names an
 * account number, not a person. The family lets a logout or a password reset refuse the token at once (issue 10;
 * session-revocations.ts) instead of leaving it 15 minutes to live.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ACCESS_TOKEN_ISSUER = 'nivaas-api';
export const ACCESS_TOKEN_AUDIENCE = 'nivaas-portal';
/** The one algorithm accepted: `alg: none`, RS256-with-our-secret-as-public-key and the rest are refused outright. */
const ALGORITHM = 'HS256';
/** A real token is ~200 characters; anything far larger is garbage and not worth parsing. */
const MAX_TOKEN_LENGTH = 2048;

export type AccessTokenKey = Uint8Array;

const SECRET_FILE = path.join('secrets', 'jwt-secret');
const keysByFile = new Map<string, AccessTokenKey>();

/**
 * The signing key: `JWT_SECRET` when set (always in production, where config.ts requires it); otherwise one
 * generated once with a secure generator and kept in `<DATA_DIR>/secrets/jwt-secret` (mode 600), so restarting
 * the dev server keeps everyone signed in and every test app (which gets its own DATA_DIR) has its own key.
 */
export function accessTokenKey(config: { jwtSecret?: string | undefined; dataDir: string }): AccessTokenKey {
  if (config.jwtSecret !== undefined) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, SECRET_FILE);
  const known = keysByFile.get(file);
  if (known) return known;
  const key = new TextEncoder().encode(readOrCreateSecret(file));
  keysByFile.set(file, key);
  return key;
}

function readOrCreateSecret(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    // 'wx' fails if another process created it first; then that process's secret is the one to use.
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // The umask may have widened the mode of a file created earlier by hand; a key must be readable by us alone.
  chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds fewer than 32 characters; delete it to have a new key generated`);
  return secret;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A refresh family id as sessions.service.ts makes them (randomUUID). */
const SESSION_FAMILY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a verified token says: who, and which sign-in (refresh family) the token was issued for. */
export interface AccessGrant {
  principal: Principal;
  sessionFamily: string;
}

export async function signAccessToken(key: AccessTokenKey, principal: Principal, sessionFamily: string, now: Date = new Date()): Promise<string> {
  if (!SESSION_FAMILY.test(sessionFamily)) throw new Error('an access token needs the UUID of the refresh family it belongs to');
  const issuedAt = seconds(now);
  return new SignJWT({ kind: principal.kind, sid: sessionFamily })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(principal.id))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(key);
}

/**
 * The principal and sign-in a token names, or null for anything that is not a token we signed, unexpired, for this
 * audience: malformed, forged, re-signed with another key or algorithm, expired, or carrying a kind, subject or
 * family we never issue. Whether the family has ended since is not checked here (session-revocations.ts).
 */
export async function verifyAccessToken(key: AccessTokenKey, token: string, now: Date = new Date()): Promise<AccessGrant | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
    });
    if (typeof payload.sub !== 'string' || !/^[1-9]\d{0,9}$/.test(payload.sub)) return null;
    // A token without a family could never be revoked, so there is no such thing as a valid one.
    if (typeof payload.sid !== 'string' || !SESSION_FAMILY.test(payload.sid)) return null;
    const principal = PrincipalSchema.safeParse({ kind: payload.kind, id: Number(payload.sub) });
    return principal.success ? { principal: principal.data, sessionFamily: payload.sid } : null;
  } catch {
    // Every failure (jose's JWSInvalid, JWTExpired, JWSSignatureVerificationFailed... or a decoding TypeError on
    // garbage) means the same thing to a caller: this request carries no identity.
    return null;
  }
}
