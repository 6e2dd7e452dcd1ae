import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, orderLines, orders, parts } from '../../src/db/schema.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Whatever carts hold, whatever is checked out (from the cart or with lines, refused or not),
 * cancelled or expired, a few at once: each part's stock plus the quantities of its lines in
 * orders that are not cancelled stays what it was, and stock never goes below zero. A refused
 * multi-line order takes nothing.
 */
type Account = Awaited<ReturnType<typeof accountWithToken>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let buyers: Account[];
let partIds: string[];
let sweep: ReturnType<typeof createOrderMoves>;

const STOCK = 60;
const address = '12 Harbour Street, Springfield 40001';
const phone = '+1 555 010 2030';

beforeAll(async () => {
  ctx = await createTestApp();
  buyers = await Promise.all([accountWithToken(ctx), accountWithToken(ctx), accountWithToken(ctx)]);
  const rows = await ctx.db
    .insert(parts)
    .values([
      partRow({ minOrderQuantity: 1, availableQuantity: STOCK }),
      partRow({ minOrderQuantity: 2, orderMultiple: 2, availableQuantity: STOCK }),
      partRow({ minOrderQuantity: 5, availableQuantity: STOCK }),
    ])
    .returning();
  partIds = rows.map((r) => r.id);
  sweep = createOrderMoves(createOrdersRepo(ctx.db, noJobs));
});
afterAll(() => ctx.close());

type Line = { part: number; quantity: number };
type Step =
  | { kind: 'cart-checkout' | 'lines-checkout'; who: number; lines: Line[] }
  | { kind: 'cancel'; who: number; pick: number }
  | { kind: 'expire' };

const lines = fc.array(fc.record({ part: fc.nat(2), quantity: fc.integer({ min: 1, max: 25 }) }), {
  minLength: 1,
  maxLength: 4,
});
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('cart-checkout' as const, 'lines-checkout' as const),
      who: fc.nat(2),
      lines,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), who: fc.nat(2), pick: fc.nat(3) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const) }) },
);

async function run(s: Step): Promise<number> {
  if (s.kind === 'expire') return (await sweep.expireUnpaid(0)) >= 0 ? 200 : 500;
  const who = buyers[s.who];
  if (!who) throw new Error('no buyer');
  if (s.kind === 'cancel') {
    const mine = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.email, who.email), eq(orders.status, 'unpaid')));
    const order = mine[s.pick % Math.max(1, mine.length)];
    if (!order) return 200;
    return (await ctx.http().delete(`/api/order/${order.id}`).set(who.auth)).status;
  }
  const asked = s.lines.map((l) => ({ partId: partIds[l.part] ?? '', quantity: l.quantity }));
  if (s.kind === 'lines-checkout') {
    return (await ctx.http().post('/api/checkout').set(who.auth).send({ phone, address, lines: asked }))
      .status;
  }
  // The cart keeps one line per part: a part twice in the steps' lines adds up.
  await ctx.db.delete(cartLines).where(eq(cartLines.email, who.email));
  const merged = new Map<string, number>();
  for (const l of asked) merged.set(l.partId, (merged.get(l.partId) ?? 0) + l.quantity);
  // Steps run a few at once, so the same customer's cart may be written by two: the last wins.
  await ctx.db
    .insert(cartLines)
    .values([...merged].map(([partId, quantity]) => ({ email: who.email, partId, quantity })))
    .onConflictDoUpdate({
      target: [cartLines.email, cartLines.partId],
      set: { quantity: sql`excluded.quantity` },
    });
  return (await ctx.http().post('/api/checkout').set(who.auth).send({ phone, address })).status;
}

async function totals() {
  const stock = await ctx.db
    .select({ id: parts.id, q: parts.availableQuantity })
    .from(parts)
    .where(inArray(parts.id, partIds));
  const live = await ctx.db
    .select({ id: orderLines.partId, q: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.partId, partIds), ne(orders.status, 'cancelled')))
    .groupBy(orderLines.partId);
  return partIds.map((id) => {
    const onShelf = stock.find((s) => s.id === id)?.q ?? Number.NaN;
    return { onShelf, total: onShelf + (live.find((l) => l.id === id)?.q ?? 0) };
  });
}

describe('stock + live order lines', () => {
  it('stays constant through random checkouts, refusals, cancels and expiries, a few at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
        async (batches) => {
          for (const batch of batches) {
            const statuses = await Promise.all(batch.map(run));
            expect(statuses.filter((s) => s >= 500)).toEqual([]);
            for (const { onShelf, total } of await totals()) {
              expect(onShelf).toBeGreaterThanOrEqual(0);
              expect(total).toBe(STOCK);
            }
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
