import { apiMessages, type OrderInput } from '@store/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { ordersOfPart } from '../support/order-rows.js';
import { sendOrder } from '../support/orders.js';

/** `POST /api/order` with an `Idempotency-Key`: a retry returns the first order, never a second. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let other: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;

const body = { productQuantity: 10, phone: '+1 555 010 2030', address: '12 Harbour Street, Springfield' };

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  other = await accountWithToken(ctx, 'customer', 'Oscar Other');
});
afterAll(() => ctx.close());

beforeEach(async () => {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ priceCents: 1250, minOrderQuantity: 10, availableQuantity: 100 }))
    .returning();
  partId = part?.id as string;
});

const stock = async (id = partId) =>
  (await ctx.db.select().from(parts).where(eq(parts.id, id)))[0]?.availableQuantity;
const ordersOfThePart = () => ordersOfPart(ctx.db, partId);

function order(key: string | undefined, overrides: Partial<OrderInput> = {}, who = customer) {
  const { partId: id = partId, ...rest } = overrides;
  return sendOrder(client(ctx.http, who.auth), id, { ...body, ...rest, key });
}

describe('Idempotency-Key on POST /api/order', () => {
  it('answers a repeat with the first order: same _id, same status, stock taken once', async () => {
    const first = await order('click-1').expect(201);
    const repeat = await order('click-1').expect(201);

    expect(repeat.body).toEqual(first.body);
    expect(repeat.body).toMatchObject({ acknowledged: true, insertedId: first.body.order._id });
    expect(await stock()).toBe(90);
    const rows = await ordersOfThePart();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idempotencyKey).toBe('click-1');
  });

  it('places a new order for a new key, and for no key at all, as before', async () => {
    const a = await order('click-a').expect(201);
    const b = await order('click-b').expect(201);
    await order(undefined).expect(201);
    await order(undefined).expect(201);

    expect(b.body.insertedId).not.toBe(a.body.insertedId);
    expect(await ordersOfThePart()).toHaveLength(4);
    expect(await stock()).toBe(60);
  });

  it('gives another customer using the same key their own order', async () => {
    const mine = await order('shared-key').expect(201);
    const theirs = await order('shared-key', {}, other).expect(201);

    expect(theirs.body.insertedId).not.toBe(mine.body.insertedId);
    expect(theirs.body.order.email).toBe(other.email);
    expect(await stock()).toBe(80);
  });

  it('refuses the same key for a different order with 422, and places nothing', async () => {
    await order('click-2').expect(201);
    const otherPartId = await anotherPart();

    for (const changed of [{ productQuantity: 20 }, { partId: otherPartId }]) {
      const res = await order('click-2', changed).expect(422);
      expect(res.body).toEqual({ message: apiMessages.idempotencyKeyReused });
    }
    expect(await stock()).toBe(90);
    expect(await stock(otherPartId)).toBe(500);
    expect(await ctx.db.select().from(orders).where(eq(orders.idempotencyKey, 'click-2'))).toHaveLength(1);
  });

  it.each([
    ['another address', { address: '99 Other Road, Elsewhere' }],
    ['another phone', { phone: '+44 20 7946 0000' }],
  ])('refuses the same key with %s (any other body) with 422, changing nothing', async (what, changed) => {
    const key = `click-${what}`;
    const first = await order(key).expect(201);
    const before = await ctx.db.select().from(orders).where(eq(orders.id, first.body.insertedId));

    const res = await order(key, changed).expect(422);
    expect(res.body).toEqual({ message: apiMessages.idempotencyKeyReused });
    expect(await stock()).toBe(90);
    expect(await ordersOfThePart()).toHaveLength(1);
    expect(await ctx.db.select().from(orders).where(eq(orders.id, first.body.insertedId))).toEqual(before);
    // The first body, sent again, still answers with the first order.
    expect((await order(key).expect(201)).body).toEqual(first.body);
  });

  it('treats a body that parses the same (spaces trimmed, keys reordered) as the same request', async () => {
    const first = await order('click-same').expect(201);
    const reordered = { address: ` ${body.address} `, phone: body.phone, productQuantity: 10, partId };
    const repeat = await client(ctx.http, customer.auth)
      .orders.place({ body: reordered, headers: { 'idempotency-key': 'click-same' } })
      .expect(201);
    expect(repeat.body.insertedId).toBe(first.body.insertedId);
    expect(await stock()).toBe(90);
  });

  it.each([
    ['empty', ''],
    ['longer than 200 characters', 'k'.repeat(201)],
    ['holding a control character', 'tab\there'],
    ['not ASCII', 'café'],
  ])('answers 400 for a key %s, and changes nothing', async (_, key) => {
    const res = await order(key).expect(400);

    expect(res.body).toEqual({
      message: apiMessages.invalidIdempotencyKey,
      fields: { 'idempotency-key': expect.any(String) },
    });
    expect(await stock()).toBe(100);
    expect(await ordersOfThePart()).toHaveLength(0);
  });

  it('accepts a key of exactly 200 printable characters', async () => {
    const key = `${'~ '.repeat(99)}!!`;
    const first = await order(key).expect(201);
    const repeat = await order(key).expect(201);
    expect(repeat.body.insertedId).toBe(first.body.insertedId);
  });

  it('spends a key after 24 hours: a repeat then places a new order', async () => {
    const first = await order('click-3').expect(201);
    await ctx.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.id, first.body.insertedId));

    const later = await order('click-3').expect(201);
    const again = await order('click-3').expect(201);

    expect(later.body.insertedId).not.toBe(first.body.insertedId);
    expect(again.body.insertedId).toBe(later.body.insertedId);
    expect(await stock()).toBe(80);
    const [old] = await ctx.db.select().from(orders).where(eq(orders.id, first.body.insertedId));
    expect(old?.idempotencyKey).toBeNull();
  });

  it('still holds a key at 23 hours', async () => {
    const first = await order('click-4').expect(201);
    await ctx.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '23 hours'` })
      .where(eq(orders.id, first.body.insertedId));

    const repeat = await order('click-4').expect(201);
    expect(repeat.body.insertedId).toBe(first.body.insertedId);
    expect(await stock()).toBe(90);
  });

  it('stores nothing for a refused first attempt, so its retry is judged afresh', async () => {
    await ctx.db.update(parts).set({ availableQuantity: 5 }).where(eq(parts.id, partId));
    await order('click-5').expect(409);
    expect(
      await ctx.db
        .select()
        .from(orders)
        .where(and(eq(orders.email, customer.email), eq(orders.idempotencyKey, 'click-5'))),
    ).toHaveLength(0);

    await ctx.db.update(parts).set({ availableQuantity: 100 }).where(eq(parts.id, partId));
    const retry = await order('click-5').expect(201);
    expect(retry.body.order.productQuantity).toBe(10);
    expect(await stock()).toBe(90);
  });

  it('lets a browser on another origin send the header (CORS preflight)', async () => {
    const res = await ctx
      .http()
      .options('/api/order')
      .set('Origin', 'http://allowed.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');

    expect(res.status).toBeLessThan(300);
    expect(res.headers['access-control-allow-headers']?.toLowerCase()).toContain('idempotency-key');
  });
});

async function anotherPart() {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1 }))
    .returning();
  return part?.id as string;
}
