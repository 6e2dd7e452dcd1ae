import type { Logger } from '../lib/logger.js';
import type { StartedBoss } from './pg-boss-queue.js';

/** pg-boss's archive interval (its default, 12 h): the longest once-per-period throttle it keeps. */
const MAX_PERIOD_MS = 12 * 60 * 60_000;

/**
 * A job that runs every `periodMs` somewhere (the expiry sweep, the unused images' removal,
 * the search words' pruning), at most 12 hours:
 * every instance's timer sends one each period, but the job is throttled by key to one per
 * period across all of them (pg-boss `singletonKey`), and one worker somewhere runs it. `run`
 * must be safe to overlap with another run (an instance's clock is not the others').
 * Returns: no more runs sent from this process (one being sent still is, before the database closes).
 */
export async function startPeriodicJob(options: {
  boss: StartedBoss;
  name: string;
  periodMs: number;
  run: () => Promise<void>;
  /** What the logs call it: 'the expiry sweep'. */
  label: string;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { boss, name, periodMs, run, label, logger } = options;
  // pg-boss refuses, at each send, a throttle longer than its archive interval: say so at start.
  if (periodMs > MAX_PERIOD_MS) throw new Error(`${label}: a period over 12 hours cannot be throttled`);
  await boss.work({
    name,
    batchSize: 1,
    // This process's own runs are fetched at once (wake below); polling catches the others'.
    pollMs: periodMs,
    async handle() {
      try {
        await run();
      } catch (error) {
        logger.warn({ err: error }, `${label} failed; the next one tries again`);
        throw error;
      }
    },
  });
  const send = async () => {
    try {
      const id = await boss.boss.send(
        name,
        {},
        {
          singletonKey: 'sweep',
          singletonSeconds: Math.max(1, Math.round(periodMs / 1000)),
          // The next period sends the next run: a failed one is not retried.
          retryLimit: 0,
        },
      );
      if (id) boss.wake(name);
    } catch (error) {
      logger.warn({ err: error }, `could not queue ${label}; the next period tries again`);
    }
  };
  let sending = send();
  const timer = setInterval(() => {
    sending = send();
  }, periodMs);
  return async () => {
    clearInterval(timer);
    await sending;
  };
}
