import type { EventForEmails } from '../features/orders/moves.js';
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
  orders: Pick<OrdersService, 'eventForEmails' | 'eventsForEmails'>;
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

  /** The e-mails of one history entry, each with its key (`<event id>:<kind>:<recipient>`). */
  function emailsOf(eventId: string, found: EventForEmails) {
    return orderEmails(found, found.placement, deps.settings).map(({ kind, ...email }) => ({
      kind,
      email: { ...email, key: `${eventId}:${kind}:${email.to}`, at: found.event.at },
    }));
  }

  /** Logs an e-mail that could not be sent; the job is then failed, and retried or given up. */
  function failed(error: unknown, about: { eventId: string; kind: string }, job: JobContext) {
    if (error instanceof StillSending) {
      logger.warn(about, 'an order e-mail is held by another run; the job looks again later');
      return;
    }
    // No message: a mail server's refusal may quote the recipient's address.
    const code = codeOf(error);
    const responseCode = fieldOf(error, 'responseCode');
    logger[job.lastAttempt ? 'error' : 'warn'](
      { ...about, code, responseCode },
      job.lastAttempt
        ? 'an order e-mail could not be sent and will not be tried again'
        : 'an order e-mail could not be sent; the job tries again later',
    );
  }

  async function run({ eventId }: JobPayloads['order-event'], job: JobContext): Promise<void> {
    const found = await orders.eventForEmails(eventId);
    // Events are never deleted; a job for one that is not there was not ours to send.
    if (!found) return;
    let failures = 0;
    for (const { kind, email } of emailsOf(eventId, found)) {
      try {
        await deliver(email, { eventId, kind });
      } catch (error) {
        failures += 1;
        failed(error, { eventId, kind }, job);
      }
    }
    if (failures) throw new Error(`${failures} e-mail(s) of order event ${eventId} not sent`);
  }

  /**
   * A batch of jobs as the queue fetched it; answers the ids of the jobs that failed. With the
   * outbox, three statements for the whole batch (its entries, which of its e-mails are written
   * already, and the marks of those written now) instead of three per order (decision 054): a
   * file written again is replaced, so marking after the batch keeps each e-mail once. SMTP keeps
   * its claim per e-mail, one job after the other.
   */
  async function batch(jobs: BatchJob[]): Promise<string[]> {
    if (!mailer.repeatSafe) {
      const outcomes = await Promise.all(
        jobs.map((job) =>
          run(job.data, job).then(
            () => undefined,
            () => job.id,
          ),
        ),
      );
      return outcomes.filter((id) => id !== undefined);
    }
    const found = await orders.eventsForEmails(jobs.map((job) => job.data.eventId));
    const planned = jobs.map((job) => {
      const one = found.get(job.data.eventId);
      return { job, emails: one ? emailsOf(job.data.eventId, one) : [] };
    });
    const done = await sentEmails.deliveredAmong(
      planned.flatMap(({ emails }) => emails.map((e) => e.email.key)),
    );
    const written: string[] = [];
    // The jobs side by side (the files are written by libuv's threads), each job's e-mails in turn.
    const outcomes = await Promise.all(
      planned.map(async ({ job, emails }) => {
        let failures = 0;
        for (const { kind, email } of emails) {
          // Written already: by an earlier try, or by another job of this batch for the same entry.
          if (done.has(email.key)) continue;
          try {
            await mailer.send(email);
            done.add(email.key);
            written.push(email.key);
          } catch (error) {
            failures += 1;
            failed(error, { eventId: job.data.eventId, kind }, job);
          }
        }
        return failures ? job.id : undefined;
      }),
    );
    // Should this fail, every job of the batch fails and runs again: its files are written again
    // under the same names, still one each.
    await sentEmails.markAllDelivered(written);
    return outcomes.filter((id) => id !== undefined);
  }

  return Object.assign(run, { batch });
}

/** One job of a batch: its data and its context. */
export type BatchJob = JobContext & { data: JobPayloads['order-event'] };
