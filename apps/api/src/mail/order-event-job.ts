import type { OrdersRepo } from '../features/orders/repo.js';
import type { JobContext } from '../jobs/pg-boss-queue.js';
import type { JobPayloads } from '../jobs/queue.js';
import type { Logger } from '../lib/logger.js';
import type { Mailer } from './mailer.js';
import { type OrderEmailSettings, orderEmails } from './order-emails.js';
import type { SentEmailsRepo } from './sent-emails-repo.js';

/**
 * The `order-event` job: the e-mails a change of an order calls for, each sent exactly once.
 *
 * Before an e-mail goes out its key (`<event id>:<kind>:<recipient>`) is claimed in
 * `sent_emails` (insert … on conflict do nothing, committed at once); whoever holds the claim
 * sends, and anyone else (a second try of the job, another instance) skips it. A send that
 * fails gives the claim back, and the job fails, to be retried with backoff: the e-mails that
 * went out stay claimed and are not sent again.
 *
 * The price of never sending twice: if the process dies between the claim and the server's
 * answer, or the claim cannot be given back (the database went away too), that one e-mail is
 * never sent (at most once). The window is the few seconds of one SMTP exchange; sending first
 * and recording afterwards would instead risk sending it twice.
 */
export function createOrderEventJob(deps: {
  orders: Pick<OrdersRepo, 'findEvent' | 'events'>;
  sentEmails: SentEmailsRepo;
  mailer: Mailer;
  settings: OrderEmailSettings;
  logger: Logger;
}) {
  const { orders, sentEmails, mailer, logger } = deps;

  return async ({ eventId }: JobPayloads['order-event'], job: JobContext): Promise<void> => {
    const found = await orders.findEvent(eventId);
    // Events are never deleted; a job for one that is not there was not ours to send.
    if (!found) return;
    const placement =
      found.event.status === 'unpaid' && (await orders.events(found.order.id))[0]?.id === eventId;
    let failures = 0;
    for (const email of orderEmails(found, placement, deps.settings)) {
      const key = `${eventId}:${email.kind}:${email.to}`;
      if (!(await sentEmails.claim(key))) continue;
      try {
        await mailer.send(email);
      } catch (error) {
        failures += 1;
        await sentEmails.release(key);
        // No message: a mail server's refusal may quote the recipient's address.
        const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
        logger[job.lastAttempt ? 'error' : 'warn'](
          { eventId, kind: email.kind, code, responseCode },
          job.lastAttempt
            ? 'an order e-mail could not be sent and will not be tried again'
            : 'an order e-mail could not be sent; the job tries again later',
        );
      }
    }
    if (failures) throw new Error(`${failures} e-mail(s) of order event ${eventId} not sent`);
  };
}
