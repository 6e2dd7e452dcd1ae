import nodemailer from 'nodemailer';
import { writeOutboxFile } from './outbox.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message (or it is in the outbox); rejects otherwise. */
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * A mail server that does not answer must not hold a job for minutes (nodemailer waits up to two
 * minutes to connect and ten for a silent socket by default): it fails, and the job is retried.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends through `smtpUrl` (SMTP_URL); without one, nodemailer still builds each message (MIME,
 * headers, encodings) and it is written to `outboxDir` as an `.eml` file instead, so a trial
 * store shows what it would have sent.
 */
export function createMailer(settings: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  const defaults = { from: settings.from };
  if (settings.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }, defaults);
    return {
      async send(email) {
        await smtp.sendMail(email);
      },
      close: () => smtp.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true }, defaults);
  return {
    async send(email) {
      const { message } = await composer.sendMail(email);
      await writeOutboxFile(settings.outboxDir, message as Buffer);
    },
    close: () => composer.close(),
  };
}
