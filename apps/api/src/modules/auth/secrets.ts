import { createHash, createHmac, hkdfSync, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The small cryptographic pieces of sign-in, in one place so each rule is stated once: what is random, what is
 * stored instead of a secret, and how two secrets are compared.
 */

/** A 6-digit passcode from the OS's secure generator (never Math.random), leading zeros kept. */
export function newPasscode(length = 6): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** 32 random bytes, base64url: refresh tokens and password-reset tokens (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored for an opaque token. A plain SHA-256 suffices: the token has 256 bits of entropy, so nothing can
 * be guessed from its hash, and lookups stay a single indexed equality.
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A key for passcode hashes, derived from the access-token key so there is one secret to manage. */
export function derivePasscodeKey(accessTokenKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', accessTokenKey, 'nivaas', 'otp-code-hash-v1', 32));
}

/**
 * What is stored for a passcode: an HMAC under a server key, bound to who it was sent to. A million possible codes
 * would fall to a plain hash in a second; without the key, a copy of the table reveals nothing.
 */
export function hashPasscode(key: Buffer, scope: string, code: string): string {
  return createHmac('sha256', key).update(`${scope}\n${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests (different lengths are simply unequal). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

// ---------------------------------------------------------------------------------------------------------------
// Passwords: scrypt (node:crypto) with a per-password salt, stored as `scrypt$N$r$p$salt$hash`.

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number; maxmem: number }) => Promise<Buffer>;

/**
 * One of OWASP's equivalent scrypt minimums (N=2^15, r=8, p=3): the cost of N=2^17 with a quarter of its memory
 * (32 MiB per hash), since several hashes may run at once on a small server.
 */
const SCRYPT = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
const maxmemFor = (N: number, r: number) => 256 * N * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, KEY_LENGTH, { ...SCRYPT, maxmem: maxmemFor(SCRYPT.N, SCRYPT.r) });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; a malformed stored value matches nothing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    ...params,
    maxmem: maxmemFor(params.N, params.r) + 1024 * 1024,
  });
  return expected.length > 0 && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A stored value no password matches, hashed with the same cost: login checks an unknown e-mail against it, so
 * unknown e-mails and wrong passwords take the same time as well as getting the same answer.
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(newOpaqueToken());
  return decoy;
}
