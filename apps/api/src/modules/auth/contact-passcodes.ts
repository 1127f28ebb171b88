import type { Identity } from '@nivaas/contracts/auth.schema';
import { OTP_RESEND_COOLDOWN_MS, OTP_TTL_MS, type OtpService } from './otp.service';
import type { BackgroundDeliveries } from './senders/background-delivery';
import type { OutgoingMessage } from './senders/message-sender';

export interface ContactPasscodesOptions {
  /** The sign-in passcodes' service: the same store, key, cooldown and limits. */
  otp: OtpService;
  /** The messages' way out, shared with sign-in. */
  deliveries: BackgroundDeliveries;
}

export interface ContactPasscodes {
  /**
   * Sends a passcode to a phone or e-mail a signed-in user is adding to their profile. Sent whoever holds the
   * contact, so the answer says nothing about other accounts; the same cooldown and hourly limits as sign-in
   * codes (429). Resolves once the code is stored; the message leaves after the answer.
   */
  send(userId: number, contact: Identity, ip: string | null): Promise<{ resendAfterSeconds: number }>;
  /** Whether `code` is the newest code sent for `userId` to `contact`; a true answer uses it up. */
  verify(userId: number, contact: Identity, code: string): Promise<boolean>;
  /** Resolves when every message sent so far has been handed over (the app's close). */
  settled(): Promise<void>;
}

function contactMessage(contact: Identity, code: string): OutgoingMessage {
  const minutes = OTP_TTL_MS / 60_000;
  if (contact.channel === 'phone') {
    return {
      channel: 'sms',
      recipient: contact.value,
      subject: null,
      body: `${code} is your Nivaas code to add this number to a profile. It expires in ${minutes} minutes. If you did not ask for it, ignore this message.`,
      purpose: 'otp',
    };
  }
  return {
    channel: 'email',
    recipient: contact.value,
    subject: 'Confirm your e-mail address for Nivaas',
    body: `Your Nivaas code to add this e-mail address to a profile is ${code}. It expires in ${minutes} minutes.\n\nIf you did not ask for it, ignore this e-mail: nothing changes without the code.`,
    purpose: 'otp',
  };
}

/**
 * Proof that a user owns a contact they add to their profile (issue 10 'a contact already used by another account
 * is proved by passcode instead of answered with 409'). The same passcode rules and store as sign-in, under their
 * own subject ('user-contact') and bound to the user, so a sign-in code never proves a contact nor the reverse.
 */
export function createContactPasscodes({ otp, deliveries }: ContactPasscodesOptions): ContactPasscodes {
  return {
    async send(userId, contact, ip) {
      const { code } = await otp.issue('user-contact', contact, ip, userId);
      deliveries.dispatch(contactMessage(contact, code));
      return { resendAfterSeconds: OTP_RESEND_COOLDOWN_MS / 1000 };
    },
    verify: (userId, contact, code) => otp.verify('user-contact', contact, code, userId),
    settled: () => deliveries.settled(),
  };
}
