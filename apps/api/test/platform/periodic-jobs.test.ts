import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { IMAGE_CLEANUP_QUEUE } from '../../src/jobs/image-cleanup.js';
import { LEXICON_PRUNE_QUEUE } from '../../src/jobs/lexicon-prune.js';
import { type StartedJobs, startJobs } from '../../src/jobs/start.js';
import { createLogger } from '../../src/lib/logger.js';
import { eventually } from '../support/eventually.js';
import { openTestDatabase, TEST_PAYMENT_INSTRUCTIONS } from '../support/helpers.js';
import { capturedLines, logCapture } from '../support/log-capture.js';

/**
 * The store's periodic jobs (jobs/periodic.ts) as the store starts them: each is queued at start
 * and run, once across instances. pg-boss refuses some settings only when a job is sent (a
 * throttle longer than its archive interval), so a job that was never queued fails here.
 */
let database: DatabaseHandle;
let runner: StartedJobs | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-data-'));

beforeAll(async () => {
  database = await openTestDatabase();
  runner = await startJobs(
    database,
    {
      mail: {
        outboxDir: path.join(dataDir, 'outbox'),
        from: 'Parts Depot <orders@partsdepot.example>',
        notify: [],
      },
      seller: { name: 'Parts Depot Ltd', address: '1 Foundry Lane, Sheffield S1 2AB' },
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
      unpaidOrderTtlMs: 0,
      pollMs: 500,
      uploadsDir: path.join(dataDir, 'uploads'),
    },
    createLogger('trace', logCapture),
  );
  await runner.work({ orders: createOrderMoves(createOrdersRepo(database.db, runner.queue)) });
});
afterAll(async () => {
  await runner?.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('queues each periodic job at start and runs it: the unused images, the search words', async () => {
  const names = [IMAGE_CLEANUP_QUEUE, LEXICON_PRUNE_QUEUE];
  await eventually(
    async () => {
      const { rows } = await database.executeSql(
        `select name, state from ${runner?.queue.schema ?? 'pgboss'}.job where name = any($1) order by name`,
        [names],
      );
      expect(rows).toEqual(names.sort().map((name) => ({ name, state: 'completed' })));
    },
    { what: 'the periodic jobs to run', timeout: 15_000 },
  );
  expect(capturedLines.filter((line) => line.includes('could not queue'))).toEqual([]);
});
