import type { Identity } from '@nivaas/contracts/auth.schema';
import type { OtpSubject } from '@nivaas/db';
import { DomainError } from '../../lib/domain-error';
import type { OtpRepository } from './otp.repository';
import { hashPasscode, newPasscode, sameDigest } from './secrets';

/** Issue 4 'Sign-in by one-time passcode': the rules, each stated once. */
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
/** spec §9 'Resend countdown 30 s', enforced here too: the client's countdown is a courtesy, not a limit. */
export const OTP_RESEND_COOLDOWN_MS = 30_000;
/** The window every passcode count looks back over. */
export const OTP_SEND_WINDOW_MS = 60 * 60_000;
/**
 * Passcode limits (issue 17, docs/decisions/013-passcode-limits.md): nothing here refuses a person for an hour.
 * - One address asking for one identity: three codes 30 s apart, then each wait twice the last, up to 15 minutes
 *   (a person who lost three codes is slowed down; a script is held to about ten an hour).
 * - One identity, over every address: after five codes in the hour, each next one waits twice the last, up to
 *   5 minutes (the code's own lifetime, so whoever waits always holds a live code: the one sent last). An address
 *   that has signed in as the identity before is not held by this one: a stranger's flood cannot slow the owner.
 * - One address over every identity: OTP_SENDS_PER_IP_PER_HOUR, as before.
 */
export const OTP_STEADY_SENDS_PER_PAIR = 3;
export const OTP_PAIR_MAX_COOLDOWN_MS = 15 * 60_000;
export const OTP_STEADY_SENDS_PER_IDENTITY = 5;
export const OTP_IDENTITY_MAX_GAP_MS = OTP_TTL_MS;
/** How long a sign-in from an address makes it the identity's own (see OTP_STEADY_SENDS_PER_IDENTITY). */
export const OTP_KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** The wait before the next code from one address to one identity, after `sent` of them in the window. */
export function pairCooldownMs(sent: number): number {
  if (sent <= OTP_STEADY_SENDS_PER_PAIR) return OTP_RESEND_COOLDOWN_MS;
  return Math.min(OTP_PAIR_MAX_COOLDOWN_MS, OTP_RESEND_COOLDOWN_MS * 2 ** (sent - OTP_STEADY_SENDS_PER_PAIR));
}

/** The gap an identity's next code keeps from its last one (from any address), after `sent` in the window. */
export function identityGapMs(sent: number): number {
  if (sent < OTP_STEADY_SENDS_PER_IDENTITY) return 0;
  return Math.min(OTP_IDENTITY_MAX_GAP_MS, OTP_RESEND_COOLDOWN_MS * 2 ** (sent - OTP_STEADY_SENDS_PER_IDENTITY));
}

export interface OtpServiceOptions {
  repository: OtpRepository;
  /** The key passcode hashes are made with (secrets.ts derivePasscodeKey). */
  passcodeKey: Buffer;
  clock: () => Date;
  /** Codes one address may ask for per hour, over every identity and kind. */
  sendsPerIpPerHour: number;
}

export interface IssuedPasscode {
  code: string;
  /** An unexpired, unused code already existed for this identity, which this one replaces (spec §7: resend -> 201). */
  resend: boolean;
}

const waitSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const waitMinutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const minutesWord = (ms: number) => `${waitMinutes(ms)} minute${waitMinutes(ms) === 1 ? '' : 's'}`;
/** '25 seconds' under a minute and a half (the spec's 30 s countdown reads in seconds), else whole minutes. */
const waitWords = (ms: number) => (ms < 90_000 ? `${waitSeconds(ms)} seconds` : minutesWord(ms));

/**
 * Passcode challenges for any kind of account. What the code unlocks, and whether it is delivered at all, is the
 * caller's business: an unknown broker e-mail gets a challenge too (never delivered), so it meets the same
 * cooldown and limits and gets the same answer as a known one.
 */
export function createOtpService({ repository, passcodeKey, clock, sendsPerIpPerHour }: OtpServiceOptions) {
  /**
   * What a code's hash is bound to. `holder` ties it to one account too: a code proving a contact for user 7 does
   * nothing for user 8, even if the two asked for the same contact.
   */
  const scope = (kind: OtpSubject, identity: Identity, holder: number | undefined) =>
    `${kind}:${identity.channel}:${identity.value}${holder === undefined ? '' : `:${holder}`}`;

  return {
    /** A new code for `identity`, replacing any earlier one; 429 inside the cooldown or over a limit. */
    issue(kind: OtpSubject, identity: Identity, ip: string | null, holder?: number): Promise<IssuedPasscode> {
      const now = clock();
      return repository.withIdentityLock(kind, identity.value, async (locked) => {
        const latest = await locked.latest(kind, identity.value);
        const windowStart = new Date(now.getTime() - OTP_SEND_WINDOW_MS);
        const liveCode = latest !== undefined && latest.consumedAt === null && latest.expiresAt.getTime() > now.getTime();
        const wait = (ms: number) =>
          new DomainError(
            'RATE_LIMITED',
            `Please wait ${waitWords(ms)} before asking for another OTP${liveCode ? '. The last code we sent still works.' : ''}`,
            { retryAfterSeconds: waitSeconds(ms) },
          );

        // This address and this identity together: a stranger elsewhere never adds to the owner's count.
        const fromHere = await locked.sentToIdentitySince(kind, identity.value, windowStart, ip);
        if (fromHere.newest) {
          const left = fromHere.newest.getTime() + pairCooldownMs(fromHere.sent) - now.getTime();
          if (left > 0) throw wait(left);
        }

        // The identity over every address, so many addresses cannot flood one inbox; never for an address that has
        // signed in as it, and never longer than a code lives, so the wait never stands between the owner and a code.
        const toIdentity = await locked.sentToIdentitySince(kind, identity.value, windowStart);
        if (toIdentity.newest) {
          const left = toIdentity.newest.getTime() + identityGapMs(toIdentity.sent) - now.getTime();
          const known = ip !== null && left > 0 && (await locked.provedFrom(kind, identity.value, ip, new Date(now.getTime() - OTP_KNOWN_ADDRESS_MS)));
          if (left > 0 && !known) throw wait(left);
        }

        if (ip !== null) {
          const fromIp = await locked.sentFromIpSince(ip, windowStart);
          if (fromIp.sent >= sendsPerIpPerHour) {
            const left = (fromIp.oldest?.getTime() ?? now.getTime()) + OTP_SEND_WINDOW_MS - now.getTime();
            throw new DomainError('RATE_LIMITED', `Too many OTP requests from your network. Please try again in ${minutesWord(left)}.`, {
              retryAfterSeconds: waitSeconds(left),
            });
          }
        }

        const resend = latest !== undefined && latest.consumedAt === null && latest.expiresAt.getTime() > now.getTime();
        const code = newPasscode();
        await locked.insert({
          subjectKind: kind,
          identity: identity.value,
          channel: identity.channel,
          codeHash: hashPasscode(passcodeKey, scope(kind, identity, holder), code),
          expiresAt: new Date(now.getTime() + OTP_TTL_MS),
          requestIp: ip,
          createdAt: now,
        });
        return { code, resend };
      });
    },

    /**
     * Whether `code` is the identity's newest code, unexpired, unused and with tries left; a true answer uses it up.
     * Every call spends a try first (even a right one), so parallel guesses cannot get past five between them, and
     * of parallel right answers exactly one is true (the conditional consume).
     */
    async verify(kind: OtpSubject, identity: Identity, code: string, holder?: number): Promise<boolean> {
      const now = clock();
      const challenge = await repository.takeAttempt(kind, identity.value, now, OTP_MAX_ATTEMPTS);
      if (!challenge) return false;
      if (!sameDigest(challenge.codeHash, hashPasscode(passcodeKey, scope(kind, identity, holder), code))) return false;
      return repository.consume(challenge.id, now);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
