import nodemailer, { type Transporter } from 'nodemailer';
import type { MessageSender } from './message-sender';

export interface SmtpSenderOptions {
  /** smtp:// or smtps:// with credentials, e.g. smtps://user:pass@smtp.example.com:465. */
  url?: string;
  from: string;
  /** A ready transport instead of `url` (tests use nodemailer's JSON transport: nothing leaves the machine). */
  transport?: Transporter;
}

/** E-mail through any SMTP server (nodemailer). SMS messages never reach it: message-sender.ts routes them. */
export function createSmtpSender({ url, from, transport }: SmtpSenderOptions): MessageSender {
  const transporter = transport ?? nodemailer.createTransport(url);
  return {
    async send(message) {
      if (message.channel !== 'email') throw new Error('The SMTP sender sends e-mail only');
      await transporter.sendMail({ from, to: message.recipient, subject: message.subject ?? 'Nivaas', text: message.body });
    },
  };
}
