import {
  type BrokerAccount,
  type BrokerRegisterRequest,
  type Identity,
  LOGOUT_MESSAGE,
  type MeResponse,
  parseIdentity,
  type Principal,
  type PrincipalKind,
  type StaffAccount,
  type UserAccount,
} from '@nivaas/contracts/auth.schema';
import { DomainError } from '../../lib/domain-error';
import { toBrokerAccount, toStaffAccount, toUserAccount } from './accounts.mapper';
import type { AccountsRepository } from './accounts.repository';
import type { OtpService } from './otp.service';
import { OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS } from './otp.service';
import { decoyPasswordHash, hashOpaqueToken, hashPassword, newOpaqueToken, verifyPassword } from './secrets';
import type { BackgroundDeliveries } from './senders/background-delivery';
import type { OutgoingMessage } from './senders/message-sender';
import type { IssuedRefresh, SessionsService } from './sessions.service';
import { type AccessGrant, type AccessTokenKey, signAccessToken } from '../../lib/auth/tokens';

export const OTP_SENT_MESSAGE = 'OTP sent successfully';
export const OTP_RESENT_MESSAGE = 'OTP resent successfully';
export const SIGNED_IN_MESSAGE = 'Logged in successfully!';
export const INVALID_OTP_MESSAGE = 'Invalid or expired OTP. Please check the code or ask for a new one.';
export const BROKER_REGISTERED_MESSAGE = 'Registration successful! Your profile is waiting for approval.';
export const BAD_CREDENTIALS_MESSAGE = 'Invalid e-mail or password';
export const RESET_SENT_MESSAGE = 'If a broker account uses this e-mail, a link to reset the password has been sent to it.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Please log in with the new password.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid, already used or expired. Please ask for a new one.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
/** A reset link works for 30 minutes, once (issue 4 'single-use, expiring reset link'). */
export const PASSWORD_RESET_TTL_MS = 30 * 60_000;

export interface SignedIn<TAccount> {
  account: TAccount;
  accessToken: string;
  refresh: IssuedRefresh;
}

export interface AuthServiceOptions {
  accounts: AccountsRepository;
  otp: OtpService;
  sessions: SessionsService;
  /** Passcodes and reset links leave through it after the answer (senders/background-delivery.ts). */
  deliveries: Pick<BackgroundDeliveries, 'dispatch'>;
  key: AccessTokenKey;
  clock: () => Date;
}

/** What a passcode message says; the code appears once, so a reader (or a test) can pick it out. */
function passcodeMessage(identity: Identity, code: string): OutgoingMessage {
  const minutes = OTP_TTL_MS / 60_000;
  if (identity.channel === 'phone') {
    return {
      channel: 'sms',
      recipient: identity.value,
      subject: null,
      body: `${code} is your Nivaas sign-in code. It expires in ${minutes} minutes. Never share it with anyone.`,
      purpose: 'otp',
    };
  }
  return {
    channel: 'email',
    recipient: identity.value,
    subject: 'Your Nivaas sign-in code',
    body: `Your Nivaas sign-in code is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.`,
    purpose: 'otp',
  };
}

function passwordResetMessage(email: string, link: string): OutgoingMessage {
  return {
    channel: 'email',
    recipient: email,
    subject: 'Reset your Nivaas password',
    body: `Someone (we hope you) asked to reset the password of your Nivaas broker account.\n\nOpen this link within ${PASSWORD_RESET_TTL_MS / 60_000} minutes to choose a new password (it works once):\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    purpose: 'password-reset',
  };
}

/** What a blocked user reads when they try to sign in (issue 14). */
export function userBlockedMessage(reason: string | null): string {
  return `Your account has been blocked by the Nivaas team${reason ? `: ${reason}` : ''}. Write to support@nivaas.example.com if you think this is a mistake.`;
}

function invalidOtp(): DomainError {
  return new DomainError('VALIDATION', INVALID_OTP_MESSAGE, { field: 'otp' });
}

/**
 * Sign-in for users, brokers and the provider's staff, broker accounts and sessions (issue 4). Every sign-in ends
 * the same way: a 15-minute access token for the bearer header and a refresh session for the cookie.
 */
export function createAuthService({ accounts, otp, sessions, deliveries, key, clock }: AuthServiceOptions) {
  async function signIn<TAccount>(principal: Principal, account: TAccount, userAgent: string | null): Promise<SignedIn<TAccount>> {
    const refresh = await sessions.start(principal, userAgent);
    return { account, accessToken: await signAccessToken(key, principal, refresh.familyId, clock()), refresh };
  }

  /**
   * Issues a code and delivers it when `deliver` says the identity has an account of this kind. The answer is the
   * same either way: 200-or-201, the same message, the same cooldown, and the same time, since the delivery itself
   * happens after the answer.
   */
  async function sendPasscode(kind: PrincipalKind, identity: Identity, ip: string | null, deliver: boolean) {
    const { code, resend } = await otp.issue(kind, identity, ip);
    if (deliver) deliveries.dispatch(passcodeMessage(identity, code));
    return { resend, message: resend ? OTP_RESENT_MESSAGE : OTP_SENT_MESSAGE, resendAfterSeconds: OTP_RESEND_COOLDOWN_MS / 1000 };
  }

  /** Whether the identity the client names (spec §7 refresh `email`) is this account's phone or e-mail. */
  async function identityMatches(principal: Principal, text: string): Promise<boolean> {
    const identity = parseIdentity(text);
    if (identity === null) return false;
    const account =
      principal.kind === 'user'
        ? await accounts.findUser(principal.id)
        : principal.kind === 'broker'
          ? await accounts.findBroker(principal.id)
          : await accounts.findStaff(principal.id);
    if (!account) return false;
    const held = identity.channel === 'phone' ? ('phone' in account ? account.phone : null) : account.email;
    return held !== null && held.toLowerCase() === identity.value;
  }

  return {
    // Users ----------------------------------------------------------------------------------------------------

    /** Anyone may ask: the first verified code creates the account. */
    sendUserOtp(identity: Identity, ip: string | null) {
      return sendPasscode('user', identity, ip, true);
    },

    async verifyUserOtp(identity: Identity, code: string, userAgent: string | null): Promise<SignedIn<UserAccount>> {
      if (!(await otp.verify('user', identity, code))) throw invalidOtp();
      const { user } = await accounts.findOrCreateUser(identity.channel, identity.value, clock());
      // Issue 14: told only after the code proved the contact, so nobody learns from the phone alone that it is blocked.
      const block = await accounts.userBlock(user.id);
      if (block) throw new DomainError('FORBIDDEN', userBlockedMessage(block.reason));
      return signIn({ kind: 'user', id: user.id }, toUserAccount(user), userAgent);
    },

    // Brokers --------------------------------------------------------------------------------------------------

    /** Registration signs the new broker in: the next page is the pending page (spec §2 /leads, issue 4 e2e). */
    async registerBroker(input: BrokerRegisterRequest, userAgent: string | null): Promise<SignedIn<BrokerAccount>> {
      const taken = await accounts.brokerContactTaken(input);
      if (taken) throw duplicateContact(taken);
      if (!(await accounts.cityExists(input.cityId))) throw new DomainError('VALIDATION', 'Choose a city from the list', { field: 'cityId' });
      const { password, ...fields } = input;
      const passwordHash = password === undefined ? null : await hashPassword(password);
      const created = await accounts.insertBroker({ ...fields, passwordHash, createdAt: clock() });
      if (typeof created === 'string') throw duplicateContact(created);
      return signIn({ kind: 'broker', id: created.id }, toBrokerAccount(created), userAgent);
    },

    /** One answer for an unknown e-mail, a passcode-only broker and a wrong password, after the same work. */
    async loginBroker(email: string, password: string, userAgent: string | null): Promise<SignedIn<BrokerAccount>> {
      const credentials = await accounts.findBrokerCredentials(email);
      const matches = await verifyPassword(password, credentials?.passwordHash ?? (await decoyPasswordHash()));
      const broker = matches && credentials ? await accounts.findBroker(credentials.id) : undefined;
      if (!broker) throw new DomainError('UNAUTHORIZED', BAD_CREDENTIALS_MESSAGE);
      return signIn({ kind: 'broker', id: broker.id }, toBrokerAccount(broker), userAgent);
    },

    /** Existing brokers only; an unknown identity gets the same answer and no message. */
    async sendBrokerOtp(identity: Identity, ip: string | null) {
      const broker = await accounts.findBrokerByIdentity(identity.channel, identity.value);
      return sendPasscode('broker', identity, ip, broker !== undefined);
    },

    async verifyBrokerOtp(identity: Identity, code: string, userAgent: string | null): Promise<SignedIn<BrokerAccount>> {
      if (!(await otp.verify('broker', identity, code))) throw invalidOtp();
      const broker = await accounts.findBrokerByIdentity(identity.channel, identity.value);
      if (!broker) throw invalidOtp();
      return signIn({ kind: 'broker', id: broker.id }, toBrokerAccount(broker), userAgent);
    },

    /**
     * Always the same answer, after the same work (issue 10: a known e-mail took 10.9 ms, an unknown one 5.0 ms).
     * Whoever asks, a token is made and hashed, the message is written, and the same two statements run in one
     * transaction, each writing the same number of rows (the reset row of an unknown e-mail names no broker).
     * Only a known broker's message is then dispatched, and it leaves after the answer. For a known broker: a
     * single-use link valid 30 minutes, replacing earlier links; the token is stored hashed and travels only in
     * the message.
     */
    async forgotPassword(email: string, origin: string): Promise<string> {
      const now = clock();
      const token = newOpaqueToken();
      const reset = { tokenHash: hashOpaqueToken(token), expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS), createdAt: now };
      const message = passwordResetMessage(email, `${origin}/reset-password?token=${token}`);
      const known = await accounts.transaction(async (tx) => {
        await tx.retirePasswordResetsFor(email, now);
        return tx.insertPasswordResetFor(email, reset);
      });
      if (known) deliveries.dispatch(message);
      return RESET_SENT_MESSAGE;
    },

    /** Sets the new password and ends every session of the broker: whoever had the old password is signed out. */
    async resetPassword(token: string, password: string): Promise<string> {
      const now = clock();
      const passwordHash = await hashPassword(password);
      const brokerId = await accounts.transaction(async (tx) => {
        const id = await tx.takePasswordReset(hashOpaqueToken(token), now);
        if (id !== null) await tx.setBrokerPassword(id, passwordHash, now);
        return id;
      });
      if (brokerId === null) throw new DomainError('VALIDATION', INVALID_RESET_MESSAGE, { field: 'token' });
      await sessions.endAll({ kind: 'broker', id: brokerId });
      return PASSWORD_RESET_MESSAGE;
    },

    // Provider staff -------------------------------------------------------------------------------------------

    async sendProviderOtp(email: string, ip: string | null) {
      const staff = await accounts.findStaffByEmail(email);
      return sendPasscode('provider', { channel: 'email', value: email }, ip, staff !== undefined);
    },

    async verifyProviderOtp(email: string, code: string, userAgent: string | null): Promise<SignedIn<StaffAccount>> {
      if (!(await otp.verify('provider', { channel: 'email', value: email }, code))) throw invalidOtp();
      const staff = await accounts.findStaffByEmail(email);
      if (!staff) throw invalidOtp();
      return signIn({ kind: 'provider', id: staff.id }, toStaffAccount(staff), userAgent);
    },

    // Sessions -------------------------------------------------------------------------------------------------

    /**
     * spec §7 refresh-token, answered only against a live refresh cookie of `role` whose account holds the
     * identity the client names: knowing an e-mail is never enough (issue 4).
     */
    async refresh(rawToken: string | undefined, role: PrincipalKind, identityText: string, userAgent: string | null) {
      if (!rawToken) throw new DomainError('UNAUTHORIZED', SESSION_ENDED_MESSAGE);
      const rotated = await sessions.rotate(rawToken, role, (principal) => identityMatches(principal, identityText), userAgent);
      if (!rotated) throw new DomainError('UNAUTHORIZED', SESSION_ENDED_MESSAGE);
      return { accessToken: await signAccessToken(key, rotated.principal, rotated.refresh.familyId, clock()), refresh: rotated.refresh };
    },

    /** Ends the sign-in of the cookie and of the caller's access token (either may be missing); always the same answer. */
    async logout(rawToken: string | undefined, role: PrincipalKind, bearer: AccessGrant | null): Promise<string> {
      await sessions.end(rawToken, role, bearer);
      return LOGOUT_MESSAGE;
    },

    /** The caller's current record; an account deleted since the token was signed is a 401. */
    async me(principal: Principal): Promise<MeResponse['account']> {
      if (principal.kind === 'user') {
        const user = await accounts.findUser(principal.id);
        if (user) return { kind: 'user', ...toUserAccount(user) };
      } else if (principal.kind === 'broker') {
        const broker = await accounts.findBroker(principal.id);
        if (broker) return { kind: 'broker', ...toBrokerAccount(broker) };
      } else {
        const staff = await accounts.findStaff(principal.id);
        if (staff) return { kind: 'provider', ...toStaffAccount(staff) };
      }
      throw new DomainError('UNAUTHORIZED', SESSION_ENDED_MESSAGE);
    },

    /** A user's or broker's stored name, phone and e-mail (the chat's card Contact fills a lead with them), or null. */
    async contactOf(account: { kind: 'user' | 'broker'; id: number }): Promise<{ name: string | null; phone: string | null; email: string | null } | null> {
      const row = account.kind === 'user' ? await accounts.findUser(account.id) : await accounts.findBroker(account.id);
      return row ? { name: row.name, phone: row.phone, email: row.email } : null;
    },
  };
}

function duplicateContact(field: 'email' | 'phone'): DomainError {
  return new DomainError(
    'CONFLICT',
    field === 'email' ? 'A broker account with this e-mail already exists' : 'A broker account with this phone number already exists',
    { field },
  );
}

export type AuthService = ReturnType<typeof createAuthService>;
