import type { Logger } from '../lib/logger.js';
import { startPeriodicJob } from './periodic.js';
import type { StartedBoss } from './pg-boss-queue.js';

export const EXPIRY_QUEUE = 'expire-unpaid';

/**
 * How often unpaid orders are looked at: at least every minute, and at most a quarter of their
 * lifetime apart, so an order outlives its lifetime by a quarter at most (UNPAID_ORDER_TTL).
 */
export const sweepPeriodMs = (ttlMs: number) => Math.min(60_000, Math.max(250, ttlMs / 4));

/**
 * The expiry sweep runs as a periodic job (periodic.ts). `sweep` cancels a batch and says how
 * many; it is called until a batch comes back short. Its SQL skips orders another sweep holds,
 * so an overlap is harmless.
 */
export function startExpirySweep(options: {
  boss: StartedBoss;
  ttlMs: number;
  batchSize: number;
  sweep: () => Promise<number>;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { boss, ttlMs, batchSize, sweep, logger } = options;
  return startPeriodicJob({
    boss,
    name: EXPIRY_QUEUE,
    periodMs: sweepPeriodMs(ttlMs),
    label: 'the expiry sweep',
    logger,
    async run() {
      let expired = 0;
      for (;;) {
        const n = await sweep();
        expired += n;
        if (n < batchSize) break;
      }
      if (expired) logger.info({ expired }, 'cancelled unpaid orders past their lifetime');
    },
  });
}
