import type { MessageSender } from './message-sender';

/** The subset of `fetch` the SMS gateway call needs; tests pass a recorder. */
export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ ok: boolean; status: number }>;

/**
 * An SMS provider adapter. Indian SMS gateways each have their own API (and DLT template rules); rather than tie
 * the product to one, the portal posts `{to, message}` as JSON to `SMS_WEBHOOK_URL` (bearer `SMS_WEBHOOK_TOKEN`),
 * and a small relay or the provider's own webhook endpoint delivers it. Another provider is another `SmsSender`.
 */
export type SmsSender = MessageSender;

export interface SmsWebhookOptions {
  url: string;
  token?: string | undefined;
  fetch?: FetchLike;
}

/** A mobile number in E.164, as gateways expect: '+91' and the 10 national digits. */
export function toE164India(mobile: string): string {
  return `+91${mobile}`;
}

export function createSmsWebhookSender({ url, token, fetch: fetchImpl = globalThis.fetch }: SmsWebhookOptions): SmsSender {
  return {
    async send(message) {
      if (message.channel !== 'sms') throw new Error('The SMS sender sends text messages only');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: toE164India(message.recipient), message: message.body, purpose: message.purpose }),
      });
      // The status only: a gateway's error body may echo the message, and with it the passcode.
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
