/**
 * Places orders in batches when they come in a rush (decision 058). A placement that arrives while
 * `maxInFlight` calls (PLACEMENTS_AT_ONCE) are already at the database waits, and the next call
 * takes every waiting placement it can: one per customer (a customer's second order waits for the
 * next call), all under the same rules, at most `maxBatch`. A lone placement goes at once, alone:
 * nothing waits when the store is quiet. The database places a batch in one transaction
 * (`place_orders`), and sends back those it did not place there, each to be placed alone
 * (`place_order`).
 */
export interface BatchParts<Request extends { email: string }, Rules, Answer> {
  /** Places one request, in a call of its own. */
  one: (request: Request, rules: Rules) => Promise<Answer>;
  /** Places several in one call; undefined for each the database left to be placed alone. */
  many: (requests: Request[], rules: Rules) => Promise<(Answer | undefined)[]>;
}

/** Calls one store has at the database placing orders at once; the rest wait for the next. */
export const PLACEMENTS_AT_ONCE = 2;

interface Waiting<Request, Rules, Answer> {
  request: Request;
  rules: Rules;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

export function createPlacementBatch<Request extends { email: string }, Rules, Answer>(
  parts: BatchParts<Request, Rules, Answer>,
  { maxBatch = 50, maxInFlight = PLACEMENTS_AT_ONCE }: { maxBatch?: number; maxInFlight?: number } = {},
) {
  let waiting: Waiting<Request, Rules, Answer>[] = [];
  let inFlight = 0;

  /** The next batch: the oldest waiting first, one per customer, the rules of the oldest. */
  function take(): Waiting<Request, Rules, Answer>[] {
    const batch: Waiting<Request, Rules, Answer>[] = [];
    const left: Waiting<Request, Rules, Answer>[] = [];
    const customers = new Set<string>();
    const rules = waiting[0]?.rules;
    for (const one of waiting) {
      if (batch.length < maxBatch && one.rules === rules && !customers.has(one.request.email)) {
        customers.add(one.request.email);
        batch.push(one);
      } else left.push(one);
    }
    waiting = left;
    return batch;
  }

  async function run(batch: Waiting<Request, Rules, Answer>[]): Promise<void> {
    const [first] = batch;
    if (!first) return;
    if (batch.length === 1) {
      await parts.one(first.request, first.rules).then(first.resolve, first.reject);
      return;
    }
    let answers: (Answer | undefined)[];
    try {
      answers = await parts.many(
        batch.map((one) => one.request),
        first.rules,
      );
    } catch (error) {
      for (const one of batch) one.reject(error);
      return;
    }
    await Promise.all(
      batch.map((one, i) => {
        const answer = answers[i];
        if (answer !== undefined) {
          one.resolve(answer);
          return undefined;
        }
        return parts.one(one.request, one.rules).then(one.resolve, one.reject);
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
    place(request: Request, rules: Rules): Promise<Answer> {
      return new Promise<Answer>((resolve, reject) => {
        waiting.push({ request, rules, resolve, reject });
        pump();
      });
    },
  };
}
