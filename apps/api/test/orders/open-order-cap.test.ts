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
 * `MAX_OPEN_ORDERS`: a customer holds at most that many unpaid orders; the next is refused
 * (409) and changes nothing, until one is paid or cancelled. Replays of an order already
 * placed are not new orders and are never refused by the cap.
 */
const CAP = 2;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;
/** The customer's client. */
let api: TestClient;

beforeAll(async () => {
  ctx = await createTestApp({ maxOpenOrders: CAP });
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

beforeEach(async () => {
  // A customer of their own for each test, with nothing open.
  customer = await accountWithToken(ctx);
  api = client(ctx.http, customer.auth);
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: 100 }))
    .returning();
  partId = part?.id as string;
});

/** Everything a refused order must leave as it was. */
async function state() {
  const [part] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
  const [all] = await ctx.db.select({ n: count() }).from(orders);
  const [events] = await ctx.db.select({ n: count() }).from(orderEvents);
  return { stock: part?.availableQuantity, orders: all?.n, events: events?.n };
}

async function expectRefused() {
  const before = await state();
  const res = await sendOrder(api, partId, { productQuantity: 5 }).expect(409);
  expect(res.body).toEqual({ message: apiMessages.tooManyOpenOrders(CAP) });
  expect(await state()).toEqual(before);
}

describe('the open-order cap', () => {
  it(`refuses a customer's unpaid order number ${CAP + 1}, changing nothing`, async () => {
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await expectRefused();
    // Another customer is not held by this one's orders.
    await sendOrder(client(ctx.http, (await accountWithToken(ctx)).auth), partId, {
      productQuantity: 5,
    }).expect(201);
  });

  it('accepts a new order once one is paid', async () => {
    const first = (await sendOrder(api, partId, { productQuantity: 5 }).expect(201)).body.insertedId;
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await expectRefused();
    await ctx.http().patch(`/api/order/${first}/status`).set(admin.auth).send({ status: 'paid' }).expect(200);
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await expectRefused();
  });

  it('accepts a new order once one is cancelled, by the customer or an admin', async () => {
    const first = (await sendOrder(api, partId, { productQuantity: 5 }).expect(201)).body.insertedId;
    const second = (await sendOrder(api, partId, { productQuantity: 5 }).expect(201)).body.insertedId;
    await expectRefused();
    await ctx.http().delete(`/api/order/${first}`).set(customer.auth).expect(200);
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await expectRefused();
    await ctx
      .http()
      .patch(`/api/order/${second}/status`)
      .set(admin.auth)
      .send({ status: 'cancelled' })
      .expect(200);
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
  });

  it('never refuses the replay of an order already placed', async () => {
    const key = randomUUID();
    const first = await sendOrder(api, partId, { productQuantity: 5, key }).expect(201);
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await expectRefused();
    const before = await state();
    const again = await sendOrder(api, partId, { productQuantity: 5, key }).expect(201);
    expect(again.body.insertedId).toBe(first.body.insertedId);
    expect(await state()).toEqual(before);
    // A new key is a new order: that one is refused.
    const refused = await sendOrder(api, partId, { productQuantity: 5, key: randomUUID() }).expect(409);
    expect(refused.body.message).toBe(apiMessages.tooManyOpenOrders(CAP));
  });

  it('counts only unpaid orders: shipped and cancelled ones never hold a place', async () => {
    const shipped = (await sendOrder(api, partId, { productQuantity: 5 }).expect(201)).body.insertedId;
    const cancelled = (await sendOrder(api, partId, { productQuantity: 5 }).expect(201)).body.insertedId;
    const move = (id: string, status: string) =>
      ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send({ status }).expect(200);
    await move(shipped, 'paid');
    await move(shipped, 'shipped');
    await move(cancelled, 'cancelled');
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await sendOrder(api, partId, { productQuantity: 5 }).expect(201);
    await expectRefused();
  });
});
