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
export const OTP_SEND_WINDOW_MS = 60 * 60_000;
/** A first code and four resends an hour per phone or e-mail: enough for a person, too few to spam someone. */
export const OTP_SENDS_PER_IDENTITY = 5;

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
        if (latest) {
          const sinceLast = now.getTime() - latest.createdAt.getTime();
          if (sinceLast < OTP_RESEND_COOLDOWN_MS) {
            const wait = OTP_RESEND_COOLDOWN_MS - sinceLast;
            throw new DomainError('RATE_LIMITED', `Please wait ${waitSeconds(wait)} seconds before asking for another OTP`, {
              retryAfterSeconds: waitSeconds(wait),
            });
          }
        }
        const windowStart = new Date(now.getTime() - OTP_SEND_WINDOW_MS);
        const toIdentity = await locked.sentToIdentitySince(kind, identity.value, windowStart);
        if (toIdentity.sent >= OTP_SENDS_PER_IDENTITY) {
          const wait = (toIdentity.oldest?.getTime() ?? now.getTime()) + OTP_SEND_WINDOW_MS - now.getTime();
          throw new DomainError(
            'RATE_LIMITED',
            `Too many OTP requests for this ${identity.channel === 'phone' ? 'phone number' : 'e-mail address'}. Please try again in ${minutesWord(wait)}.`,
            { retryAfterSeconds: waitSeconds(wait) },
          );
        }
        if (ip !== null) {
          const fromIp = await locked.sentFromIpSince(ip, windowStart);
          if (fromIp.sent >= sendsPerIpPerHour) {
            const wait = (fromIp.oldest?.getTime() ?? now.getTime()) + OTP_SEND_WINDOW_MS - now.getTime();
            throw new DomainError('RATE_LIMITED', `Too many OTP requests from your network. Please try again in ${minutesWord(wait)}.`, {
              retryAfterSeconds: waitSeconds(wait),
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
