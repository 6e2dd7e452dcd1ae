import type { Database } from '../db/client.js';

/**
 * What the store does after a write commits (docs/architecture.md, 'Failures and jobs').
 * `order-event`: tell the people concerned about a change of an order's status (the e-mails
 * follow from the event). `payment-refund`: give a card payment back.
 */
export interface JobPayloads {
  'order-event': { eventId: string };
  /** Refund a card payment through its provider (features/payments), retried until it succeeds. */
  'payment-refund': { paymentId: string };
}
export type JobName = keyof JobPayloads;

/**
 * Jobs are enqueued inside the transaction of the write that causes them: they exist exactly
 * when the write committed, run after it, and never delay or fail it.
 */
export interface JobQueue {
  enqueue<N extends JobName>(tx: Database, name: N, data: JobPayloads[N]): Promise<void>;
  /**
   * The schema of the queue's tables (pg-boss's), for the one writer that inserts its job itself:
   * the order placement, one SQL function (migration 0019, decision 045). Undefined: no queue.
   */
  readonly schema?: string | undefined;
}

/** For code paths and tests that run without a queue: the jobs are dropped. */
export const noJobs: JobQueue = { enqueue: async () => {} };
