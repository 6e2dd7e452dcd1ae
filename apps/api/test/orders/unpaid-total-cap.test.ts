import { randomUUID } from 'node:crypto';
import { apiMessages } from '@store/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client, type TestClient } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';

/**
 * `MAX_UNPAID_TOTAL`: a customer's unpaid orders may total at most that
 * much, or their own credit limit when an admin set one. The order that would pass it is
 * refused (409, naming the limit) and changes nothing; paid, shipped and cancelled orders never
 * count, and a replay of an order already placed is never refused.
 */
const LIMIT_CENTS = 10_000; // £100.00
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;
/** The customer's client. */
let api: TestClient;

beforeAll(async () => {
  ctx = await createTestApp({ maxUnpaidTotalCents: LIMIT_CENTS });
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

beforeEach(async () => {
  customer = await accountWithToken(ctx);
  api = client(ctx.http, customer.auth);
  // £10.00 a unit, no bulk discount: n units is n × £10.00.
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ priceCents: 1000, minOrderQuantity: 1, availableQuantity: 1000 }))
    .returning();
  partId = part?.id as string;
});

async function state() {
  const [part] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
  const [all] = await ctx.db.select({ n: count() }).from(orders);
  const [events] = await ctx.db.select({ n: count() }).from(orderEvents);
  return { stock: part?.availableQuantity, orders: all?.n, events: events?.n };
}

/** Refused with `message`, changing nothing. */
async function expectRefused(units: number, message: string) {
  const before = await state();
  const res = await sendOrder(api, partId, { productQuantity: units }).expect(409);
  expect(res.body).toEqual({ message });
  expect(await state()).toEqual(before);
}

/** The unpaid orders with this one, `totalCents`, go above the limit: paying for one makes room. */
const withUnpaid = (totalCents: number, limitCents = LIMIT_CENTS) =>
  apiMessages.unpaidTotalTooHigh(totalCents, limitCents);
/** This order on its own, `orderCents`, is above the limit: no payment makes room for it. */
const alone = (orderCents: number, limitCents = LIMIT_CENTS) =>
  apiMessages.orderAloneOverLimit(orderCents, limitCents);

const move = (id: string, status: string) =>
  ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send({ status }).expect(200);

const setLimit = (creditLimit: number | null, who = customer) =>
  ctx
    .http()
    .put(`/api/user/credit-limit/${encodeURIComponent(who.email)}`)
    .set(admin.auth)
    .send({ creditLimit });

describe('the cap on what unpaid orders may total', () => {
  it('names the limit in the store’s money, pounds by default', () => {
    expect(apiMessages.unpaidTotalTooHigh(2_500_001, 2_500_000)).toContain('£25,000.00');
    expect(apiMessages.unpaidTotalTooHigh(2_500_001, 2_500_000)).toContain('£25,000.01');
  });

  it('accepts orders up to the limit exactly, and refuses any more, changing nothing', async () => {
    await sendOrder(api, partId, { productQuantity: 6 }).expect(201);
    await sendOrder(api, partId, { productQuantity: 4 }).expect(201); // £100.00 held: at the limit
    await expectRefused(1, withUnpaid(11_000));
    // Another customer is not held by this one's orders.
    await sendOrder(client(ctx.http, (await accountWithToken(ctx)).auth), partId, {
      productQuantity: 10,
    }).expect(201);
  });

  it('refuses one order above the limit on its own (the whole stock for one account)', async () => {
    await expectRefused(11, alone(11_000));
    await expectRefused(1000, alone(1_000_000));
  });

  it('never counts paid or shipped orders', async () => {
    const first = (await sendOrder(api, partId, { productQuantity: 10 }).expect(201)).body.insertedId;
    await expectRefused(1, withUnpaid(11_000));
    await move(first, 'paid');
    const second = (await sendOrder(api, partId, { productQuantity: 10 }).expect(201)).body.insertedId;
    await move(first, 'shipped');
    await expectRefused(1, withUnpaid(11_000));
    await move(second, 'paid');
    await sendOrder(api, partId, { productQuantity: 10 }).expect(201);
  });

  it('never counts cancelled orders, by the customer or an admin', async () => {
    const first = (await sendOrder(api, partId, { productQuantity: 10 }).expect(201)).body.insertedId;
    await expectRefused(5, withUnpaid(15_000));
    await ctx.http().delete(`/api/order/${first}`).set(customer.auth).expect(200);
    const second = (await sendOrder(api, partId, { productQuantity: 10 }).expect(201)).body.insertedId;
    await move(second, 'cancelled');
    await sendOrder(api, partId, { productQuantity: 10 }).expect(201);
  });

  it('counts a payment undone: the order is unpaid again', async () => {
    const first = (await sendOrder(api, partId, { productQuantity: 10 }).expect(201)).body.insertedId;
    await move(first, 'paid');
    await sendOrder(api, partId, { productQuantity: 10 }).expect(201);
    await move(first, 'unpaid');
    await expectRefused(1, withUnpaid(21_000));
  });

  it('never refuses the replay of an order already placed', async () => {
    const key = randomUUID();
    const first = await sendOrder(api, partId, { productQuantity: 10, key }).expect(201);
    const again = await sendOrder(api, partId, { productQuantity: 10, key }).expect(201);
    expect(again.body.insertedId).toBe(first.body.insertedId);
    await expectRefused(1, withUnpaid(11_000));
  });
});

describe("a customer's own credit limit", () => {
  it('lets an order through once an admin raises it, and judges the next by it', async () => {
    await sendOrder(api, partId, { productQuantity: 10 }).expect(201);
    await expectRefused(5, withUnpaid(15_000));
    await setLimit(150).expect(200);
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await expectRefused(1, withUnpaid(16_000, 15_000));
  });

  it('may be lowered, even to nothing, and reset to the default', async () => {
    await setLimit(0).expect(200);
    await expectRefused(1, alone(1000, 0));
    await setLimit(null).expect(200);
    await sendOrder(api, partId, { productQuantity: 10 }).expect(201);
    await expectRefused(1, withUnpaid(11_000));
  });

  it('keeps cents exactly: a limit of £100.01 lets £100.00 through and refuses £110.00', async () => {
    await setLimit(100.01).expect(200);
    await sendOrder(api, partId, { productQuantity: 10 }).expect(201);
    await expectRefused(1, withUnpaid(11_000, 10_001));
  });

  it('is set by admins only: a customer cannot raise their own (403), changing nothing', async () => {
    await sendOrder(api, partId, { productQuantity: 10 }).expect(201);
    const own = await ctx
      .http()
      .put(`/api/user/credit-limit/${encodeURIComponent(customer.email)}`)
      .set(customer.auth)
      .send({ creditLimit: 1_000_000 })
      .expect(403);
    expect(own.body).toEqual({ message: apiMessages.forbidden });
    await ctx
      .http()
      .put(`/api/user/credit-limit/${encodeURIComponent(customer.email)}`)
      .send({ creditLimit: 1_000_000 })
      .expect(401);
    await expectRefused(1, withUnpaid(11_000));
  });
});
