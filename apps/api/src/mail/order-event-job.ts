import type { OrdersService } from '../features/orders/service.js';
import type { JobContext } from '../jobs/pg-boss-queue.js';
import type { JobPayloads } from '../jobs/queue.js';
import type { Logger } from '../lib/logger.js';
import { oneAtATime } from '../lib/one-at-a-time.js';
import { codeOf, fieldOf } from '../lib/thrown.js';
import type { Mailer, OutgoingEmail } from './mailer.js';
import { type OrderEmailSettings, orderEmails } from './order-emails.js';
import type { SentEmailsRepo } from './sent-emails-repo.js';

/**
 * An SMTP claim still unconfirmed after this was left by a run that died: a live one has had its
 * answer long before (the SMTP timeouts in mailer.ts add up to under a minute).
 */
export const CLAIM_LIFETIME_MS = 2 * 60_000;

/** Another run holds the e-mail's claim and may still be sending it: look again later. */
class StillSending extends Error {}

/**
 * The `order-event` job: the e-mails a change of an order calls for, each sent once, keyed
 * `<event id>:<kind>:<recipient>` in `sent_emails` (docs/decisions/011 and 026).
 *
 * The outbox (no SMTP_URL) is written first and marked after: writing an e-mail again replaces
 * its file, so a run killed between the two writes it again on the next try: exactly once.
 *
 * A mail server cannot take a message back, so for SMTP the key is claimed first (committed at
 * once), the message sent, then the claim confirmed; anyone else (a second try, another
 * instance) finds the claim and does not send. A send that fails gives the claim back and the
 * job is retried with backoff. A run killed between claim and confirmation leaves a claim that
 * nothing confirms: the next try waits out CLAIM_LIFETIME_MS, then logs that e-mail as possibly
 * undelivered instead of sending it twice (at most once). Each process sends one SMTP message at
 * a time, so a kill leaves at most one such e-mail.
 */
export function createOrderEventJob(deps: {
  orders: Pick<OrdersService, 'eventForEmails'>;
  sentEmails: SentEmailsRepo;
  mailer: Mailer;
  settings: OrderEmailSettings;
  logger: Logger;
}) {
  const { orders, sentEmails, mailer, logger } = deps;
  const smtpTurn = oneAtATime();

  async function deliverOnce(email: OutgoingEmail, about: { eventId: string; kind: string }) {
    const claim = await sentEmails.claim(email.key);
    if (claim === 'delivered') return;
    if (claim === 'pending') {
      if (!(await sentEmails.giveUp(email.key, CLAIM_LIFETIME_MS))) throw new StillSending();
      logger.error(
        about,
        'an order e-mail was handed to the mail server by a run that ended before the server answered: it may not have been delivered, and it is not sent again',
      );
      return;
    }
    try {
      await mailer.send(email);
    } catch (error) {
      await sentEmails.release(email.key);
      throw error;
    }
    await sentEmails.confirm(email.key);
  }

  async function deliver(email: OutgoingEmail, about: { eventId: string; kind: string }) {
    if (!mailer.repeatSafe) return smtpTurn(() => deliverOnce(email, about));
    if (await sentEmails.delivered(email.key)) return;
    await mailer.send(email);
    await sentEmails.markDelivered(email.key);
  }

  return async ({ eventId }: JobPayloads['order-event'], job: JobContext): Promise<void> => {
    const found = await orders.eventForEmails(eventId);
    // Events are never deleted; a job for one that is not there was not ours to send.
    if (!found) return;
    let failures = 0;
    for (const { kind, ...email } of orderEmails(found, found.placement, deps.settings)) {
      const key = `${eventId}:${kind}:${email.to}`;
      try {
        await deliver({ ...email, key, at: found.event.at }, { eventId, kind });
      } catch (error) {
        failures += 1;
        if (error instanceof StillSending) {
          logger.warn({ eventId, kind }, 'an order e-mail is held by another run; the job looks again later');
          continue;
        }
        // No message: a mail server's refusal may quote the recipient's address.
        const code = codeOf(error);
        const responseCode = fieldOf(error, 'responseCode');
        logger[job.lastAttempt ? 'error' : 'warn'](
          { eventId, kind, code, responseCode },
          job.lastAttempt
            ? 'an order e-mail could not be sent and will not be tried again'
            : 'an order e-mail could not be sent; the job tries again later',
        );
      }
    }
    if (failures) throw new Error(`${failures} e-mail(s) of order event ${eventId} not sent`);
  };
}
