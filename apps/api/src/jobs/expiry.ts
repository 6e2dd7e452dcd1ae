import type { Logger } from '../lib/logger.js';
import type { StartedBoss } from './pg-boss-queue.js';

export const EXPIRY_QUEUE = 'expire-unpaid';

/**
 * How often unpaid orders are looked at: at least every minute, and at most a quarter of their
 * lifetime apart, so an order outlives its lifetime by a quarter at most (UNPAID_ORDER_TTL).
 */
export const sweepPeriodMs = (ttlMs: number) => Math.min(60_000, Math.max(250, ttlMs / 4));

/**
 * The expiry sweep runs as a job: every instance's timer sends one each period, but the job is
 * throttled by key to one per period across all of them (pg-boss `singletonKey`), and one
 * worker somewhere runs it. `sweep` cancels a batch and says how many; it is called until a
 * batch comes back short. Its SQL skips orders another sweep holds, so an overlap is harmless.
 */
export async function startExpirySweep(options: {
  boss: StartedBoss;
  ttlMs: number;
  batchSize: number;
  sweep: () => Promise<number>;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { boss, ttlMs, batchSize, sweep, logger } = options;
  const periodMs = sweepPeriodMs(ttlMs);
  await boss.work({
    name: EXPIRY_QUEUE,
    batchSize: 1,
    // This process's own sweeps are fetched at once (wake below); polling catches the others'.
    pollMs: periodMs,
    async handle() {
      try {
        let expired = 0;
        for (;;) {
          const n = await sweep();
          expired += n;
          if (n < batchSize) break;
        }
        if (expired) logger.info({ expired }, 'cancelled unpaid orders past their lifetime');
      } catch (error) {
        logger.warn({ err: error }, 'the expiry sweep failed; the next one tries again');
        throw error;
      }
    },
  });
  const send = async () => {
    try {
      const id = await boss.boss.send(
        EXPIRY_QUEUE,
        {},
        {
          singletonKey: 'sweep',
          singletonSeconds: Math.max(1, Math.round(periodMs / 1000)),
          // The next period sends the next sweep: a failed one is not retried.
          retryLimit: 0,
        },
      );
      if (id) boss.wake(EXPIRY_QUEUE);
    } catch (error) {
      logger.warn({ err: error }, 'could not queue the expiry sweep; the next period tries again');
    }
  };
  let sending = send();
  const timer = setInterval(() => {
    sending = send();
  }, periodMs);
  /** No more sweeps from this process (one being sent still is, before the database closes). */
  return async () => {
    clearInterval(timer);
    await sending;
  };
}
