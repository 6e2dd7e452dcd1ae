import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/client.js';
import { transactionSql } from '../db/transaction-sql.js';
import type { Logger } from '../lib/logger.js';
import { fieldOf } from '../lib/thrown.js';
import type { JobName, JobPayloads, JobQueue } from './queue.js';

/**
 * A failed job runs again after about 1 s, 2 s, 4 s … (pg-boss doubles the delay each time and
 * adds up to as much again at random, so several instances do not retry in step), 10 times: an
 * SMTP server may be away for 17 to 34 minutes before an e-mail is given up (and logged).
 */
export const RETRY = { retryLimit: 10, retryDelay: 1, retryBackoff: true } as const;
/** A job still running after this is taken as lost (its process died) and retried. */
const JOB_TIMEOUT_SECONDS = 300;

/** pg-boss polls no faster than this. */
const MIN_POLL_MS = 500;

export interface JobContext {
  id: string;
  /** Whether this is the last try: a failure now is final. */
  lastAttempt: boolean;
}

export interface Worker<T> {
  name: string;
  /** Jobs fetched at once: each runs, and fails or completes, on its own. */
  batchSize: number;
  pollMs: number;
  handle(data: T, job: JobContext): Promise<void>;
  /**
   * The whole batch at once, when the work shares its statements across jobs: answers the ids of
   * the jobs that failed (retried later); throwing fails them all. Without it, `handle` each.
   */
  handleBatch?(jobs: (JobContext & { data: T })[]): Promise<string[]>;
}

/**
 * The job queue in PostgreSQL (pg-boss), on whichever engine the store runs: its SQL goes
 * through the store's own connection (a pool on PostgreSQL, the one PGlite connection embedded).
 * Its tables live in a schema of their own, `pgboss`, or `pgboss_<schema>` when the store works in
 * another schema than `public` (the tests do), so stores sharing a database share one queue.
 */
export async function startPgBoss(
  database: Pick<DatabaseHandle, 'executeSql' | 'exclusively'>,
  queues: string[],
  logger: Logger,
) {
  // Once stopped, pg-boss's own SQL goes nowhere: a poll that was in flight when it stopped must
  // not start a job, or fail one, on a database that is closing. Such a job stays `active` and
  // is retried after JOB_TIMEOUT_SECONDS, like one whose process died.
  let open = true;
  const schema = await queueSchema(database);
  // pg-boss 10's worker completes (or fails) a batch without awaiting the promise: if the
  // database is away at that moment, the rejection is unhandled and Node ends the process. Those
  // two statements therefore never reject: a job left unmarked stays active, times out after
  // JOB_TIMEOUT_SECONDS and runs again, which the jobs allow (they are idempotent). Their texts
  // are filled in below, once pg-boss exists to say them.
  const unawaited = new Set<string>();
  const nothingMarked = { rows: [{ count: '0' }] };
  // Those marks still running: a graceful stop waits for them, or a batch whose work is done
  // (its e-mails written) would stay active, cut off by the database closing, and run again.
  const marking = new Set<Promise<unknown>>();
  const executeSql = async (text: string, values?: unknown[]) => {
    if (!unawaited.has(text)) return open ? database.executeSql(text, values) : { rows: [] };
    if (!open) return nothingMarked;
    const mark = database.executeSql(text, values).catch((error: unknown) => {
      logger.warn({ err: error }, 'could not mark finished jobs; they run again after their timeout');
      return nothingMarked;
    });
    marking.add(mark);
    try {
      return await mark;
    } finally {
      marking.delete(mark);
    }
  };
  const boss = new PgBoss({
    // pg-boss types its rows as whatever each caller wants; ours are unknown until read.
    db: { executeSql: executeSql as (text: string, values?: unknown[]) => Promise<{ rows: never[] }> },
    schema,
    // No cron (its clock monitor polls): the expiry sweep keeps its own timer (expiry.ts).
    schedule: false,
    ...RETRY,
    expireInSeconds: JOB_TIMEOUT_SECONDS,
  });
  for (const text of await finishingStatements(boss)) unawaited.add(text);
  boss.on('error', (error) =>
    logger.warn({ err: asError(error) }, 'the job queue failed a step; it tries again on its next round'),
  );
  // Instances starting together on a new database would create pg-boss's schema side by side.
  await database.exclusively(async () => {
    await boss.start();
    for (const name of queues)
      await boss.createQueue(name, { name, ...RETRY, expireInSeconds: JOB_TIMEOUT_SECONDS });
  });

  const workerIds = new Map<string, string>();
  return {
    boss,

    /** What writes enqueue into: the job joins the caller's transaction. */
    queue: {
      schema,
      async enqueue<N extends JobName>(tx: Database, name: N, data: JobPayloads[N]) {
        const id = await boss.send(name, data, { db: transactionSql(tx) });
        // Only a queue that was never created refuses a plain job: a bug, not a condition.
        if (!id) throw new Error(`The job queue ${name} does not exist`);
      },
    } satisfies JobQueue,

    async work<T extends object>(worker: Worker<T>) {
      const id = await boss.work<T>(
        worker.name,
        {
          batchSize: worker.batchSize,
          pollingIntervalSeconds: Math.max(MIN_POLL_MS, worker.pollMs) / 1000,
          includeMetadata: true,
        },
        async (jobs) => {
          if (!open) return;
          const batch = jobs.map((job) => ({
            id: job.id,
            data: job.data,
            lastAttempt: job.retryCount >= job.retryLimit,
          }));
          const failed = worker.handleBatch
            ? await worker.handleBatch(batch).catch(() => batch.map((job) => job.id))
            : await eachOnItsOwn(worker, batch);
          // Failed on their own (retried later); pg-boss then completes the rest of the batch.
          if (failed.length) await boss.fail(worker.name, failed);
          // A full batch: more are likely waiting. pg-boss would wait out the polling interval
          // first, so a worker could never do more than a batch per interval (10 e-mails a
          // second) however many orders came in; it fetches again at once instead (decision 054).
          const id = workerIds.get(worker.name);
          if (open && id && jobs.length >= worker.batchSize) boss.notifyWorker(id);
        },
      );
      workerIds.set(worker.name, id);
    },

    /**
     * Retries now the jobs of `name` left running by a process that died, instead of after their
     * timeout (JOB_TIMEOUT_SECONDS): only for a database no other process can be working on (the
     * embedded one, locked to one store), before this process starts its workers.
     */
    async retryAbandoned(name: string) {
      const { rows } = await database.executeSql(
        `select id from ${schema}.job where name = $1 and state = 'active'`,
        [name],
      );
      const ids = rows.map((row) => String(fieldOf(row, 'id')));
      if (!ids.length) return;
      await boss.fail(name, ids);
      // Failing puts each off by its retry backoff (seconds): there is nothing to back off from
      // here (the process that ran them is gone), and a store stopped again within those seconds
      // would leave them waiting (outbox-kill.test): they run with the first fetch instead.
      await database.executeSql(
        `update ${schema}.job set start_after = now() where name = $1 and id = any($2::uuid[]) and state = 'retry'`,
        [name, ids],
      );
      logger.warn({ queue: name, jobs: ids.length }, 'jobs left running by a stopped process run again');
    },

    /** Fetches now instead of at the next poll (a job this process just sent). */
    wake(name: string) {
      const id = workerIds.get(name);
      if (id) boss.notifyWorker(id);
    },

    /** Lets running jobs finish (up to `timeoutMs`); what is still running then is retried later. */
    async stop(timeoutMs: number) {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      // pg-boss marks a finished batch without awaiting it: its stop does not wait for the mark.
      await Promise.all(marking);
      open = false;
    },
  };
}

export type StartedBoss = Awaited<ReturnType<typeof startPgBoss>>;

/** Runs each job of a batch on its own, at once; answers the ids of those that failed. */
async function eachOnItsOwn<T>(worker: Worker<T>, batch: (JobContext & { data: T })[]): Promise<string[]> {
  const outcomes = await Promise.all(
    batch.map(({ data, ...job }) =>
      worker.handle(data, job).then(
        () => undefined,
        () => job.id,
      ),
    ),
  );
  return outcomes.filter((id) => id !== undefined);
}

/**
 * The statements pg-boss marks jobs finished with, learnt through its public API rather than its
 * private SQL module: `complete` and `fail` accept a `db` of our own (as `send` does), and this
 * one writes down the text it is handed instead of running it. The worker's own marking goes
 * through the same two calls, so the same texts.
 */
async function finishingStatements(boss: PgBoss): Promise<Set<string>> {
  const texts = new Set<string>();
  const db = {
    executeSql: async (text: string) => {
      texts.add(text);
      return { rows: [{ count: '0' }] };
    },
  };
  // Nothing is run, so any well-formed queue name and job id will do.
  const id = '00000000-0000-4000-8000-000000000000';
  await boss.complete('any-queue', id, {}, { db });
  await boss.fail('any-queue', id, {}, { db });
  if (texts.size !== 2) throw new Error('pg-boss no longer marks jobs finished in one statement each');
  return texts;
}

async function queueSchema(database: Pick<DatabaseHandle, 'executeSql'>): Promise<string> {
  const { rows } = await database.executeSql('select current_schema() as name');
  const name = fieldOf(rows[0], 'name');
  return typeof name !== 'string' || name === 'public' ? 'pgboss' : `pgboss_${name}`;
}

/** pg-boss reports a worker's failure as a plain object carrying an error's fields. */
function asError(error: unknown): Error {
  if (error instanceof Error) return error;
  const message = fieldOf(error, 'message');
  return new Error(typeof message === 'string' ? message : 'unknown job queue error');
}
