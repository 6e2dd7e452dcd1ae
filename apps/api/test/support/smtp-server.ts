import { SMTPServer } from 'smtp-server';
import { freePort } from '../../src/lib/free-port.js';
import { parseEml, partOfType } from '../../src/mail/eml.js';
import { eventually } from './eventually.js';

export interface ReceivedEmail {
  /** RCPT TO: who the server was asked to deliver to. */
  recipients: string[];
  /** MAIL FROM: the envelope's sender. */
  mailFrom: string;
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  raw: string;
}

/**
 * A real SMTP server (the `smtp-server` package) on a port of the test's own, keeping what it
 * receives. `port` lets a test pick the port before anything listens there (a server that is
 * down, then comes up).
 */
export async function startSmtpServer(port?: number) {
  const at = port ?? (await freePort());
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          recipients: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          ...parseEml(raw),
          html: partOfType(raw, 'text/html'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at, '127.0.0.1', () => resolve());
  });
  return {
    port: at,
    url: `smtp://127.0.0.1:${at}`,
    received,
    /** Waits until `count` e-mails matching `match` arrived; returns them. */
    async waitFor(match: (email: ReceivedEmail) => boolean, count = 1, timeoutMs = 15_000) {
      return eventually(
        () => {
          const found = received.filter(match);
          if (found.length >= count) return found;
          throw new Error(
            `${count} e-mail(s) awaited; received: ${JSON.stringify(received.map((e) => [e.recipients, e.subject]))}`,
          );
        },
        { timeout: timeoutMs },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
