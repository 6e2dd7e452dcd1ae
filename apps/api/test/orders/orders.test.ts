import { type ApiErrorBody, apiMessages } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow, TEST_PAYMENT_INSTRUCTIONS, TEST_SELLER } from '../support/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let other: Awaited<ReturnType<typeof accountWithToken>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;
let bulkPartId: string;

const address = '12 Harbour Street, Springfield 40001';
const phone = '+1 555 010 2030';

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  other = await accountWithToken(ctx, 'customer', 'Oscar Other');
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

beforeEach(async () => {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ name: 'Plain part', priceCents: 1250, minOrderQuantity: 10, availableQuantity: 100 }))
    .returning();
  const [bulk] = await ctx.db
    .insert(parts)
    .values(
      partRow({
        name: 'Bulk part',
        priceCents: 1999,
        minOrderQuantity: 1,
        availableQuantity: 10_000,
        bulkDiscount: true,
      }),
    )
    .returning();
  partId = part?.id as string;
  bulkPartId = bulk?.id as string;
});

const stock = async (id = partId) =>
  (await ctx.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;
const orderCount = async (email = customer.email) =>
  (await ctx.db.select().from(orders).where(eq(orders.email, email))).length;

/** Any body, the contract's or not: tests of the refusals send what a client should not. */
const order = (body: object, who = customer) =>
  client(ctx.http, who.auth).orders.place.raw({ body: { partId, phone, address, ...body } });

describe('POST /api/order', () => {
  it('places an order, priced by the server, and takes the stock', async () => {
    const res = await order({
      productQuantity: 20,
      price: 0.01,
      email: 'someone-else@example.com',
      userName: 'Mallory',
    }).expect(201);
    expect(res.body).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
    expect(res.body.order).toMatchObject({
      partId,
      productName: 'Plain part',
      userName: 'Carla Customer',
      email: customer.email,
      unitPrice: 12.5,
      productQuantity: 20,
      price: 250,
      discount: 0,
      status: 'unpaid',
    });
    expect(await stock()).toBe(80);
  });

  it.each([
    ['below the minimum', 9, 400],
    ['above the available stock', 101, 409],
    ['not a whole number', 10.5, 400],
    ['negative', -10, 400],
    ['zero', 0, 400],
    ['huge', 1e12, 400],
    ['a string', '20', 400],
    ['missing', undefined, 400],
  ])('refuses a quantity %s and changes nothing', async (_label, productQuantity, status) => {
    const before = await orderCount();
    const res = await order({ productQuantity }).expect(status);
    expect((res.body as ApiErrorBody).message).toBeTypeOf('string');
    expect(await stock()).toBe(100);
    expect(await orderCount()).toBe(before);
  });

  it('says how many are left when the stock ran out', async () => {
    const res = await order({ productQuantity: 101 }).expect(409);
    expect(res.body.message).toBe(apiMessages.outOfStock(100));
    expect(res.body.fields).toEqual({ availableQuantity: '100' });
  });

  it('explains the minimum order', async () => {
    const res = await order({ productQuantity: 9 }).expect(400);
    expect(res.body.message).toBe(apiMessages.belowMinimum(10));
  });

  it.each([
    ['phone', { phone: '' }, 'Phone is Required'],
    ['address', { address: 'x' }, 'Address should be at least 10 characters'],
  ])('validates the %s', async (field, body, message) => {
    const res = await order({ productQuantity: 20, ...body }).expect(400);
    expect(res.body.fields?.[field]).toBe(message);
    expect(await stock()).toBe(100);
  });

  it('answers 404 for an unknown or deleted part', async () => {
    await order({ partId: '3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f', productQuantity: 20 }).expect(404);
    await ctx.db.update(parts).set({ deletedAt: new Date() }).where(eq(parts.id, partId));
    await order({ productQuantity: 20 }).expect(404);
    expect(await stock()).toBe(100);
  });

  it('applies the bulk discount to eligible parts: 5% per full 500, capped at 25%, half a cent up', async () => {
    // The bulk part costs $19.99. Each case: quantity, then the discount and the price in dollars.
    const cases = [
      // 499 × $19.99 = $9,975.01; under 500, no discount.
      [499, 0, 9975.01],
      // 500 × $19.99 = $9,995.00; 5% = $499.75; $9,995.00 − $499.75 = $9,495.25.
      [500, 499.75, 9495.25],
      // 501 × $19.99 = $10,014.99; 5% = $500.7495, rounded to $500.75; leaves $9,514.24.
      [501, 500.75, 9514.24],
      // 510 × $19.99 = $10,194.90; 5% = $509.745, exactly half a cent: up to $509.75; leaves $9,685.15.
      [510, 509.75, 9685.15],
      // 1,000 × $19.99 = $19,990.00; 10% = $1,999.00; leaves $17,991.00.
      [1000, 1999, 17991],
      // 2,600 × $19.99 = $51,974.00; five full 500s: 25% = $12,993.50; leaves $38,980.50.
      [2600, 12993.5, 38980.5],
      // 3,000 × $19.99 = $59,970.00; six full 500s would be 30%, capped at 25% = $14,992.50;
      // leaves $44,977.50.
      [3000, 14992.5, 44977.5],
    ] as const;
    for (const [productQuantity, discount, price] of cases) {
      const res = await order({ partId: bulkPartId, productQuantity }).expect(201);
      expect({ productQuantity, discount: res.body.order.discount, price: res.body.order.price }).toEqual({
        productQuantity,
        discount,
        price,
      });
    }
  });

  it('requires a signed-in user', async () => {
    await client(ctx.http)
      .orders.place({ body: { partId, productQuantity: 20, phone, address } })
      .expect(401);
  });
});

describe('My Orders and Payment', () => {
  it('lists only your own orders, newest first, cancelled ones too, and filters by status', async () => {
    const first = (await order({ productQuantity: 10 }).expect(201)).body.insertedId;
    const second = (await order({ productQuantity: 11 }).expect(201)).body.insertedId;
    await order({ productQuantity: 12 }, other).expect(201);
    await ctx.http().delete(`/api/order/${first}`).set(customer.auth).expect(200);

    const res = await ctx
      .http()
      .get(`/api/myorder?email=${customer.email}&limit=100`)
      .set(customer.auth)
      .expect(200);
    const ids = res.body.map((o: { _id: string }) => o._id);
    expect(ids).toContain(second);
    expect(ids).toContain(first);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(res.body.every((o: { email: string }) => o.email === customer.email)).toBe(true);

    const cancelled = await ctx
      .http()
      .get(`/api/myorder?email=${customer.email}&status=cancelled&limit=100`)
      .set(customer.auth)
      .expect(200);
    const cancelledIds = cancelled.body.map((o: { _id: string }) => o._id);
    expect(cancelledIds).toContain(first);
    expect(cancelledIds).not.toContain(second);
  });

  it('names the customer in any case, as e-mails are compared lower-cased', async () => {
    await ctx.http().get(`/api/myorder?email=${customer.email.toUpperCase()}`).set(customer.auth).expect(200);
  });

  it("refuses to list another customer's orders", async () => {
    await ctx.http().get(`/api/myorder?email=${customer.email}`).set(other.auth).expect(403);
    await ctx.http().get(`/api/myorder?email=${customer.email}`).expect(401);
  });

  it('shows the bill, the status, the payment instructions and the seller to the owner and admins only', async () => {
    const id = (await order({ productQuantity: 10 }).expect(201)).body.insertedId;
    const res = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(res.body).toMatchObject({
      order: { _id: id, price: 125, status: 'unpaid' },
      instructions: TEST_PAYMENT_INSTRUCTIONS,
      // The invoice page names the seller as the PDF does.
      seller: TEST_SELLER,
    });
    await ctx.http().get(`/api/order/${id}`).set(admin.auth).expect(200);
    const peek = await ctx.http().get(`/api/order/${id}`).set(other.auth).expect(404);
    expect(JSON.stringify(peek.body)).not.toContain(customer.email);
    await ctx.http().get('/api/order/not-an-id').set(customer.auth).expect(404);
  });
});

describe('cancelling', () => {
  it('restores exactly the ordered quantity, once', async () => {
    const id = (await order({ productQuantity: 37 }).expect(201)).body.insertedId;
    expect(await stock()).toBe(63);
    const res = await ctx.http().delete(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(res.body).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await stock()).toBe(100);
    const again = await ctx.http().delete(`/api/order/${id}`).set(customer.auth).expect(409);
    expect(again.body.message).toBe(apiMessages.alreadyCancelled);
    expect(await stock()).toBe(100);
  });

  it('never lets another customer cancel your order, and says nothing about it', async () => {
    const id = (await order({ productQuantity: 10 }).expect(201)).body.insertedId;
    await ctx.http().delete(`/api/order/${id}`).set(other.auth).expect(404);
    expect(await stock()).toBe(90);
  });

  it('is refused once paid', async () => {
    const id = (await order({ productQuantity: 10 }).expect(201)).body.insertedId;
    await ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send({ status: 'paid' }).expect(200);
    const res = await ctx.http().delete(`/api/order/${id}`).set(customer.auth).expect(409);
    expect(res.body.message).toBe(apiMessages.cannotCancelPaid);
    expect(await stock()).toBe(90);
  });

  it('may be done by an admin', async () => {
    const id = (await order({ productQuantity: 10 }).expect(201)).body.insertedId;
    await ctx.http().delete(`/api/order/${id}`).set(admin.auth).expect(200);
    expect(await stock()).toBe(100);
  });
});

describe('Manage Orders (admin)', () => {
  it('moves an order unpaid → paid → shipped, and refuses moves out of shipped', async () => {
    const id = (await order({ productQuantity: 10 }).expect(201)).body.insertedId;
    const path = `/api/order/${id}/status`;
    await ctx.http().patch(path).set(customer.auth).send({ status: 'paid' }).expect(403);
    await ctx.http().patch(path).send({ status: 'paid' }).expect(401);
    await ctx.http().patch(path).set(admin.auth).send({ status: 'shipped' }).expect(409);
    await ctx.http().patch(path).set(admin.auth).send({ status: 'paid' }).expect(200);
    await ctx.http().patch(path).set(admin.auth).send({ status: 'paid' }).expect(409);
    const shipped = await ctx.http().patch(path).set(admin.auth).send({ status: 'shipped' }).expect(200);
    expect(shipped.body.order.status).toBe('shipped');
    await ctx.http().patch(path).set(admin.auth).send({ status: 'cancelled' }).expect(409);
    await ctx.http().patch(path).set(admin.auth).send({ status: 'unpaid' }).expect(409);
    await ctx.http().patch(path).set(admin.auth).send({ status: 'refunded' }).expect(400);
    await ctx
      .http()
      .patch('/api/order/not-an-id/status')
      .set(admin.auth)
      .send({ status: 'paid' })
      .expect(404);
  });

  it('lists every order to admins, filtered by status and paginated', async () => {
    const paid = (await order({ productQuantity: 10 }).expect(201)).body.insertedId;
    await order({ productQuantity: 10 }, other).expect(201);
    await ctx.http().patch(`/api/order/${paid}/status`).set(admin.auth).send({ status: 'paid' }).expect(200);

    const all = await ctx.http().get(`/api/orders/${admin.email}?limit=1`).set(admin.auth).expect(200);
    expect(all.body).toHaveLength(1);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(1);
    const onlyPaid = await ctx
      .http()
      .get(`/api/orders/${admin.email}?status=paid&limit=100`)
      .set(admin.auth)
      .expect(200);
    expect(onlyPaid.body.length).toBeGreaterThan(0);
    expect(onlyPaid.body.every((o: { status: string }) => o.status === 'paid')).toBe(true);

    await ctx.http().get(`/api/orders/${customer.email}`).set(customer.auth).expect(403);
    await ctx.http().get(`/api/orders/${customer.email}`).set(admin.auth).expect(403);
    await ctx.http().get(`/api/orders/${admin.email}?status=lost`).set(admin.auth).expect(400);
  });
});
