import { emailSchema } from '@store/shared';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser/index.js';
import { writeOutboxFile } from './outbox.js';

export interface OutgoingEmail {
  /** Names the e-mail: the same key is the same e-mail (`<event id>:<kind>:<recipient>`). */
  key: string;
  /** When it was called for: outbox files are named, and listed, by it. */
  at: Date;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Whether sending an e-mail again (same key) replaces it rather than sending it twice: true
   * for the outbox, false for SMTP (a message handed over twice arrives twice).
   */
  repeatSafe: boolean;
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
  const sender = senderAddress(settings.from);
  if (settings.smtpUrl) {
    const smtp = nodemailer.createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }, defaults);
    return {
      repeatSafe: false,
      async send(email) {
        await smtp.sendMail(addressed(email, sender));
      },
      close: () => smtp.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true }, defaults);
  return {
    repeatSafe: true,
    async send(email) {
      const { message } = await composer.sendMail(addressed(email, sender));
      // `buffer: true`: the message is whole, never a stream.
      if (!Buffer.isBuffer(message)) throw new Error('nodemailer did not make the message whole');
      await writeOutboxFile(settings.outboxDir, email.key, email.at, message);
    },
    close: () => composer.close(),
  };
}

/** MAIL_FROM's address (`Parts Depot <orders@…>` → `orders@…`), for the envelope. */
function senderAddress(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  if (!first?.address) throw new Error('MAIL_FROM names no e-mail address');
  return first.address;
}

/**
 * The message with its one recipient given to nodemailer as an address object, in the header
 * and in an explicit SMTP envelope: nodemailer parses a string as an address list, so
 * `a,b@x.test` would go to `b@x.test` and `<root>x@x.test` to the local `root`. The store's
 * e-mail schema refuses such addresses on the way in; one already stored, or named in a
 * setting, is refused here rather than read as someone else.
 */
function addressed(email: OutgoingEmail, sender: string) {
  // The address is never quoted: an error message may end up in a log, which carries none.
  if (!emailSchema.safeParse(email.to).success) {
    throw new Error('The recipient is not a single e-mail address: nothing was sent');
  }
  const recipient = { name: '', address: email.to.trim() };
  const { subject, text, html } = email;
  return { subject, text, html, to: recipient, envelope: { from: sender, to: [recipient] } };
}
