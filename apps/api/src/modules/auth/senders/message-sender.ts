/**
 * One way out for everything the portal tells a person: sign-in passcodes, password-reset links and saved-search
 * notices (issue 4: 'the same sender'). Callers say what and to whom; the configured transports decide how
 * (create-message-sender.ts picks them). This file holds only the shapes the transports share, so they and the
 * factory import it, never each other.
 */

export type MessageChannel = 'email' | 'sms';
/** What a message is for; the dev outbox filters on it. */
// 'account-notice': the provider suspended or reinstated a broker, or blocked a user (issue 14).
export type MessagePurpose = 'otp' | 'password-reset' | 'saved-search' | 'account-notice';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An e-mail address, or a 10-digit Indian mobile number for sms. */
  recipient: string;
  /** E-mail only; an SMS has none. */
  subject: string | null;
  body: string;
  purpose: MessagePurpose;
}

export interface MessageSender {
  /** Resolves once the message is handed over (stored, accepted by SMTP or by the SMS gateway); rejects otherwise. */
  send(message: OutgoingMessage): Promise<void>;
}

/** Passcodes go through the same interface; the name says what the sign-in code depends on. */
export type OtpSender = MessageSender;

/** The part of a logger the senders use; Fastify's and pino's loggers fit. Never handed a message body. */
export interface SenderLog {
  info(details: Record<string, unknown>, message: string): void;
}

/** 'a***@example.com', '98******45': enough to tell two log lines apart, not enough to contact anyone. */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}***${recipient.slice(at)}`;
  if (recipient.length <= 4) return '*'.repeat(recipient.length);
  return `${recipient.slice(0, 2)}${'*'.repeat(recipient.length - 4)}${recipient.slice(-2)}`;
}
