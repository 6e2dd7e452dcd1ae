import type { DatabaseHandle } from '../db/client.js';
import { chooseImageStore } from '../features/images/choose-store.js';
import type { S3Settings } from '../features/images/s3-store.js';
import { createImageUsageRepo } from '../features/images/usage-repo.js';
import { EXPIRY_BATCH } from '../features/orders/moves.js';
import type { OrdersService } from '../features/orders/service.js';
import { createSearchRepo } from '../features/parts/search-repo.js';
import type { PaymentsService } from '../features/payments/index.js';
import type { Logger } from '../lib/logger.js';
import { createMailer } from '../mail/mailer.js';
import type { OrderEmailSettings } from '../mail/order-emails.js';
import { createOrderEventJob } from '../mail/order-event-job.js';
import { createSentEmailsRepo } from '../mail/sent-emails-repo.js';
import { EXPIRY_QUEUE, startExpirySweep } from './expiry.js';
import { IMAGE_CLEANUP_QUEUE, startImageCleanup } from './image-cleanup.js';
import { LEXICON_PRUNE_QUEUE, startLexiconPrune } from './lexicon-prune.js';
import { startPgBoss } from './pg-boss-queue.js';
import type { JobPayloads, JobQueue } from './queue.js';

export interface JobsSettings extends Omit<OrderEmailSettings, 'notify'> {
  mail: { smtpUrl?: string | undefined; from: string; notify: string[]; outboxDir: string };
  /**
   * How often a worker looks for new jobs: an e-mail goes out within about this long of its
   * order. Each look is one small query, which the embedded database (one connection) can spare
   * once a second.
   */
  pollMs?: number;
  /** Where uploaded images are (the app's own store): those no part uses go after a day. */
  uploadsDir: string;
  s3?: S3Settings | undefined;
}

/** What the workers ask of the orders: the e-mails' facts, and the expiry of unpaid orders. */
export type OrdersForJobs = Pick<OrdersService, 'eventForEmails' | 'eventsForEmails' | 'expireUnpaid'>;

/** What the refund worker asks of the payments. */
export type PaymentsForJobs = Pick<PaymentsService, 'refund'>;

export interface StartedJobs {
  /** Where writes enqueue: usable at once, before the workers start. */
  queue: JobQueue;
  /**
   * Starts the workers, once: apart from the start of the queue because the orders service they
   * go through is built on `queue` (server.ts builds it once, for the app and for them).
   */
  work(deps: { orders: OrdersForJobs; payments?: PaymentsForJobs }): Promise<void>;
  /** Lets running jobs finish (within `timeoutMs`), then stops: before the database closes. */
  stop(timeoutMs?: number): Promise<void>;
}

/** Order e-mails fetched at once by one worker; each is sent, or retried, on its own. */
const EMAIL_BATCH = 10;
/**
 * With the outbox: a batch costs three statements and its files are written side by side, so a
 * larger one keeps up with a rush of orders (decision 054). SMTP keeps EMAIL_BATCH: its e-mails
 * go one at a time, and the batch's last must still start well within the job timeout.
 */
const OUTBOX_BATCH = 50;
/** Card refunds fetched at once: each is one call to Stripe. */
const REFUND_BATCH = 5;
const QUEUES = ['order-event', 'payment-refund', EXPIRY_QUEUE, IMAGE_CLEANUP_QUEUE, LEXICON_PRUNE_QUEUE];

/**
 * The job queue, then (`work`) its workers: the order e-mails, the expiry of unpaid orders, the
 * removal of uploaded images no part uses, and the pruning of the search words.
 */
export async function startJobs(
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'executeSql' | 'exclusively'>,
  settings: JobsSettings,
  logger: Logger,
): Promise<StartedJobs> {
  const boss = await startPgBoss(database, QUEUES, logger);
  // One store holds an embedded database: what is still running in it, a killed store left.
  if (database.kind === 'pglite') for (const name of QUEUES) await boss.retryAbandoned(name);
  let stopExpiry = async () => {};
  let stopImageCleanup = async () => {};
  let stopLexiconPrune = async () => {};
  let mailer: ReturnType<typeof createMailer> | undefined;
  return {
    queue: boss.queue,
    async work({ orders, payments }) {
      if (mailer) throw new Error('The job workers are already started');
      mailer = createMailer(settings.mail);
      const orderEvent = createOrderEventJob({
        orders,
        sentEmails: createSentEmailsRepo(database.db),
        mailer,
        settings: { ...settings, notify: settings.mail.notify },
        logger,
      });
      await boss.work<JobPayloads['order-event']>({
        name: 'order-event',
        batchSize: mailer.repeatSafe ? OUTBOX_BATCH : EMAIL_BATCH,
        pollMs: settings.pollMs ?? 1_000,
        handle: orderEvent,
        handleBatch: orderEvent.batch,
      });
      // Card refunds (features/payments): a failure is thrown, and pg-boss retries it (RETRY).
      if (payments) {
        await boss.work<JobPayloads['payment-refund']>({
          name: 'payment-refund',
          batchSize: REFUND_BATCH,
          pollMs: settings.pollMs ?? 1_000,
          handle: ({ paymentId }, job) => payments.refund(paymentId, { lastAttempt: job.lastAttempt }),
        });
      }
      if (settings.unpaidOrderTtlMs > 0) {
        stopExpiry = await startExpirySweep({
          boss,
          ttlMs: settings.unpaidOrderTtlMs,
          batchSize: EXPIRY_BATCH,
          sweep: () => orders.expireUnpaid(settings.unpaidOrderTtlMs),
          logger,
        });
      }
      stopImageCleanup = await startImageCleanup({
        boss,
        store: chooseImageStore(database, settings, logger),
        usage: createImageUsageRepo(database.db),
        logger,
      });
      stopLexiconPrune = await startLexiconPrune({ boss, search: createSearchRepo(database.db), logger });
    },
    async stop(timeoutMs = 10_000) {
      await stopExpiry();
      await stopImageCleanup();
      await stopLexiconPrune();
      await boss.stop(timeoutMs);
      mailer?.close();
    },
  };
}
