import { apiMessages, type OrderStatus, validationMessages } from '@store/shared';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderEvents, orders, parts } from '../../src/db/schema.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { type JobPayloads, noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { placeOrder } from '../support/orders.js';

/**
 * The admin's desk: `PATCH /api/order/:id/status` makes exactly the moves of docs/decisions/010,
 * each with its stock effect, its history entry and its job, and refuses every other without
 * changing anything; `GET /api/order/:id` shows the order and its history to its owner and
 * admins only.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let other: Awaited<ReturnType<typeof accountWithToken>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;
/** Every job the writes enqueued, in order (the queue is called inside their transactions). */
const enqueued: JobPayloads['order-event'][] = [];

const STOCK = 100;
const phone = '+1 555 010 2030';
const address = '12 Harbour Street\nSpringfield 40001';

beforeAll(async () => {
  ctx = await createTestApp({
    jobs: {
      enqueue: async (_tx, name, data) => {
        if (name === 'order-event' && 'eventId' in data) enqueued.push(data);
      },
    },
  });
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  other = await accountWithToken(ctx, 'customer', 'Oscar Other');
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

beforeEach(async () => {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ priceCents: 1250, minOrderQuantity: 1, availableQuantity: STOCK }))
    .returning();
  partId = part?.id as string;
});

const stock = async () =>
  (await ctx.db.select().from(parts).where(eq(parts.id, partId)))[0]?.availableQuantity;

/** An order of `quantity` units by `who`: its id. */
const placed = async (quantity: number, who = customer) =>
  (await placeOrder(client(ctx.http, who.auth), partId, { productQuantity: quantity, phone, address })).id;

const patch = (id: string, body: object, who = admin) =>
  ctx.http().patch(`/api/order/${id}/status`).set(who.auth).send(body);

/** The order row, its history rows and the stock: everything a move may change. */
async function state(id: string) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
  const events = await ctx.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, id))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const [all] = await ctx.db.select({ n: count() }).from(orderEvents);
  return { row, events, allEvents: all?.n, stock: await stock(), jobs: enqueued.length };
}

/** Brings a fresh order of 10 into `status` through the API. */
async function orderIn(status: OrderStatus): Promise<string> {
  const id = await placed(10);
  const path: Record<OrderStatus, OrderStatus[]> = {
    unpaid: [],
    paid: ['paid'],
    shipped: ['paid', 'shipped'],
    cancelled: ['cancelled'],
  };
  for (const step of path[status]) await patch(id, { status: step }).expect(200);
  return id;
}

describe('PATCH /api/order/:id/status: the moves it allows', () => {
  it('unpaid → paid: recorded as the admin, stock untouched, one job', async () => {
    const id = await placed(10);
    const before = await state(id);
    const res = await patch(id, { status: 'paid' }).expect(200);
    expect(res.body).toMatchObject({
      acknowledged: true,
      modifiedCount: 1,
      order: { _id: id, status: 'paid' },
    });
    const after = await state(id);
    expect(after.row?.status).toBe('paid');
    expect(after.stock).toBe(STOCK - 10);
    expect(after.events.map((e) => [e.status, e.by])).toEqual([
      ['unpaid', customer.email],
      ['paid', admin.email],
    ]);
    expect(after.jobs).toBe(before.jobs + 1);
    expect(enqueued.at(-1)).toEqual({ eventId: after.events.at(-1)?.id });
    expect(after.row?.updatedAt.getTime()).toBeGreaterThan(before.row?.updatedAt.getTime() ?? 0);
  });

  it('paid → shipped: stores the carrier and tracking number and returns them', async () => {
    const id = await orderIn('paid');
    const res = await patch(id, {
      status: 'shipped',
      carrier: ' DHL Express ',
      trackingNumber: 'JD0146 0000 1234',
    }).expect(200);
    expect(res.body.order).toMatchObject({
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD0146 0000 1234',
    });
    const { row, events, stock: left } = await state(id);
    expect(row).toMatchObject({
      status: 'shipped',
      carrier: 'DHL Express',
      trackingNumber: 'JD0146 0000 1234',
    });
    expect(left).toBe(STOCK - 10);
    expect(events.at(-1)).toMatchObject({ status: 'shipped', by: admin.email });
    const detail = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(detail.body.order).toMatchObject({ carrier: 'DHL Express', trackingNumber: 'JD0146 0000 1234' });
  });

  it('paid → shipped without a carrier or tracking number (handed over the counter)', async () => {
    const id = await orderIn('paid');
    const res = await patch(id, { status: 'shipped' }).expect(200);
    expect(res.body.order).toMatchObject({ status: 'shipped', carrier: null, trackingNumber: null });
  });

  it('paid → unpaid undoes a mistaken payment, stock untouched', async () => {
    const id = await orderIn('paid');
    const res = await patch(id, { status: 'unpaid' }).expect(200);
    expect(res.body.order.status).toBe('unpaid');
    const { row, events, stock: left } = await state(id);
    expect(row?.status).toBe('unpaid');
    expect(left).toBe(STOCK - 10);
    expect(events.map((e) => e.status)).toEqual(['unpaid', 'paid', 'unpaid']);
    // Undone, it can be paid again.
    await patch(id, { status: 'paid' }).expect(200);
  });

  it.each(['unpaid', 'paid'] as const)('%s → cancelled by an admin puts the stock back', async (from) => {
    const id = await orderIn(from);
    expect(await stock()).toBe(STOCK - 10);
    const res = await patch(id, { status: 'cancelled' }).expect(200);
    expect(res.body.order.status).toBe('cancelled');
    const { row, events, stock: left } = await state(id);
    expect(row?.status).toBe('cancelled');
    expect(left).toBe(STOCK);
    expect(events.at(-1)).toMatchObject({ status: 'cancelled', by: admin.email });
  });
});

describe('PATCH /api/order/:id/status: the moves it refuses', () => {
  const allowed = new Set([
    'unpaid→paid',
    'paid→shipped',
    'paid→unpaid',
    'unpaid→cancelled',
    'paid→cancelled',
  ]);
  const statuses: OrderStatus[] = ['unpaid', 'paid', 'shipped', 'cancelled'];
  const refused = statuses.flatMap((from) =>
    statuses.filter((to) => !allowed.has(`${from}→${to}`)).map((to) => [from, to] as const),
  );

  it('refuses eleven moves in all', () => {
    expect(refused).toHaveLength(11);
  });

  it.each(refused)('%s → %s: 409, and nothing changes (status, stock, history, jobs)', async (from, to) => {
    const id = await orderIn(from);
    const before = await state(id);
    const res = await patch(id, { status: to }).expect(409);
    expect(res.body.message).toBe(apiMessages.invalidTransition(from, to));
    expect(await state(id)).toEqual(before);
  });

  it('refuses a carrier or tracking number with any status but shipped (400), changing nothing', async () => {
    const id = await orderIn('paid');
    for (const status of ['paid', 'unpaid', 'cancelled']) {
      for (const extra of [{ carrier: 'DHL' }, { trackingNumber: 'X1' }]) {
        const before = await state(id);
        const res = await patch(id, { status, ...extra }).expect(400);
        expect(Object.values(res.body.fields)).toContain(validationMessages.shippingOnlyWhenShipped);
        expect(await state(id)).toEqual(before);
      }
    }
  });

  it('refuses customers (403), even the owner, and strangers (401), changing nothing', async () => {
    const id = await placed(10);
    const before = await state(id);
    for (const status of ['paid', 'cancelled', 'shipped']) {
      await patch(id, { status }, customer).expect(403);
      await patch(id, { status }, other).expect(403);
      await ctx.http().patch(`/api/order/${id}/status`).send({ status }).expect(401);
    }
    expect(await state(id)).toEqual(before);
  });

  it('answers 404 for an unknown or malformed id, and 400 for an unknown status', async () => {
    const res = await patch('3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f', { status: 'paid' }).expect(404);
    expect(res.body.message).toBe(apiMessages.orderNotFound);
    await patch('not-an-id', { status: 'paid' }).expect(404);
    const id = await placed(10);
    const before = await state(id);
    await patch(id, { status: 'refunded' }).expect(400);
    await patch(id, {}).expect(400);
    expect(await state(id)).toEqual(before);
  });

  it('takes effect once when two admins make the same move at once', async () => {
    const id = await orderIn('paid');
    const answers = await Promise.all([
      patch(id, { status: 'cancelled' }),
      patch(id, { status: 'cancelled' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const { events, stock: left } = await state(id);
    expect(left).toBe(STOCK);
    expect(events.filter((e) => e.status === 'cancelled')).toHaveLength(1);
  });
});

describe('GET /api/order/:id: the order and its history', () => {
  it('records every change in order, with who made it: customer, admin or system', async () => {
    const id = await placed(10);
    await patch(id, { status: 'paid' }).expect(200);
    await patch(id, { status: 'unpaid' }).expect(200);
    await patch(id, { status: 'paid' }).expect(200);
    await patch(id, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' }).expect(200);
    const cancelledByOwner = await placed(5);
    await ctx.http().delete(`/api/order/${cancelledByOwner}`).set(customer.auth).expect(200);

    const res = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(res.body.order.events.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['unpaid', customer.email],
      ['paid', admin.email],
      ['unpaid', admin.email],
      ['paid', admin.email],
      ['shipped', admin.email],
    ]);
    const times = res.body.order.events.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(res.body.order.updatedAt).toBe(res.body.order.events.at(-1).at);

    const cancelled = await ctx.http().get(`/api/order/${cancelledByOwner}`).set(admin.auth).expect(200);
    expect(cancelled.body.order.events.map((e: { status: string; by: string }) => [e.status, e.by])).toEqual([
      ['unpaid', customer.email],
      ['cancelled', customer.email],
    ]);
  });

  it('records an expiry as done by system', async () => {
    const id = await placed(10);
    // Every unpaid order is older than 0 ms; other tests' leftovers go with it.
    expect(await createOrderMoves(createOrdersRepo(ctx.db, noJobs)).expireUnpaid(0)).toBeGreaterThan(0);
    const res = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(res.body.order.status).toBe('cancelled');
    expect(res.body.order.events.at(-1)).toMatchObject({ status: 'cancelled', by: 'system' });
    expect(await stock()).toBe(STOCK);
  });

  it('shows the number, phone, address and dates to the owner and to admins', async () => {
    const id = await placed(10);
    for (const who of [customer, admin]) {
      const res = await ctx.http().get(`/api/order/${id}`).set(who.auth).expect(200);
      const { order } = res.body;
      expect(order).toMatchObject({
        _id: id,
        number: expect.stringMatching(/^PD-\d{6,}$/),
        userName: 'Carla Customer',
        email: customer.email,
        phone,
        address,
        status: 'unpaid',
        productQuantity: 10,
        price: 125,
      });
      expect(Number(order.number.slice(3))).toBeGreaterThanOrEqual(100001);
      expect(Date.parse(order.createdAt)).not.toBeNaN();
      expect(Date.parse(order.updatedAt)).toBeGreaterThanOrEqual(Date.parse(order.createdAt));
      expect(order.events).toEqual([{ status: 'unpaid', by: customer.email, at: order.createdAt }]);
    }
  });

  it('is a 404 to other customers, saying nothing of the order, and a 401 to strangers', async () => {
    const id = await placed(10);
    const res = await ctx.http().get(`/api/order/${id}`).set(other.auth).expect(404);
    expect(res.body).toEqual({ message: apiMessages.orderNotFound });
    await ctx.http().get(`/api/order/${id}`).expect(401);
    await ctx.http().get('/api/order/3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f').set(admin.auth).expect(404);
    await ctx.http().get('/api/order/PD-100001').set(admin.auth).expect(404);
  });

  it('numbers orders from the sequence, each once, in the order they were placed', async () => {
    const ids = [await placed(1), await placed(1, other), await placed(1)];
    const numbers = await Promise.all(
      ids.map(
        async (id) =>
          (await ctx.http().get(`/api/order/${id}`).set(admin.auth).expect(200)).body.order.number,
      ),
    );
    const values = numbers.map((n: string) => Number(n.slice(3)));
    expect(new Set(values).size).toBe(3);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
});
