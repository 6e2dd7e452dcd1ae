import type { InsertResult } from '@store/shared';
import { and, desc, eq, ne, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orderLines, orders, parts } from '../../src/db/schema.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { ordersOfPart } from '../support/order-rows.js';
import { sendOrder } from '../support/orders.js';

/**
 * Whatever customers and admins do, and whatever the expiry sweep cancels, in any order, stock +
 * the quantities of orders that are not cancelled stays what it was, stock never goes below
 * zero, and each order's latest history entry is its status: every move is one transaction
 * with its stock effect and its record.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customers: Awaited<ReturnType<typeof accountWithToken>>[];
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let sweep: ReturnType<typeof createOrderMoves>;

beforeAll(async () => {
  ctx = await createTestApp();
  customers = await Promise.all([accountWithToken(ctx), accountWithToken(ctx)]);
  admin = await accountWithToken(ctx, 'admin');
  // The expiry sweep as the job queue runs it: through the orders service.
  sweep = createOrderMoves(createOrdersRepo(ctx.db, noJobs));
});
afterAll(() => ctx.close());

type Step =
  | { kind: 'place'; who: number; quantity: number }
  | { kind: 'cancel' | 'pay' | 'ship' | 'admin-cancel' | 'undo'; who: number; pick: number }
  | { kind: 'expire'; ageMs: number };

/** The admin's moves through `PATCH /api/order/:id/status`. */
const MOVES = { pay: 'paid', ship: 'shipped', 'admin-cancel': 'cancelled', undo: 'unpaid' } as const;

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      who: fc.nat(1),
      quantity: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'cancel' as const,
        'pay' as const,
        'ship' as const,
        'admin-cancel' as const,
        'undo' as const,
      ),
      who: fc.nat(1),
      // A few orders, picked again and again, go through many moves.
      pick: fc.nat(3),
    }),
  },
  // The sweep, with an age from 'everything unpaid' to 'only the first few orders of this run'.
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('expire' as const), ageMs: fc.integer({ min: 0, max: 300 }) }),
  },
);

/** Run first, so that every kind of step surely happens (and succeeds) at least once. */
const everyMove: Step[] = [
  { kind: 'place', who: 0, quantity: 10 },
  { kind: 'pay', who: 0, pick: 0 },
  { kind: 'undo', who: 0, pick: 0 },
  { kind: 'pay', who: 0, pick: 0 },
  { kind: 'ship', who: 0, pick: 0 },
  { kind: 'place', who: 1, quantity: 20 },
  { kind: 'admin-cancel', who: 0, pick: 1 },
  { kind: 'place', who: 0, quantity: 30 },
  { kind: 'pay', who: 0, pick: 2 },
  { kind: 'admin-cancel', who: 0, pick: 2 },
  { kind: 'place', who: 0, quantity: 15 },
  { kind: 'cancel', who: 0, pick: 3 },
  { kind: 'place', who: 1, quantity: 25 },
  { kind: 'expire', ageMs: 0 },
];

const INITIAL_STOCK = 100;

async function expectInvariant(partId: string) {
  const [now] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
  const [active] = await ctx.db
    .select({ total: sum(orderLines.quantity) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.partId, partId), ne(orders.status, 'cancelled')));
  const stock = now?.availableQuantity ?? -1;
  expect(stock).toBeGreaterThanOrEqual(0);
  expect(stock + Number(active?.total ?? 0)).toBe(INITIAL_STOCK);
  const placed = await ordersOfPart(ctx.db, partId);
  for (const order of placed) {
    const [latest] = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(desc(orderEvents.at), desc(orderEvents.id))
      .limit(1);
    expect(latest?.status).toBe(order.status);
  }
}

describe('stock invariant', () => {
  it('keeps stock + active order quantities constant, stock never negative, history in step', async () => {
    // What actually happened across the runs: the property must not hold only vacuously.
    const done = { expired: 0, cancel: 0, pay: 0, ship: 0, 'admin-cancel': 0, undo: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const [part] = await ctx.db
          .insert(parts)
          .values(partRow({ minOrderQuantity: 5, availableQuantity: INITIAL_STOCK }))
          .returning();
        const partId = part?.id as string;
        const placed: string[] = [];

        for (const s of steps) {
          if (s.kind === 'expire') {
            done.expired += await sweep.expireUnpaid(s.ageMs);
            await expectInvariant(partId);
            continue;
          }
          const who = customers[s.who] ?? customers[0];
          if (!who) throw new Error('no customer');
          if (s.kind === 'place') {
            const res = await sendOrder(client(ctx.http, who.auth), partId, { productQuantity: s.quantity });
            expect([201, 400, 409]).toContain(res.status);
            if (res.status === 201) placed.push((res.body as InsertResult).insertedId);
          } else if (placed.length > 0) {
            const id = placed[s.pick % placed.length];
            const res =
              s.kind === 'cancel'
                ? await ctx
                    .http()
                    .delete(`/api/order/${id}`)
                    .set(s.who === 0 ? who.auth : admin.auth)
                : await ctx
                    .http()
                    .patch(`/api/order/${id}/status`)
                    .set(admin.auth)
                    .send({ status: MOVES[s.kind] });
            expect([200, 404, 409]).toContain(res.status);
            if (res.status === 200) done[s.kind] += 1;
          }
          await expectInvariant(partId);
        }
      }),
      { numRuns: 25, examples: [[everyMove]] },
    );
    for (const [kind, times] of Object.entries(done)) expect(times, kind).toBeGreaterThan(0);
  }, 120_000);
});
