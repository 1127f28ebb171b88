import { OTP_RESEND_SECONDS } from '@nivaas/contracts/auth.schema';

/** How long a sent passcode works (the API's OTP_TTL_MS); the web only uses it to decide whether to ask again. */
export const PASSCODE_LIFETIME_MS = 5 * 60_000;

/** The sign-in doors with their own passcodes: the user modal, the broker's /login, the owner's /login. */
export type PasscodeDoor = 'user' | 'broker';

interface Sent {
  at: number;
  resendAfterSeconds: number;
}

/**
 * Passcodes this page has had sent, by door and identity (issue 17 'Sign-in dead end'). A person who goes back to
 * fix a typo and presses Get OTP again for the same number within the resend countdown still has a working code:
 * the form opens the code step again with the countdown instead of asking the server, which would only answer
 * 'Please wait'. Kept in memory for the page (a closed and reopened modal remembers it), never stored.
 */
const sent = new Map<string, Sent>();
const keyOf = (door: PasscodeDoor, identity: string) => `${door}:${identity.trim().toLowerCase()}`;

export function rememberPasscodeSent(door: PasscodeDoor, identity: string, resendAfterSeconds = OTP_RESEND_SECONDS, now = Date.now()): void {
  sent.set(keyOf(door, identity), { at: now, resendAfterSeconds });
}

/**
 * Remembers a send from the moment it is asked for, so the same request made again while it is on its way is not
 * sent twice; answers the undo for a send that then failed (what was remembered before comes back).
 */
export function rememberPasscodeAsked(door: PasscodeDoor, identity: string, now = Date.now()): () => void {
  const key = keyOf(door, identity);
  const before = sent.get(key);
  sent.set(key, { at: now, resendAfterSeconds: OTP_RESEND_SECONDS });
  return () => {
    if (before) sent.set(key, before);
    else sent.delete(key);
  };
}

/** Seconds left of the resend countdown for a code this page had sent, or 0. */
export function resendSecondsLeft(door: PasscodeDoor, identity: string, now = Date.now()): number {
  const last = sent.get(keyOf(door, identity));
  if (!last) return 0;
  return Math.max(0, Math.ceil((last.at + last.resendAfterSeconds * 1000 - now) / 1000));
}

/** Whether this page had a code sent to `identity` recently enough that it still works (unless it was used). */
export function passcodeStillLive(door: PasscodeDoor, identity: string, now = Date.now()): boolean {
  const last = sent.get(keyOf(door, identity));
  return last !== undefined && now - last.at < PASSCODE_LIFETIME_MS;
}

/** A code was used (signed in): the next sign-in needs a new one. */
export function forgetPasscode(door: PasscodeDoor, identity: string): void {
  sent.delete(keyOf(door, identity));
}

/** The Retry-After seconds a refused send came with (send-otp's transformErrorResponse puts it there), if any. */
export function retryAfterOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('retryAfterSeconds' in error)) return null;
  const seconds = (error as { retryAfterSeconds: unknown }).retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}

/** Tests start from a page that has sent nothing. */
export function forgetAllPasscodes(): void {
  sent.clear();
}

/** For a send endpoint's transformErrorResponse: the refusal with its Retry-After seconds, read by retryAfterOf. */
export function withRetryAfter<E extends object>(error: E, meta: { response?: Response } | undefined): E | (E & { retryAfterSeconds: number }) {
  const retryAfter = Number(meta?.response?.headers.get('retry-after'));
  return Number.isFinite(retryAfter) && retryAfter > 0 ? { ...error, retryAfterSeconds: retryAfter } : error;
}
