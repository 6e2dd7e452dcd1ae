import { failedWith, refusedByDatabase } from './errors.js';

/**
 * Calls to the database that arrive in a rush, gathered into batches (decision 058), and the one
 * place their retry policy is written. The orders' placement uses it: `place_order` places one
 * order, `place_orders` a batch (features/orders/placement.sql).
 *
 * Gathering: a call that arrives while `maxInFlight` calls are already at the database waits, and
 * the next call takes every waiting request it can: one per key (a customer's second order waits
 * for the next call), all under the same rules, at most `maxBatch`. A lone request goes at once,
 * alone: nothing waits when the store is quiet.
 *
 * Retrying, whole:
 * 1. A call alone that the database refuses with ROW_CHANGED (a row it judged changed before its
 *    write; the call wrote nothing) is made once more with `lockFirst`: the second call locks the
 *    rows before reading them, so they cannot change under it, and it answers with what they are.
 * 2. A batch call the database refuses for any other reason than being unreachable (a row changed,
 *    a deadlock, 40P01, a serialization failure, 40001, or one request's data it cannot take) was
 *    one statement in autocommit and wrote nothing: each of its requests is made alone (with rule
 *    1), where a failure is that request's own answer. So one customer's trouble never fails
 *    another's order.
 * 3. Any other failure fails the call, alone or batched, and nothing is retried. A database that
 *    cannot be reached may have committed before the connection was lost, and an answer the store
 *    cannot read came after a commit: making the call again could place an order twice. The
 *    client gets a 503 (or a 500) and retries with its idempotency key.
 * A request the batch call leaves to be made alone (it answers undefined for it) is made alone.
 */

/** The SQLSTATE a database function raises when a row it judged changed before its write. */
export const ROW_CHANGED = 'SR409';

/** Calls one store has at the database at once for one kind of batched call; the rest wait. */
export const BATCHED_CALLS_AT_ONCE = 2;

export interface BatchedCall<Request, Rules, Answer> {
  /** At most one request per key in a batch (the customer: their requests are serialised anyway). */
  key: (request: Request) => string;
  /** One request in a call of its own; `lockFirst` after a row changed under the first try. */
  one: (request: Request, rules: Rules, options: { lockFirst: boolean }) => Promise<Answer>;
  /** Several in one call; undefined for each the database left to be made alone. */
  many: (requests: Request[], rules: Rules) => Promise<(Answer | undefined)[]>;
}

/** Rules 2 and 3: after a batch call failed, whether its requests are each made alone. */
export const eachAloneAfter = refusedByDatabase;

interface Waiting<Request, Rules, Answer> {
  request: Request;
  rules: Rules;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

export function createBatchedCalls<Request, Rules, Answer>(
  call: BatchedCall<Request, Rules, Answer>,
  { maxBatch = 50, maxInFlight = BATCHED_CALLS_AT_ONCE }: { maxBatch?: number; maxInFlight?: number } = {},
) {
  let waiting: Waiting<Request, Rules, Answer>[] = [];
  let inFlight = 0;

  /** Rule 1: a call alone, made once more with its rows locked first if one changed. */
  async function alone(request: Request, rules: Rules): Promise<Answer> {
    try {
      return await call.one(request, rules, { lockFirst: false });
    } catch (error) {
      if (!failedWith(error, ROW_CHANGED)) throw error;
      return call.one(request, rules, { lockFirst: true });
    }
  }

  /** The next batch: the oldest waiting first, one per key, the rules of the oldest. */
  function take(): Waiting<Request, Rules, Answer>[] {
    const batch: Waiting<Request, Rules, Answer>[] = [];
    const left: Waiting<Request, Rules, Answer>[] = [];
    const keys = new Set<string>();
    const rules = waiting[0]?.rules;
    for (const one of waiting) {
      const key = call.key(one.request);
      if (batch.length < maxBatch && one.rules === rules && !keys.has(key)) {
        keys.add(key);
        batch.push(one);
      } else left.push(one);
    }
    waiting = left;
    return batch;
  }

  async function run(batch: Waiting<Request, Rules, Answer>[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    const settle = (one: Waiting<Request, Rules, Answer>) =>
      alone(one.request, one.rules).then(one.resolve, one.reject);
    if (batch.length === 1) return settle(first);
    let answers: (Answer | undefined)[];
    try {
      answers = await call.many(
        batch.map((one) => one.request),
        first.rules,
      );
      if (answers.length !== batch.length)
        throw new Error('A batched call answered another number of requests');
    } catch (error) {
      if (!eachAloneAfter(error)) {
        for (const one of batch) one.reject(error);
        return;
      }
      answers = batch.map(() => undefined);
    }
    await Promise.all(
      batch.map((one, i) => {
        const answer = answers[i];
        if (answer === undefined) return settle(one);
        one.resolve(answer);
        return undefined;
      }),
    );
  }

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      inFlight += 1;
      void run(take()).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    /** The request, batched with others when the store is busy. */
    call(request: Request, rules: Rules): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        waiting.push({ request, rules, resolve, reject });
        pump();
      });
    },
    /** The request in a call of its own, never batched (an order from a cart), under the same retry. */
    alone,
  };
}
