import type { QueryLogger } from '../../src/db/client.js';
import { startPgBoss } from '../../src/jobs/pg-boss-queue.js';
import { createLogger } from '../../src/lib/logger.js';
import { createTestApp, openTestDatabase } from './helpers.js';
import { logCapture } from './log-capture.js';

/**
 * A test app with a running pg-boss queue for `order-event` jobs, which the placement writes into
 * the queue's own table (the other tests' apps have no queue, and their placements no jobs).
 */
export async function appWithOrderJobs(options: { logQuery?: QueryLogger } = {}) {
  const database = await openTestDatabase(options);
  const boss = await startPgBoss(database, ['order-event'], createLogger('trace', logCapture));
  const ctx = await createTestApp({ database, jobs: boss.queue });
  return {
    ctx,
    boss,
    async close() {
      await boss.stop(1_000);
      await ctx.close();
    },
  };
}
