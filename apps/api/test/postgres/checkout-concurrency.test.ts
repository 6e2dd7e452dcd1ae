import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, orderLines, orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Real PostgreSQL only: what a checkout meets at the same moment. Retries of
 * one cart checkout under one key; cancels putting stock back while other carts take the same
 * parts in the other order; a quick-order import into the cart that checkout is emptying. None
 * may deadlock (PostgreSQL would abort one: a 500), oversell or order twice.
 */
type Account = Awaited<ReturnType<typeof accountWithToken>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const contact = { phone: '+1 555 010 2030', address: '12 Harbour Street, Springfield 40001' };

async function newParts(n: number, stock: number) {
  return ctx.db
    .insert(parts)
    .values(Array.from({ length: n }, () => partRow({ minOrderQuantity: 1, availableQuantity: stock })))
    .returning();
}

function checkout(who: Account, body: object = {}, key?: string) {
  const req = ctx.http().post('/api/checkout').set(who.auth);
  if (key) req.set('Idempotency-Key', key);
  return req.send({ ...contact, ...body });
}

/** Stock on the shelves plus the quantities of lines in orders not cancelled: never changes. */
async function heldAndLeft(ids: string[]) {
  const [left] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${parts.availableQuantity}), 0)::int` })
    .from(parts)
    .where(inArray(parts.id, ids));
  const [held] = await ctx.db
    .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.partId, ids), ne(orders.status, 'cancelled')));
  return (left?.n ?? 0) + (held?.n ?? 0);
}

describe('checkout at the same moment as', () => {
  it('its own retries under one key: one order, answered to every retry (never "your cart is empty")', async () => {
    const [a, b] = await newParts(2, 100);
    const customer = await accountWithToken(ctx);
    await ctx.db.insert(cartLines).values([
      { email: customer.email, partId: a?.id ?? '', quantity: 5 },
      { email: customer.email, partId: b?.id ?? '', quantity: 3 },
    ]);
    const key = `retry-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout(customer, {}, key)));
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((res) => res.body.insertedId)).size).toBe(1);
    expect(await ctx.db.select().from(orders).where(eq(orders.email, customer.email))).toHaveLength(1);
    const stock = await ctx.db
      .select()
      .from(parts)
      .where(inArray(parts.id, [a?.id ?? '', b?.id ?? '']));
    expect(stock.map((p) => p.availableQuantity).sort()).toEqual([95, 97]);
  });

  it('cancels putting the same parts back while other carts take them in the other order', async () => {
    const made = await newParts(4, 10_000);
    const ids = made.map((p) => p.id);
    const forward = ids.map((partId) => ({ partId, quantity: 1 }));
    const backward = [...forward].reverse();
    const before = await heldAndLeft(ids);
    const cancellers = await Promise.all(Array.from({ length: 12 }, () => accountWithToken(ctx)));
    const placed = await Promise.all(cancellers.map((who) => checkout(who, { lines: forward })));
    expect(placed.map((res) => res.status)).toEqual(Array(12).fill(201));
    const buyers = await Promise.all(Array.from({ length: 12 }, () => accountWithToken(ctx)));
    const answers = await Promise.all([
      ...cancellers.map((who, i) =>
        ctx.http().delete(`/api/order/${placed[i]?.body.insertedId}`).set(who.auth),
      ),
      ...buyers.map((who) => checkout(who, { lines: backward })),
    ]);
    expect(answers.filter((res) => res.status >= 500)).toEqual([]);
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(12).fill(200), ...Array(12).fill(201)]);
    expect(await heldAndLeft(ids)).toBe(before);
  });

  it('a quick-order import into the cart it is emptying', async () => {
    const made = await newParts(3, 10_000);
    const customer = await accountWithToken(ctx);
    const text = [...made]
      .reverse()
      .map((p) => `${p.sku},2`)
      .join('\n');
    for (let round = 0; round < 6; round += 1) {
      await ctx.db
        .insert(cartLines)
        .values(made.map((p) => ({ email: customer.email, partId: p.id, quantity: 1 })))
        .onConflictDoNothing();
      const answers = await Promise.all([
        checkout(customer),
        ctx.http().post('/api/cart/import').set(customer.auth).send({ text }),
        ctx.http().post('/api/cart/import').set(customer.auth).send({ text }),
      ]);
      expect(answers.filter((res) => res.status >= 500)).toEqual([]);
      // The checkout ordered the cart as one of the orders of events left it: whole.
      expect(answers[0]?.status).toBe(201);
      await ctx.db.delete(cartLines).where(eq(cartLines.email, customer.email));
    }
  });
});
