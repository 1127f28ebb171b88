import type { Db } from '@nivaas/db';
import type { Config } from '../../../config';
import type { MessageSender, SenderLog } from './message-sender';
import { createOutboxSender } from './outbox-sender';
import { createSmsWebhookSender, type FetchLike } from './sms-sender';
import { createSmtpSender } from './smtp-sender';

export interface MessageSenderOptions {
  log?: SenderLog;
  /** The SMS gateway call; tests pass a fake so nothing leaves the machine. */
  fetch?: FetchLike;
}

/**
 * The sender the config asks for. E-mail: SMTP when `OTP_SENDER=smtp`, else the outbox table. SMS: the webhook
 * gateway when `SMS_WEBHOOK_URL` is set, else the outbox table. The outbox is readable at the dev-only
 * GET /api/dev/outbox, so local sign-in works with no mail server.
 */
export function createMessageSender(
  config: Pick<Config, 'otpSender' | 'smtpUrl' | 'mailFrom' | 'smsWebhookUrl' | 'smsWebhookToken' | 'nodeEnv'>,
  db: Db,
  { log, fetch }: MessageSenderOptions = {},
): MessageSender {
  const outbox = createOutboxSender(db, { log, production: config.nodeEnv === 'production' });
  const email = config.otpSender === 'smtp' && config.smtpUrl ? createSmtpSender({ url: config.smtpUrl, from: config.mailFrom }) : outbox;
  const sms = config.smsWebhookUrl
    ? createSmsWebhookSender({ url: config.smsWebhookUrl, token: config.smsWebhookToken, ...(fetch ? { fetch } : {}) })
    : outbox;
  return {
    send: (message) => (message.channel === 'email' ? email : sms).send(message),
  };
}
