import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { type StartedBoss, startPgBoss } from '../../src/jobs/pg-boss-queue.js';
import { createLogger } from '../../src/lib/logger.js';
import { eventually } from '../support/eventually.js';
import { openTestDatabase } from '../support/helpers.js';
import { capturedLines, logCapture } from '../support/log-capture.js';

/**
 * The job queue as writes use it (jobs/pg-boss-queue.ts), through pg-boss's public API only: a
 * job sent inside a transaction exists exactly when that transaction commits, on either engine.
 */
let database: DatabaseHandle;
let started: StartedBoss;
/** While set, every statement pg-boss runs through the store's connection fails (a database away). */
let away = false;
/** A queue of this file's own, for the worker that finds more jobs waiting than a batch. */
const BACKLOG = 'backlog-test';
/** A queue of this file's own, for jobs left running by a process that died. */
const ABANDONED = 'abandoned-test';

beforeAll(async () => {
  database = await openTestDatabase();
  const flaky = {
    executeSql: (text: string, values?: unknown[]) =>
      away ? Promise.reject(new Error('Connection terminated')) : database.executeSql(text, values),
    exclusively: database.exclusively,
  };
  started = await startPgBoss(flaky, ['order-event', BACKLOG, ABANDONED], createLogger('trace', logCapture));
});
afterAll(async () => {
  await started?.stop(1_000);
  await database?.close();
});

/** The jobs sent for `eventId`, read from pg-boss's table (schema `pgboss`, or `pgboss_<test schema>`). */
async function jobsFor(eventId: string) {
  const { rows } = await database.executeSql(
    `select count(*)::int as count from pgboss${await schemaSuffix()}.job where name = 'order-event' and data->>'eventId' = $1`,
    [eventId],
  );
  return (rows as { count: number }[])[0]?.count;
}

async function schemaSuffix() {
  const { rows } = await database.executeSql('select current_schema() as name');
  const [row] = rows as { name: string }[];
  return row?.name === 'public' ? '' : `_${row?.name}`;
}

describe('the job queue, enqueued in the writer’s transaction', () => {
  it('keeps the job when the transaction commits', async () => {
    const eventId = crypto.randomUUID();
    await database.db.transaction((tx) => started.queue.enqueue(tx, 'order-event', { eventId }));
    expect(await jobsFor(eventId)).toBe(1);
  });

  it('loses the job with a transaction that rolls back after enqueuing it', async () => {
    const eventId = crypto.randomUUID();
    const failed = database.db.transaction(async (tx) => {
      await started.queue.enqueue(tx, 'order-event', { eventId });
      throw new Error('the write failed after its job was sent');
    });
    await expect(failed).rejects.toThrow('the write failed');
    expect(await jobsFor(eventId)).toBe(0);
  });
});

describe('marking jobs finished while the database is away', () => {
  it('never rejects (pg-boss does not await it), while other statements still fail', async () => {
    const id = crypto.randomUUID();
    const before = capturedLines.length;
    away = true;
    try {
      await expect(started.boss.complete('order-event', id)).resolves.toBeDefined();
      await expect(started.boss.fail('order-event', id)).resolves.toBeDefined();
      await expect(started.boss.send('order-event', { eventId: id })).rejects.toThrow(
        'Connection terminated',
      );
    } finally {
      away = false;
    }
    const warnings = capturedLines
      .slice(before)
      .filter((line) => line.includes('could not mark finished jobs'));
    expect(warnings).toHaveLength(2);
  });
});

describe('a worker with more jobs waiting than a batch', () => {
  it('fetches the next batch at once, not after its polling interval (decision 054)', async () => {
    for (let n = 0; n < 7; n += 1) await started.boss.send(BACKLOG, { n });
    const handled: number[] = [];
    await started.work<{ n: number }>({
      name: BACKLOG,
      batchSize: 2,
      // Two minutes: waiting it out even once between batches would fail the test.
      pollMs: 120_000,
      handle: async ({ n }) => {
        handled.push(n);
      },
    });
    // Batches of 2, 2, 2 and 1: the first three full, so each is followed by a fetch at once.
    await eventually(() => handled.length === 7, { what: 'all seven jobs handled', timeout: 30_000 });
    expect(handled.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('jobs left running by a process that died', () => {
  it('are fetched again at once when the embedded store starts, not after their retry backoff', async () => {
    const id = await started.boss.send(ABANDONED, { n: 1 });
    // Taken by a worker that then died: active, never finished.
    const [taken] = await started.boss.fetch(ABANDONED);
    expect(taken?.id).toBe(id);
    await started.retryAbandoned(ABANDONED);
    const [again] = await started.boss.fetch(ABANDONED);
    expect(again?.id).toBe(id);
  });
});
