import { cartApiMessages, checkoutMessages, MAX_ORDER_LINES } from '@store/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, orderLines, orders, parts, users } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * `POST /api/checkout`: one order of many lines from the cart (emptied with it) or from
 * the body's lines (the cart untouched); all or nothing, every refused line named; no oversell and
 * no deadlock when carts hold the same parts in opposite orders.
 */
type Account = Awaited<ReturnType<typeof accountWithToken>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Account;

const address = '12 Harbour Street, Springfield 40001';
const phone = '+1 555 010 2030';

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await accountWithToken(ctx, 'customer', 'Cora Checkout');
});
afterAll(() => ctx.close());

async function newPart(overrides: Partial<typeof parts.$inferInsert> = {}) {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: 100, priceCents: 1000, ...overrides }))
    .returning();
  if (!part) throw new Error('no part');
  return part;
}

const stockOf = async (...ids: string[]) => {
  const rows = await ctx.db.select().from(parts).where(inArray(parts.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.availableQuantity);
};

const cartOf = (email: string) => ctx.db.select().from(cartLines).where(eq(cartLines.email, email));

async function fillCart(who: Account, lines: { partId: string; quantity: number }[]) {
  // One by one, a millisecond apart, so the cart's order (oldest first) is the order given.
  for (const [i, line] of lines.entries()) {
    await ctx.db
      .insert(cartLines)
      .values({ email: who.email, ...line, addedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, i)) });
  }
}

function checkout(body: object, who: Account = customer, key?: string) {
  const req = ctx.http().post('/api/checkout').set(who.auth);
  if (key) req.set('Idempotency-Key', key);
  return req.send({ phone, address, ...body });
}

describe('POST /api/checkout from the cart', () => {
  it('places one order of every cart line, priced by the server, and empties the cart', async () => {
    const who = await accountWithToken(ctx, 'customer', 'Bea Builder');
    const x = await newPart({ name: 'Xeon', sku: 'CK-X', priceCents: 1250 });
    const y = await newPart({
      name: 'Yoke',
      sku: 'CK-Y',
      priceCents: 199,
      bulkDiscount: true,
      availableQuantity: 1000,
    });
    await fillCart(who, [
      { partId: x.id, quantity: 4 },
      { partId: y.id, quantity: 500 },
    ]);
    const res = await checkout(
      { poReference: 'PO-2026-17', price: 0.01, email: 'x@example.com' },
      who,
    ).expect(201);
    expect(res.body.order).toMatchObject({
      productName: 'Xeon and 1 more',
      partId: x.id,
      unitPrice: 12.5,
      productQuantity: 504,
      // 50.00 + 995.00 less 5% (49.75)
      price: 995.25,
      discount: 49.75,
      lineCount: 2,
      poReference: 'PO-2026-17',
      email: who.email,
      userName: 'Bea Builder',
      status: 'unpaid',
      lines: [
        { partId: x.id, sku: 'CK-X', productName: 'Xeon', unitPrice: 12.5, productQuantity: 4, price: 50 },
        {
          partId: y.id,
          sku: 'CK-Y',
          productName: 'Yoke',
          unitPrice: 1.99,
          productQuantity: 500,
          discountPercent: 5,
          discount: 49.75,
          price: 945.25,
        },
      ],
    });
    expect(await stockOf(x.id, y.id)).toEqual([96, 500]);
    expect(await cartOf(who.email)).toEqual([]);
    const detail = await ctx.http().get(`/api/order/${res.body.insertedId}`).set(who.auth).expect(200);
    expect(detail.body.order.lines).toHaveLength(2);
    expect(detail.body.order.events).toMatchObject([{ status: 'unpaid', by: who.email }]);
  });

  it('refuses an empty cart with a clear message (422) and places nothing', async () => {
    const who = await accountWithToken(ctx);
    const res = await checkout({}, who).expect(422);
    expect(res.body.message).toBe(checkoutMessages.emptyCart);
    expect(await ctx.db.select().from(orders).where(eq(orders.email, who.email))).toEqual([]);
  });

  it('refuses every line with a problem at once (422), takes nothing and keeps the cart', async () => {
    const who = await accountWithToken(ctx);
    const fine = await newPart();
    const low = await newPart({ minOrderQuantity: 10 });
    const packs = await newPart({ minOrderQuantity: 10, orderMultiple: 5 });
    const few = await newPart({ availableQuantity: 3 });
    const gone = await newPart({ deletedAt: new Date() });
    const cart = [
      { partId: fine.id, quantity: 5 },
      { partId: low.id, quantity: 4 },
      { partId: packs.id, quantity: 12 },
      { partId: few.id, quantity: 6 },
      { partId: gone.id, quantity: 1 },
    ];
    await fillCart(who, cart);
    const res = await checkout({}, who).expect(422);
    expect(res.body.message).toBe(checkoutMessages.linesRefused);
    expect(res.body.lines).toEqual([
      expect.objectContaining({
        partId: low.id,
        quantity: 4,
        problem: expect.objectContaining({ code: 'below-minimum', suggestedQuantity: 10 }),
      }),
      expect.objectContaining({
        partId: packs.id,
        sku: packs.sku,
        problem: expect.objectContaining({ code: 'not-multiple', suggestedQuantity: 10 }),
      }),
      expect.objectContaining({
        partId: few.id,
        problem: expect.objectContaining({ code: 'over-stock', suggestedQuantity: 3 }),
      }),
      expect.objectContaining({
        partId: gone.id,
        problem: expect.objectContaining({ code: 'unavailable', suggestedQuantity: null }),
      }),
    ]);
    expect(await stockOf(fine.id, low.id, packs.id, few.id)).toEqual([100, 100, 100, 3]);
    expect(await cartOf(who.email)).toHaveLength(5);
    expect(await ctx.db.select().from(orders).where(eq(orders.email, who.email))).toEqual([]);
  });

  it('answers a repeat under the same Idempotency-Key with the first order, and refuses another body', async () => {
    const who = await accountWithToken(ctx);
    const part = await newPart();
    await fillCart(who, [{ partId: part.id, quantity: 7 }]);
    const first = await checkout({}, who, 'key-1').expect(201);
    const again = await checkout({}, who, 'key-1').expect(201);
    expect(again.body.insertedId).toBe(first.body.insertedId);
    expect(again.body.order.lines).toEqual(first.body.order.lines);
    expect(await stockOf(part.id)).toEqual([93]);
    await checkout({ poReference: 'other' }, who, 'key-1').expect(422);
  });

  it('keeps the open-order cap and the credit limit', async () => {
    const who = await accountWithToken(ctx);
    const part = await newPart({ priceCents: 10_000 });
    await ctx.db.update(users).set({ creditLimitCents: 50_000 }).where(eq(users.email, who.email));
    await fillCart(who, [{ partId: part.id, quantity: 6 }]);
    const res = await checkout({}, who).expect(409);
    expect(res.body.message).toMatch(/credit limit/);
    expect(res.body.lines).toBeUndefined();
    expect(await stockOf(part.id)).toEqual([100]);
    expect(await cartOf(who.email)).toHaveLength(1);
  });
});

describe('POST /api/checkout with lines', () => {
  it('orders the lines by part id or SKU (any case) and leaves the cart alone', async () => {
    const who = await accountWithToken(ctx);
    const a = await newPart({ sku: 'Body-A' });
    const b = await newPart({ sku: 'Body-B' });
    await fillCart(who, [{ partId: a.id, quantity: 2 }]);
    const res = await checkout(
      {
        lines: [
          { sku: 'body-b', quantity: 3 },
          { partId: a.id, quantity: 5 },
        ],
      },
      who,
    ).expect(201);
    expect(
      res.body.order.lines.map((l: { sku: string; productQuantity: number }) => [l.sku, l.productQuantity]),
    ).toEqual([
      ['Body-B', 3],
      ['Body-A', 5],
    ]);
    expect(await stockOf(a.id, b.id)).toEqual([95, 97]);
    expect(await cartOf(who.email)).toHaveLength(1);
  });

  it('merges the same part on two lines into one', async () => {
    const part = await newPart({ sku: 'TWICE-1', orderMultiple: 5, minOrderQuantity: 5 });
    const res = await checkout({
      lines: [
        { partId: part.id, quantity: 5 },
        { sku: 'twice-1', quantity: 10 },
      ],
    }).expect(201);
    expect(res.body.order).toMatchObject({ lineCount: 1, productName: part.name, productQuantity: 15 });
    expect(res.body.order.lines).toMatchObject([{ partId: part.id, productQuantity: 15 }]);
    expect(await stockOf(part.id)).toEqual([85]);
  });

  it('names an unknown SKU or part among the refused lines', async () => {
    const part = await newPart();
    const res = await checkout({
      lines: [
        { partId: part.id, quantity: 1 },
        { sku: 'NO-SUCH-SKU', quantity: 2 },
        { partId: '00000000-0000-4000-8000-000000000000', quantity: 3 },
      ],
    }).expect(422);
    expect(res.body.lines).toEqual([
      {
        partId: null,
        sku: 'NO-SUCH-SKU',
        quantity: 2,
        problem: {
          code: 'unavailable',
          message: checkoutMessages.unknownSku('NO-SUCH-SKU'),
          suggestedQuantity: null,
        },
      },
      {
        partId: '00000000-0000-4000-8000-000000000000',
        sku: null,
        quantity: 3,
        problem: { code: 'unavailable', message: checkoutMessages.unknownPart, suggestedQuantity: null },
      },
    ]);
    expect(await stockOf(part.id)).toEqual([100]);
  });

  it('places a 100-line order and refuses 101 lines (400)', async () => {
    const many = await ctx.db
      .insert(parts)
      .values(
        Array.from({ length: MAX_ORDER_LINES + 1 }, () =>
          partRow({ minOrderQuantity: 1, availableQuantity: 10 }),
        ),
      )
      .returning();
    const lines = many.map((p) => ({ partId: p.id, quantity: 2 }));
    await checkout({ lines }).expect(400);
    expect(await stockOf(...many.map((p) => p.id))).toEqual(many.map(() => 10));
    const res = await checkout({ lines: lines.slice(0, MAX_ORDER_LINES) }).expect(201);
    expect(res.body.order.lineCount).toBe(MAX_ORDER_LINES);
    expect(res.body.order.lines).toHaveLength(MAX_ORDER_LINES);
    expect(res.body.order.productName).toBe(`${many[0]?.name} and 99 more`);
    const taken = await stockOf(...many.map((p) => p.id));
    expect(taken.slice(0, MAX_ORDER_LINES).every((q) => q === 8)).toBe(true);
    expect(taken[MAX_ORDER_LINES]).toBe(10);
  });

  it('refuses bad input with 400: a line naming no part or both, a long PO reference, no lines', async () => {
    const part = await newPart();
    await checkout({ lines: [{ quantity: 1 }] }).expect(400);
    await checkout({ lines: [{ partId: part.id, sku: part.sku, quantity: 1 }] }).expect(400);
    await checkout({ lines: [{ sku: 'bad sku!', quantity: 1 }] }).expect(400);
    // Every refusal in the catalogue's words, never the validator's own.
    for (const quantity of [0, 1.5, '7', undefined]) {
      const bad = await checkout({ lines: [{ partId: part.id, quantity }] }).expect(400);
      expect(Object.values(bad.body.fields)).toEqual([cartApiMessages.rowQuantityInvalid]);
    }
    for (const lines of ['PD-1,5', [7], [{ sku: 7, quantity: 1 }]]) {
      const bad = await checkout({ lines }).expect(400);
      expect(Object.values(bad.body.fields)).toEqual([
        Array.isArray(lines) && typeof lines[0] === 'object'
          ? checkoutMessages.skuInvalid
          : checkoutMessages.linesInvalid,
      ]);
    }
    await checkout({ lines: [] }).expect(400);
    const res = await checkout({
      poReference: 'P'.repeat(41),
      lines: [{ partId: part.id, quantity: 1 }],
    }).expect(400);
    expect(res.body.fields.poReference).toBe(checkoutMessages.poReferenceTooLong);
    await ctx.http().post('/api/checkout').send({ phone, address }).expect(401);
    expect(await stockOf(part.id)).toEqual([100]);
  });
});

describe('stock taken at once', () => {
  it('sells the last unit once when two carts want it', async () => {
    const part = await newPart({ availableQuantity: 1 });
    const [one, two] = [await accountWithToken(ctx), await accountWithToken(ctx)];
    await fillCart(one, [{ partId: part.id, quantity: 1 }]);
    await fillCart(two, [{ partId: part.id, quantity: 1 }]);
    const answers = await Promise.all([checkout({}, one), checkout({}, two)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, expect.any(Number)]);
    const loser = answers.find((r) => r.status !== 201);
    expect([409, 422]).toContain(loser?.status);
    expect(await stockOf(part.id)).toEqual([0]);
  });

  it('40 carts of the same two parts in opposite orders: exactly 10 orders, no deadlock, stock 0/0', async () => {
    const x = await newPart({ availableQuantity: 50 });
    const y = await newPart({ availableQuantity: 50 });
    const buyers = await Promise.all(Array.from({ length: 40 }, () => accountWithToken(ctx)));
    await ctx.db.insert(cartLines).values(
      buyers.flatMap((who, i) => {
        const [first, second] = i % 2 === 0 ? [x, y] : [y, x];
        return [
          { email: who.email, partId: first.id, quantity: 5, addedAt: new Date(Date.UTC(2026, 0, 1)) },
          { email: who.email, partId: second.id, quantity: 5, addedAt: new Date(Date.UTC(2026, 0, 2)) },
        ];
      }),
    );
    const answers = await Promise.all(buyers.map((who) => checkout({}, who)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 422)).toEqual([]);
    expect(await stockOf(x.id, y.id)).toEqual([0, 0]);
    const live = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          inArray(
            orders.email,
            buyers.map((b) => b.email),
          ),
          ne(orders.status, 'cancelled'),
        ),
      );
    expect(live[0]?.n).toBe(10);
    const lines = await ctx.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.partId, [x.id, y.id]));
    expect(lines).toHaveLength(20);
  });
});
