import type { Db } from '@nivaas/db';
import { schema } from '@nivaas/db';
import { maskRecipient, type MessageSender, type SenderLog } from './message-sender';

export interface OutboxSenderOptions {
  log?: SenderLog | undefined;
  /** In production the log says only that a message was stored, never what kind of secret it holds. */
  production: boolean;
}

/**
 * Keeps the message in outbox_messages instead of sending it: the default, so a fresh checkout signs in with no
 * mail server. The body (a passcode, a reset link) is never logged; the dev log line points at the outbox.
 */
export function createOutboxSender(db: Db, { log, production }: OutboxSenderOptions): MessageSender {
  return {
    async send(message) {
      const [row] = await db
        .insert(schema.outboxMessages)
        .values({
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject,
          body: message.body,
          purpose: message.purpose,
        })
        .returning({ id: schema.outboxMessages.id });
      const details = { outboxId: row?.id, channel: message.channel, purpose: message.purpose, recipient: maskRecipient(message.recipient) };
      log?.info(details, production ? 'message stored in the outbox' : 'message put in the outbox (read it at GET /api/dev/outbox)');
    },
  };
}
