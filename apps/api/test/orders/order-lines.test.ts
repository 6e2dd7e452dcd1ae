import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, parts } from '../../src/db/schema.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';

/**
 * Orders are lines: `POST /api/order` writes its one line with the order; every answer
 * that shows orders carries their lines; a cancel and the expiry put back every line's stock.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

const address = '12 Harbour Street, Springfield 40001';
const phone = '+1 555 010 2030';

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await accountWithToken(ctx, 'customer', 'Lena Lines');
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

async function newPart(overrides: Partial<typeof parts.$inferInsert> = {}) {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: 100, ...overrides }))
    .returning();
  if (!part) throw new Error('no part');
  return part;
}

const stockOf = async (id: string) =>
  (await ctx.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;

/**
 * A three-line order written straight to the tables, its stock taken by hand: what checkout
 * writes, so that cancel and expiry can be tested on lines without it.
 */
async function multiLineOrder(lines: { id: string; sku: string; name: string; q: number }[]) {
  const [order] = await ctx.db
    .insert(orders)
    .values({
      totalCents: lines.reduce((sum, l) => sum + l.q * 100, 0),
      userName: customer.name,
      email: customer.email,
      phone,
      address,
      lineCount: lines.length,
      poReference: 'PO-7',
    })
    .returning();
  if (!order) throw new Error('no order');
  await ctx.db.insert(orderLines).values(
    lines.map((l, i) => ({
      orderId: order.id,
      position: i + 1,
      partId: l.id,
      sku: l.sku,
      productName: l.name,
      unitPriceCents: 100,
      quantity: l.q,
      totalCents: l.q * 100,
    })),
  );
  for (const l of lines) {
    const before = (await stockOf(l.id)) ?? 0;
    await ctx.db
      .update(parts)
      .set({ availableQuantity: before - l.q })
      .where(eq(parts.id, l.id));
  }
  return order;
}

describe('orders are lines', () => {
  it('POST /api/order writes one line with the part’s SKU, and every answer carries it', async () => {
    const part = await newPart({ name: 'Line part', priceCents: 1250, sku: 'LP-1' });
    const res = await sendOrder(client(ctx.http, customer.auth), part.id, {
      productQuantity: 4,
      phone,
      address,
    }).expect(201);
    const line = {
      partId: part.id,
      sku: 'LP-1',
      productName: 'Line part',
      unitPrice: 12.5,
      productQuantity: 4,
      discountPercent: 0,
      discount: 0,
      price: 50,
    };
    expect(res.body.order).toMatchObject({ lines: [line], lineCount: 1, poReference: null });
    const id = res.body.insertedId;
    const rows = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(rows).toMatchObject([{ position: 1, quantity: 4, totalCents: 5000, sku: 'LP-1' }]);

    const mine = await ctx
      .http()
      .get('/api/myorder')
      .query({ email: customer.email })
      .set(customer.auth)
      .expect(200);
    expect(mine.body.find((o: { _id: string }) => o._id === id)).toMatchObject({ lines: [line] });
    const desk = await ctx.http().get(`/api/orders/${admin.email}`).set(admin.auth).expect(200);
    expect(desk.body.find((o: { _id: string }) => o._id === id)).toMatchObject({ lines: [line] });
    const detail = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(detail.body.order).toMatchObject({ lines: [line], lineCount: 1 });
  });

  it('shows a multi-line order as its first part and N more, with every line in order', async () => {
    const [a, b, c] = [await newPart({ name: 'Alpha' }), await newPart(), await newPart()];
    if (!a || !b || !c) throw new Error('no parts');
    const order = await multiLineOrder([
      { id: a.id, sku: a.sku, name: 'Alpha', q: 3 },
      { id: b.id, sku: b.sku, name: b.name, q: 4 },
      { id: c.id, sku: c.sku, name: c.name, q: 5 },
    ]);
    const detail = await ctx.http().get(`/api/order/${order.id}`).set(customer.auth).expect(200);
    expect(detail.body.order).toMatchObject({
      productName: 'Alpha and 2 more',
      productQuantity: 12,
      lineCount: 3,
      poReference: 'PO-7',
    });
    expect(detail.body.order.lines.map((l: { sku: string }) => l.sku)).toEqual([a.sku, b.sku, c.sku]);
  });

  it('a cancel puts back every line’s stock', async () => {
    const [a, b] = [await newPart(), await newPart()];
    if (!a || !b) throw new Error('no parts');
    const order = await multiLineOrder([
      { id: a.id, sku: a.sku, name: a.name, q: 30 },
      { id: b.id, sku: b.sku, name: b.name, q: 7 },
    ]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([70, 93]);
    await ctx.http().delete(`/api/order/${order.id}`).set(customer.auth).expect(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([100, 100]);
  });

  it('the expiry puts back every line of the whole batch', async () => {
    const [a, b] = [await newPart(), await newPart()];
    if (!a || !b) throw new Error('no parts');
    const first = await multiLineOrder([
      { id: a.id, sku: a.sku, name: a.name, q: 10 },
      { id: b.id, sku: b.sku, name: b.name, q: 20 },
    ]);
    const second = await multiLineOrder([
      { id: b.id, sku: b.sku, name: b.name, q: 5 },
      { id: a.id, sku: a.sku, name: a.name, q: 1 },
    ]);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([89, 75]);
    await createOrderMoves(createOrdersRepo(ctx.db, noJobs)).expireUnpaid(0);
    const statuses = await ctx.db
      .select({ status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [first.id, second.id]));
    expect(statuses.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([100, 100]);
  });
});
