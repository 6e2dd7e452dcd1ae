import {
  apiMessages,
  cartApiMessages,
  cartMessages,
  MAX_CART_LINES,
  MAX_QUICK_ORDER_ROWS,
} from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartLines, orderLines, orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * The server cart, quick order, reorder and merge (decision 040). Every answer is
 * also checked against the contract by the test app.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let other: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
// A fresh customer each test, so each starts from an empty cart.
beforeEach(async () => {
  customer = await accountWithToken(ctx);
  other = await accountWithToken(ctx);
});

let skuCounter = 0;
/** A part with a SKU of its own; the rest as `partRow` makes it. */
async function addPart(overrides: Partial<typeof parts.$inferInsert> = {}) {
  skuCounter += 1;
  const [row] = await ctx.db
    .insert(parts)
    .values(partRow({ sku: `CT-${skuCounter}`, minOrderQuantity: 1, availableQuantity: 1000, ...overrides }))
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

const http = () => ctx.http();
const getCart = (who = customer) => http().get('/api/cart').set(who.auth);
const setLine = (partId: string, quantity: unknown, who = customer) =>
  http().put(`/api/cart/${partId}`).set(who.auth).send({ quantity });
const importText = (text: unknown, who = customer) =>
  http().post('/api/cart/import').set(who.auth).send({ text });

describe('GET /api/cart', () => {
  it('answers an empty cart', async () => {
    const res = await getCart().expect(200);
    expect(res.body).toEqual({ lines: [], subtotal: 0, discount: 0, net: 0, tax: 0, total: 0, units: 0 });
  });

  it('shows net, tax and total as the order will store them, taxed per line (decision 053)', async () => {
    const a = await addPart({ priceCents: 999 });
    const b = await addPart({ priceCents: 1999, bulkDiscount: true });
    await setLine(a.id, 1).expect(200);
    await setLine(b.id, 501).expect(200);
    for (const [tax, expected] of [
      // 999 → tax 199.8 → 200; 951,424 → 190,284.8 → 190,285.
      [
        { rateBasisPoints: 2000, pricesIncludeTax: false },
        { net: 9524.23, tax: 1904.85, total: 11429.08 },
      ],
      // 999 → net 832.5 → 833; 951,424 → net 792,853.33 → 792,853.
      [
        { rateBasisPoints: 2000, pricesIncludeTax: true },
        { net: 7936.86, tax: 1587.37, total: 9524.23 },
      ],
    ] as const) {
      const taxed = await createTestApp({ database: ctx.database, tax });
      try {
        const res = await taxed.http().get('/api/cart').set(customer.auth).expect(200);
        expect(res.body).toMatchObject({ subtotal: 10024.98, discount: 500.75, ...expected });
      } finally {
        await taxed.closeApp();
      }
    }
  });

  it('prices each line from today’s part, bulk discount per line, lines in the order added', async () => {
    const plain = await addPart({
      name: 'Plain fan',
      priceCents: 1250,
      minOrderQuantity: 10,
      orderMultiple: 5,
    });
    const bulk = await addPart({
      name: 'Bulk cable',
      priceCents: 199,
      bulkDiscount: true,
      availableQuantity: 5000,
    });
    await setLine(plain.id, 20).expect(200);
    await setLine(bulk.id, 1000).expect(200);
    const res = await getCart().expect(200);
    expect(res.body.lines).toEqual([
      {
        partId: plain.id,
        sku: plain.sku,
        name: 'Plain fan',
        img: plain.img,
        thumb: expect.any(String),
        unitPrice: 12.5,
        quantity: 20,
        minOrderQuantity: 10,
        orderMultiple: 5,
        availableQuantity: 1000,
        discountPercent: 0,
        discount: 0,
        lineTotal: 250,
        problem: null,
      },
      expect.objectContaining({
        partId: bulk.id,
        unitPrice: 1.99,
        quantity: 1000,
        discountPercent: 10,
        discount: 199,
        lineTotal: 1791,
        problem: null,
      }),
    ]);
    expect(res.body).toMatchObject({ subtotal: 2240, discount: 199, total: 2041, units: 1020 });
    // Today's price on every read.
    await ctx.db.update(parts).set({ priceCents: 1000 }).where(eq(parts.id, plain.id));
    expect((await getCart().expect(200)).body.lines[0].lineTotal).toBe(200);
  });

  it('flags each broken rule with the nearest valid quantity, and counts flagged lines in the totals', async () => {
    const packs = await addPart({ minOrderQuantity: 10, orderMultiple: 5, priceCents: 100 });
    const minimum = await addPart({ minOrderQuantity: 10, priceCents: 100 });
    const scarce = await addPart({ availableQuantity: 5, priceCents: 100 });
    const soldOut = await addPart({ minOrderQuantity: 10, availableQuantity: 4, priceCents: 100 });
    const gone = await addPart({ priceCents: 100 });
    await setLine(packs.id, 12).expect(200);
    await setLine(minimum.id, 3).expect(200);
    await setLine(scarce.id, 6).expect(200);
    await setLine(soldOut.id, 10).expect(200);
    await setLine(gone.id, 2).expect(200);
    await ctx.db.update(parts).set({ deletedAt: new Date() }).where(eq(parts.id, gone.id));
    const res = await getCart().expect(200);
    expect(res.body.lines.map((line: { problem: unknown }) => line.problem)).toEqual([
      { code: 'not-multiple', message: cartMessages.notMultiple(5), suggestedQuantity: 10 },
      { code: 'below-minimum', message: cartMessages.belowMinimum(10), suggestedQuantity: 10 },
      { code: 'over-stock', message: cartMessages.overStock(5), suggestedQuantity: 5 },
      { code: 'unavailable', message: cartMessages.notEnoughForMinimum(4, 10), suggestedQuantity: null },
      { code: 'unavailable', message: cartMessages.unavailable, suggestedQuantity: null },
    ]);
    expect(res.body).toMatchObject({ units: 33, total: 33 });
    // A deleted part's line is removed like any other.
    const removed = await http().delete(`/api/cart/${gone.id}`).set(customer.auth).expect(200);
    expect(removed.body).toMatchObject({ units: 31, total: 31 });
  });

  it('never shows another customer’s cart', async () => {
    const part = await addPart();
    await setLine(part.id, 3).expect(200);
    expect((await getCart(other).expect(200)).body.lines).toEqual([]);
    await http().delete('/api/cart').set(other.auth).expect(200);
    await http().delete(`/api/cart/${part.id}`).set(other.auth).expect(200);
    expect((await getCart().expect(200)).body.lines).toHaveLength(1);
  });

  it('asks for a sign-in', async () => {
    const res = await http().get('/api/cart').expect(401);
    expect(res.body).toEqual({ message: apiMessages.signInRequired });
  });
});

describe('PUT /api/cart/:partId', () => {
  it('adds a line, then sets (not adds) its quantity, keeping its place', async () => {
    const a = await addPart();
    const b = await addPart();
    await setLine(a.id, 2).expect(200);
    await setLine(b.id, 3).expect(200);
    const res = await setLine(a.id, 7).expect(200);
    expect(res.body.lines.map((l: { partId: string; quantity: number }) => [l.partId, l.quantity])).toEqual([
      [a.id, 7],
      [b.id, 3],
    ]);
  });

  it('keeps a quantity that breaks the part’s rules, flagged', async () => {
    const part = await addPart({ minOrderQuantity: 10, orderMultiple: 5, availableQuantity: 50 });
    const res = await setLine(part.id, 60).expect(200);
    expect(res.body.lines[0]).toMatchObject({
      quantity: 60,
      problem: { code: 'over-stock', suggestedQuantity: 50 },
    });
  });

  it.each([
    ['zero', 0],
    ['a fraction', 1.5],
    ['too many', 1_000_001],
    ['a string', '5'],
    ['nothing', undefined],
  ])('refuses %s as the quantity (400)', async (_name, quantity) => {
    const part = await addPart();
    const res = await setLine(part.id, quantity).expect(400);
    expect(res.body.fields?.quantity).toBe(cartApiMessages.rowQuantityInvalid);
  });

  it('answers 404 for an unknown, malformed or deleted part', async () => {
    const gone = await addPart({ deletedAt: new Date() });
    for (const id of ['7d0c7a4e-3f1a-4a39-9d38-0a7e1f1b2c3d', 'not-a-uuid', gone.id]) {
      const res = await setLine(id, 1).expect(404);
      expect(res.body).toEqual({ message: apiMessages.partNotFound });
    }
  });

  it(`holds ${MAX_CART_LINES} lines and refuses the ${MAX_CART_LINES + 1}st (409), not a change to a held one`, async () => {
    const rows = await ctx.db
      .insert(parts)
      .values(Array.from({ length: MAX_CART_LINES + 1 }, () => partRow({ minOrderQuantity: 1 })))
      .returning({ id: parts.id });
    const ids = rows.map((row) => row.id);
    await ctx.db
      .insert(cartLines)
      .values(
        ids.slice(0, MAX_CART_LINES - 1).map((partId) => ({ email: customer.email, partId, quantity: 1 })),
      );
    const hundredth = await setLine(ids[MAX_CART_LINES - 1] ?? '', 1).expect(200);
    expect(hundredth.body.lines).toHaveLength(MAX_CART_LINES);
    const refused = await setLine(ids[MAX_CART_LINES] ?? '', 1).expect(409);
    expect(refused.body).toEqual({ message: cartApiMessages.cartFull(MAX_CART_LINES) });
    await setLine(ids[0] ?? '', 9).expect(200);
  });
  it('lets only one of two new parts sent at once take the last place (the cart’s lock)', async () => {
    const rows = await ctx.db
      .insert(parts)
      .values(Array.from({ length: MAX_CART_LINES + 1 }, () => partRow({ minOrderQuantity: 1 })))
      .returning({ id: parts.id });
    const ids = rows.map((row) => row.id);
    await ctx.db
      .insert(cartLines)
      .values(
        ids.slice(0, MAX_CART_LINES - 1).map((partId) => ({ email: customer.email, partId, quantity: 1 })),
      );
    const answers = await Promise.all(ids.slice(MAX_CART_LINES - 1).map((id) => setLine(id, 1)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await getCart().expect(200)).body.lines).toHaveLength(MAX_CART_LINES);
  });
});

describe('DELETE /api/cart/:partId and /api/cart', () => {
  it('removes one line, then empties the cart', async () => {
    const a = await addPart();
    const b = await addPart();
    await setLine(a.id, 1).expect(200);
    await setLine(b.id, 1).expect(200);
    const removed = await http().delete(`/api/cart/${a.id}`).set(customer.auth).expect(200);
    expect(removed.body.lines.map((l: { partId: string }) => l.partId)).toEqual([b.id]);
    // Again: nothing to remove, nothing changes.
    await http().delete(`/api/cart/${a.id}`).set(customer.auth).expect(200);
    const cleared = await http().delete('/api/cart').set(customer.auth).expect(200);
    expect(cleared.body).toEqual({ lines: [], subtotal: 0, discount: 0, net: 0, tax: 0, total: 0, units: 0 });
  });

  it('answers 404 for a malformed part id', async () => {
    const res = await http().delete('/api/cart/nope').set(customer.auth).expect(404);
    expect(res.body).toEqual({ message: apiMessages.partNotFound });
  });
});

describe('POST /api/cart/import', () => {
  it('reads every accepted format, a header and blank lines, adding to the lines already there', async () => {
    const [a, b, c, d] = [await addPart(), await addPart(), await addPart(), await addPart()];
    await setLine(a.id, 5).expect(200);
    const text = [
      'SKU;Qty',
      `${a.sku},10`,
      '',
      `${b.sku.toLowerCase()};3`,
      `${c.sku}\t4`,
      `   `,
      `${d.sku} 2`,
      `"${a.sku}","1"`,
    ].join('\r\n');
    const res = await importText(text).expect(200);
    expect(res.body.rows).toEqual([
      { row: 2, sku: a.sku, quantity: 10, status: 'added', message: null, suggestedQuantity: null },
      {
        row: 4,
        sku: b.sku.toLowerCase(),
        quantity: 3,
        status: 'added',
        message: null,
        suggestedQuantity: null,
      },
      { row: 5, sku: c.sku, quantity: 4, status: 'added', message: null, suggestedQuantity: null },
      { row: 7, sku: d.sku, quantity: 2, status: 'added', message: null, suggestedQuantity: null },
      { row: 8, sku: a.sku, quantity: 1, status: 'added', message: null, suggestedQuantity: null },
    ]);
    expect(res.body.cart.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity])).toEqual([
      [a.sku, 16],
      [b.sku, 3],
      [c.sku, 4],
      [d.sku, 2],
    ]);
    expect((await getCart().expect(200)).body).toEqual(res.body.cart);
  });

  it('refuses an unknown SKU, a deleted part or a bad quantity on its row alone, and flags rule problems', async () => {
    const good = await addPart();
    const packs = await addPart({ minOrderQuantity: 10, orderMultiple: 5 });
    const gone = await addPart({ deletedAt: new Date() });
    const text = [
      `NOPE-1,5`,
      `${good.sku},2.5`,
      `${gone.sku},1`,
      `${packs.sku},12`,
      `${good.sku},4`,
      ',3',
    ].join('\n');
    const res = await importText(text).expect(200);
    expect(res.body.rows).toEqual([
      {
        row: 1,
        sku: 'NOPE-1',
        quantity: 5,
        status: 'error',
        message: cartApiMessages.unknownSku('NOPE-1'),
        suggestedQuantity: null,
      },
      {
        row: 2,
        sku: good.sku,
        quantity: null,
        status: 'error',
        message: cartApiMessages.rowQuantityInvalid,
        suggestedQuantity: null,
      },
      {
        row: 3,
        sku: gone.sku,
        quantity: 1,
        status: 'error',
        message: cartApiMessages.partGone,
        suggestedQuantity: null,
      },
      {
        row: 4,
        sku: packs.sku,
        quantity: 12,
        status: 'added',
        message: cartMessages.notMultiple(5),
        suggestedQuantity: 10,
      },
      { row: 5, sku: good.sku, quantity: 4, status: 'added', message: null, suggestedQuantity: null },
      {
        row: 6,
        sku: '',
        quantity: 3,
        status: 'error',
        message: cartApiMessages.noSku,
        suggestedQuantity: null,
      },
    ]);
    expect(res.body.cart.lines).toHaveLength(2);
  });

  it(`takes ${MAX_QUICK_ORDER_ROWS} rows and refuses ${MAX_QUICK_ORDER_ROWS + 1} whole (400, nothing added)`, async () => {
    const part = await addPart({ availableQuantity: 100_000 });
    const lines = Array.from({ length: MAX_QUICK_ORDER_ROWS }, () => `${part.sku},1`);
    const ok = await importText(lines.join('\n')).expect(200);
    expect(ok.body.rows).toHaveLength(MAX_QUICK_ORDER_ROWS);
    expect(ok.body.cart.lines[0].quantity).toBe(MAX_QUICK_ORDER_ROWS);
    const refused = await importText([...lines, `${part.sku},1`].join('\n'), other).expect(400);
    expect(refused.body.message).toBe(cartApiMessages.tooManyRows(MAX_QUICK_ORDER_ROWS));
    expect((await getCart(other).expect(200)).body.lines).toEqual([]);
  });

  it('refuses rows for new parts beyond the cart’s cap, with their message', async () => {
    const rows = await ctx.db
      .insert(parts)
      .values(
        Array.from({ length: MAX_CART_LINES + 1 }, (_, i) =>
          partRow({ sku: `CAP-${i}`, minOrderQuantity: 1 }),
        ),
      )
      .returning({ id: parts.id, sku: parts.sku });
    const text = [...rows, rows[0]].map((row) => `${row?.sku},1`).join('\n');
    const res = await importText(text).expect(200);
    expect(res.body.cart.lines).toHaveLength(MAX_CART_LINES);
    expect(res.body.rows[MAX_CART_LINES]).toMatchObject({
      status: 'error',
      message: cartApiMessages.rowCartFull(MAX_CART_LINES),
    });
    expect(res.body.rows[MAX_CART_LINES + 1]).toMatchObject({ status: 'added' });
    expect(res.body.cart.lines[0].quantity).toBe(2);
  });

  it.each([
    ['no text', undefined],
    ['blank text', ' \n '],
    ['too long a text', 'A'.repeat(50_001)],
    ['control characters', 'AB-1,1\u0000'],
  ])('refuses %s (400)', async (_name, text) => {
    const res = await importText(text).expect(400);
    expect(res.body.fields?.text).toBeDefined();
  });
});

/** An order of `email` with a line per part, as checkout makes them (PD-style order lines). */
async function orderOf(email: string, lines: Array<{ part: typeof parts.$inferSelect; quantity: number }>) {
  const [first] = lines;
  if (!first) throw new Error('an order has lines');
  const [order] = await ctx.db
    .insert(orders)
    .values({
      totalCents: 1,
      userName: 'Test Person',
      email,
      phone: '+1 555 010 2030',
      address: '12 Harbour Street, Springfield',
      lineCount: lines.length,
    })
    .returning();
  if (!order) throw new Error('insert returned no row');
  await ctx.db.insert(orderLines).values(
    lines.map(({ part, quantity }, index) => ({
      orderId: order.id,
      position: index + 1,
      partId: part.id,
      sku: part.sku,
      productName: part.name,
      unitPriceCents: part.priceCents,
      quantity,
      totalCents: part.priceCents * quantity,
    })),
  );
  return order;
}

describe('POST /api/order/:id/reorder', () => {
  it('adds the order’s lines to the cart at today’s prices, reporting deleted and sold-out parts', async () => {
    const kept = await addPart({ priceCents: 500 });
    const short = await addPart({ availableQuantity: 3 });
    const soldOut = await addPart({ minOrderQuantity: 10, availableQuantity: 5 });
    const gone = await addPart();
    const order = await orderOf(customer.email, [
      { part: kept, quantity: 4 },
      { part: short, quantity: 6 },
      { part: soldOut, quantity: 10 },
      { part: gone, quantity: 1 },
    ]);
    await ctx.db.update(parts).set({ deletedAt: new Date(), priceCents: 700 }).where(eq(parts.id, gone.id));
    await ctx.db.update(parts).set({ priceCents: 600 }).where(eq(parts.id, kept.id));
    await setLine(kept.id, 1).expect(200);
    const res = await http().post(`/api/order/${order.id}/reorder`).set(customer.auth).expect(200);
    expect(res.body.rows).toEqual([
      { row: 1, sku: kept.sku, quantity: 4, status: 'added', message: null, suggestedQuantity: null },
      {
        row: 2,
        sku: short.sku,
        quantity: 6,
        status: 'added',
        message: cartMessages.overStock(3),
        suggestedQuantity: 3,
      },
      {
        row: 3,
        sku: soldOut.sku,
        quantity: 10,
        status: 'error',
        message: cartApiMessages.soldOut,
        suggestedQuantity: null,
      },
      {
        row: 4,
        sku: gone.sku,
        quantity: 1,
        status: 'error',
        message: cartApiMessages.partGone,
        suggestedQuantity: null,
      },
    ]);
    expect(res.body.cart.lines).toEqual([
      expect.objectContaining({ partId: kept.id, quantity: 5, unitPrice: 6, lineTotal: 30 }),
      expect.objectContaining({ partId: short.id, quantity: 6 }),
    ]);
  });

  it('answers 404 for someone else’s order, an unknown one or a malformed id', async () => {
    const part = await addPart();
    const order = await orderOf(customer.email, [{ part, quantity: 1 }]);
    const admin = await accountWithToken(ctx, 'admin');
    for (const [who, id] of [
      [other, order.id],
      [admin, order.id],
      [customer, '7d0c7a4e-3f1a-4a39-9d38-0a7e1f1b2c3d'],
      [customer, 'nope'],
    ] as const) {
      const res = await http().post(`/api/order/${id}/reorder`).set(who.auth).expect(404);
      expect(res.body).toEqual({ message: apiMessages.orderNotFound });
    }
    expect((await getCart(other).expect(200)).body.lines).toEqual([]);
  });
});

describe('POST /api/cart/merge', () => {
  it('adds a visitor’s lines to the account’s, skipping unknown and deleted parts', async () => {
    const a = await addPart();
    const b = await addPart();
    const gone = await addPart({ deletedAt: new Date() });
    const unknown = '7d0c7a4e-3f1a-4a39-9d38-0a7e1f1b2c3d';
    await setLine(a.id, 2).expect(200);
    const res = await http()
      .post('/api/cart/merge')
      .set(customer.auth)
      .send({
        lines: [
          { partId: b.id, quantity: 3 },
          { partId: a.id, quantity: 5 },
          { partId: gone.id, quantity: 1 },
          { partId: unknown, quantity: 1 },
          { partId: b.id, quantity: 1 },
        ],
      })
      .expect(200);
    expect(
      res.body.cart.lines.map((l: { partId: string; quantity: number }) => [l.partId, l.quantity]),
    ).toEqual([
      [a.id, 7],
      [b.id, 4],
    ]);
    expect(res.body.skipped).toEqual([
      { partId: gone.id, message: apiMessages.partNotFound },
      { partId: unknown, message: apiMessages.partNotFound },
    ]);
  });

  it('refuses more than the cart’s cap of lines, or bad ones (400)', async () => {
    const line = { partId: '7d0c7a4e-3f1a-4a39-9d38-0a7e1f1b2c3d', quantity: 1 };
    for (const lines of [
      Array.from({ length: MAX_CART_LINES + 1 }, () => line),
      [{ ...line, quantity: 0 }],
      'x',
    ]) {
      await http().post('/api/cart/merge').set(customer.auth).send({ lines }).expect(400);
    }
  });
});
