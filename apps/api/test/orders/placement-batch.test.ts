import { BULK_DISCOUNT } from '@store/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachAloneAfter, ROW_CHANGED } from '../../src/db/batched-calls.js';
import { failedWith } from '../../src/db/errors.js';
import { LOCK_SPACES } from '../../src/db/locks.js';
import { rowsOf } from '../../src/db/rows.js';
import { orderEvents, orders, parts, users } from '../../src/db/schema.js';
import {
  type AskedLine,
  type PlacementRequest,
  type PlacementRules,
  placeOrders,
} from '../../src/features/orders/placement-repo.js';
import type { StartedBoss } from '../../src/jobs/pg-boss-queue.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { type createTestApp, partRow, usingPostgres } from '../support/helpers.js';
import { appWithOrderJobs } from '../support/order-jobs-app.js';

/**
 * `place_orders` (placement.sql, decision 058): several customers' plain orders placed in one
 * call, exactly as `place_order` places each, and every other request left to be placed alone
 * with nothing written for it.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let boss: StartedBoss;
let batchCalls = 0;

let app: Awaited<ReturnType<typeof appWithOrderJobs>>;

beforeAll(async () => {
  app = await appWithOrderJobs({
    logQuery: (query) => {
      if (query.includes('place_orders(')) batchCalls += 1;
    },
  });
  ({ ctx, boss } = app);
});
afterAll(() => app?.close());

const contact = { phone: '+1 555 010 2030', address: '12 Harbour Street, Springfield' };

const placementRules: PlacementRules = {
  maxOpenOrders: 10,
  defaultLimitCents: 1e9,
  keyLifetimeSeconds: 86_400,
  maxLines: 100,
  bulk: BULK_DISCOUNT,
  tax: { rateBasisPoints: 2000, pricesIncludeTax: false },
};
const job = () => ({ schema: boss.queue.schema, name: 'order-event' });
/** The rules as the store sends them to the functions (placement-repo.ts). */
const rules = (overrides: Record<string, unknown> = {}) => ({
  ...placementRules,
  locks: { openOrders: LOCK_SPACES.openOrders, cart: LOCK_SPACES.cart },
  job: job(),
  ...overrides,
});

type Answer = { outcome: string; order?: Record<string, unknown>; lines?: Record<string, unknown>[] };

async function call<T>(
  fn: 'place_order' | 'place_orders',
  request: unknown,
  withRules = rules(),
): Promise<T> {
  const { rows } = await ctx.database.executeSql(`select ${fn}($1::jsonb, $2::jsonb) as placed`, [
    JSON.stringify(request),
    JSON.stringify(withRules),
  ]);
  const placed = (rows[0] as { placed: unknown }).placed;
  return (typeof placed === 'string' ? JSON.parse(placed) : placed) as T;
}

async function newPart(overrides: Partial<typeof parts.$inferInsert> = {}) {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: 10_000, priceCents: 1250, ...overrides }))
    .returning();
  if (!part) throw new Error('no part');
  return part;
}

const request = (email: string, lines: AskedLine[] | undefined, extra: Record<string, unknown> = {}) => ({
  email,
  userName: 'Bea Batch',
  ...contact,
  poReference: null,
  idempotencyKey: null,
  lines,
  ...extra,
});

/** An order or line as the function answers it, without what differs between two placements. */
function comparable(row: Record<string, unknown> | undefined) {
  const {
    id,
    number,
    email,
    created_at,
    updated_at,
    idempotency_key,
    idempotency_hash,
    order_id,
    paid_at,
    expires_at,
    ...rest
  } = row ?? {};
  return rest;
}

const stockOf = async (id: string) =>
  (await ctx.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;

describe('place_orders', () => {
  it('places each plain request as place_order places it: bill, tax, name, lines, job', async () => {
    const plain = await newPart();
    const bulk = await newPart({ priceCents: 1999, bulkDiscount: true });
    const packs = await newPart({
      sku: 'BATCH-PACK-5',
      priceCents: 310,
      minOrderQuantity: 5,
      orderMultiple: 5,
    });
    const shapes = [
      [{ partId: plain.id, quantity: 3 }],
      [{ partId: bulk.id, quantity: 600 }],
      [
        { sku: 'batch-pack-5', quantity: 10 },
        { partId: plain.id, quantity: 1 },
        { partId: plain.id, quantity: 2 },
      ],
      [{ partId: packs.id, quantity: 5 }],
    ];
    const extras = [{ poReference: 'PO-7731', idempotencyKey: 'k-1', idempotencyHash: 'h-1' }, {}, {}, {}];
    const batchCustomers = await Promise.all(shapes.map(() => accountWithToken(ctx)));
    const aloneCustomers = await Promise.all(shapes.map(() => accountWithToken(ctx)));
    await ctx.db
      .update(users)
      .set({ companyName: 'Batch Builders Ltd', vatNumber: 'GB123456789' })
      .where(inArray(users.email, [batchCustomers[0]?.email ?? '', aloneCustomers[0]?.email ?? '']));

    const batched = await call<Answer[]>(
      'place_orders',
      shapes.map((lines, i) => request(batchCustomers[i]?.email ?? '', lines, extras[i])),
    );
    expect(batched.map((a) => a.outcome)).toEqual(['placed', 'placed', 'placed', 'placed']);
    for (const [i, lines] of shapes.entries()) {
      const alone = await call<Answer>(
        'place_order',
        request(aloneCustomers[i]?.email ?? '', lines, extras[i]),
      );
      expect(alone.outcome).toBe('placed');
      expect(comparable(batched[i]?.order)).toEqual(comparable(alone.order));
      expect(batched[i]?.lines?.map(comparable)).toEqual(alone.lines?.map(comparable));
      expect(batched[i]?.order?.email).toBe(batchCustomers[i]?.email);
    }
    // Two lines of 13 units in all; the bulk discount on 600; tax on every line.
    expect(batched[2]?.order).toMatchObject({ line_count: 2 });
    expect(batched[2]?.lines?.reduce((units, line) => units + Number(line.quantity), 0)).toBe(13);
    expect(batched[1]?.lines?.[0]).toMatchObject({ discount_percent: 5 });
    expect(Number(batched[0]?.order?.tax_cents)).toBe(750);

    // Each order: one history entry, and one e-mail job naming it.
    for (const answer of batched) {
      const events = await ctx.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, String(answer.order?.id)));
      expect(events).toHaveLength(1);
      const { rows } = await ctx.database.executeSql(
        `select count(*)::int as n from ${boss.queue.schema}.job where name = 'order-event' and data->>'eventId' = $1`,
        [events[0]?.id],
      );
      expect(rows).toEqual([{ n: 1 }]);
    }
    // Both placements took their stock: 3 + 3 of the plain part, twice.
    expect(await stockOf(plain.id)).toBe(10_000 - 12);
    expect(await stockOf(packs.id)).toBe(10_000 - 30);
  });

  it('leaves every request that is not plain to be placed alone, writing nothing for it', async () => {
    const ample = await newPart();
    const packs = await newPart({ minOrderQuantity: 5, orderMultiple: 5 });
    const few = await newPart({ availableQuantity: 2 });
    const gone = await newPart({ deletedAt: new Date() });
    const shared = await newPart({ availableQuantity: 3 });
    const who = await Promise.all(Array.from({ length: 16 }, () => accountWithToken(ctx)));
    const email = (i: number) => who[i]?.email ?? '';
    // A key already used by the customer; a customer at the open-order cap (2 here); a credit limit.
    await call(
      'place_order',
      request(email(7), [{ partId: ample.id, quantity: 1 }], { idempotencyKey: 'used' }),
    );
    for (let i = 0; i < 2; i += 1)
      await call('place_order', request(email(11), [{ partId: ample.id, quantity: 1 }]));
    await ctx.db
      .update(users)
      .set({ creditLimitCents: 100 })
      .where(eq(users.email, email(12)));
    const ordersBefore = (await ctx.db.select().from(orders)).length;

    const asked = [
      request(email(0), [{ partId: ample.id, quantity: 1 }]),
      request(email(1), [{ partId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]),
      request(email(2), [{ sku: 'NO-SUCH-SKU', quantity: 1 }]),
      request(email(3), [{ partId: packs.id, quantity: 3 }]),
      request(email(4), [{ partId: packs.id, quantity: 7 }]),
      request(email(5), [{ partId: few.id, quantity: 3 }]),
      request(email(6), [{ partId: gone.id, quantity: 1 }]),
      request(email(7), [{ partId: ample.id, quantity: 1 }], { idempotencyKey: 'used' }),
      request(email(8), [{ partId: ample.id, quantity: 1 }]),
      request(email(8), [{ partId: ample.id, quantity: 2 }]),
      request(email(9), undefined),
      request(
        email(10),
        Array.from({ length: 101 }, () => ({ partId: ample.id, quantity: 1 })),
      ),
      request(email(11), [{ partId: ample.id, quantity: 1 }]),
      request(email(12), [{ partId: ample.id, quantity: 1 }]),
      // Two plain orders that together want more of a part than there is.
      request(email(13), [{ partId: shared.id, quantity: 2 }]),
      request(email(14), [{ partId: shared.id, quantity: 2 }]),
      request(email(15), [{ partId: ample.id, quantity: 1 }]),
    ];
    const stockBefore = await stockOf(ample.id);
    const answers = await call<Answer[]>('place_orders', asked, rules({ maxOpenOrders: 2 }));
    const placed = answers.flatMap((a, i) => (a.outcome === 'placed' ? [i] : []));
    expect(placed).toEqual([0, 16]);
    expect(answers.filter((a) => a.outcome === 'single')).toHaveLength(asked.length - 2);
    expect((await ctx.db.select().from(orders)).length).toBe(ordersBefore + 2);
    expect(await stockOf(ample.id)).toBe((stockBefore ?? 0) - 2);
    expect(await stockOf(shared.id)).toBe(3);
    expect(await stockOf(few.id)).toBe(2);
  });

  it('places a batch of one', async () => {
    const part = await newPart();
    const who = await accountWithToken(ctx);
    expect(
      await call<Answer[]>('place_orders', [request(who.email, [{ partId: part.id, quantity: 4 }])]),
    ).toEqual([expect.objectContaining({ outcome: 'placed' })]);
    expect(await stockOf(part.id)).toBe(9_996);
  });
});

describe('orders placed in a rush', () => {
  /** 30 customers ordering `quantity` of one part at the same moment: their answers' statuses. */
  async function rush(partId: string, quantity: number): Promise<number[]> {
    const customers = await Promise.all(Array.from({ length: 30 }, () => accountWithToken(ctx)));
    const answers = await Promise.all(
      customers.map((who) =>
        ctx
          .http()
          .post('/api/order')
          .set(who.auth)
          .send({ partId, productQuantity: quantity, ...contact }),
      ),
    );
    return answers.map((res) => res.status).sort();
  }

  it('are placed in batches, the stock exact, every customer answered', async () => {
    const part = await newPart({ availableQuantity: 100 });
    const callsBefore = batchCalls;
    expect(await rush(part.id, 2)).toEqual(Array(30).fill(201));
    expect(await stockOf(part.id)).toBe(40);
    // On PGlite's one connection the requests' look-ups of their callers come one at a time, and
    // so do their placements: only PostgreSQL's pool lets them arrive together.
    if (usingPostgres) expect(batchCalls).toBeGreaterThan(callsBefore);
  });

  it('sell the last units once: 30 customers, 20 units, 20 orders and 10 refusals', async () => {
    const part = await newPart({ availableQuantity: 20 });
    expect(await rush(part.id, 1)).toEqual([...Array(20).fill(201), ...Array(10).fill(409)]);
    expect(await stockOf(part.id)).toBe(0);
  });
});

describe.runIf(usingPostgres)('a batch undone by the database', () => {
  /** Two customers' plain orders, one of `held` and one of another part, without keys. */
  async function twoOrders(held: { id: string }) {
    const other = await newPart();
    const [a, b] = await Promise.all([accountWithToken(ctx), accountWithToken(ctx)]);
    const emails = [a?.email ?? '', b?.email ?? ''];
    const requests: PlacementRequest[] = [
      {
        ...request(emails[0] ?? '', [{ partId: held.id, quantity: 1 }]),
        idempotencyKey: undefined,
        idempotencyHash: undefined,
      },
      {
        ...request(emails[1] ?? '', [{ partId: other.id, quantity: 1 }]),
        idempotencyKey: undefined,
        idempotencyHash: undefined,
      },
    ];
    const nothingWritten = async () => {
      expect(await ctx.db.select().from(orders).where(inArray(orders.email, emails))).toEqual([]);
      expect(await stockOf(other.id)).toBe(10_000);
    };
    return { emails, requests, nothingWritten };
  }

  /** Runs `hold` in a transaction until the batch waits for it, then `then` in the same one. */
  async function whileBatchWaits(
    hold: (tx: Parameters<Parameters<typeof ctx.db.transaction>[0]>[0]) => Promise<unknown>,
    batch: () => Promise<unknown[]>,
    then: (tx: Parameters<Parameters<typeof ctx.db.transaction>[0]>[0]) => Promise<unknown> = async () => {},
  ): Promise<unknown[]> {
    let answers: Promise<unknown[]> | undefined;
    await ctx.db.transaction(async (tx) => {
      await hold(tx);
      const [holder] = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`));
      answers = batch();
      // The batch has written its orders and waits for this transaction's row lock.
      await eventually(async () => {
        const waiting = await ctx.database.executeSql(
          'select count(*)::int as n from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))',
          [Number(holder?.pid)],
        );
        expect(waiting.rows).toEqual([{ n: 1 }]);
      });
      await then(tx);
    });
    return (await answers) ?? [];
  }

  it('is undone whole when a part changed under it, and each of its orders left to be placed alone', async () => {
    const held = await newPart();
    const { requests, nothingWritten } = await twoOrders(held);
    const refused = await whileBatchWaits(
      (tx) => tx.execute(sql`update parts set price_cents = 1300 where id = ${held.id}`),
      () => placeOrders(ctx.db, requests, placementRules, job()).catch((error: unknown) => [error]),
    );
    expect(failedWith(refused[0], ROW_CHANGED)).toBe(true);
    expect(eachAloneAfter(refused[0])).toBe(true);
    await nothingWritten();
  });

  it('leaves each of its orders to be placed alone when a deadlock undid it, not failing them all', async () => {
    const held = await newPart();
    const { emails, requests, nothingWritten } = await twoOrders(held);
    // A writer holding the part, then wanting the first customer's lock, which the batch holds
    // while it waits for the part: the batch, waiting first, is the one PostgreSQL undoes.
    const refused = await whileBatchWaits(
      (tx) => tx.execute(sql`select 1 from parts where id = ${held.id} for no key update`),
      () => placeOrders(ctx.db, requests, placementRules, job()).catch((error: unknown) => [error]),
      (tx) =>
        tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES.openOrders}, hashtext(${emails[0]}))`),
    );
    expect(failedWith(refused[0], '40P01')).toBe(true);
    expect(eachAloneAfter(refused[0])).toBe(true);
    await nothingWritten();
  });
});
