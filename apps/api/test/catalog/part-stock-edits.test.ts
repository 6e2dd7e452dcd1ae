import { apiMessages, validationMessages as m, type Part } from '@store/shared';
import { eq } from 'drizzle-orm';
import type { Response } from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';

/**
 * Edits never undo orders: when a customer orders 30 between an admin's edit form loading stock
 * 100 and its save, the save must not put the stock back to 100. An edit sets the stock only if it
 * is still the value the form was loaded with; an edit that leaves the stock out never touches it.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  customer = await accountWithToken(ctx);
});
afterAll(() => ctx.close());

beforeEach(async () => {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ name: 'Quiet fan', priceCents: 1250, minOrderQuantity: 10, availableQuantity: 100 }))
    .returning();
  partId = part?.id as string;
});

/** What the admin's edit form loads: the part as the API serves it. */
const load = async (id = partId): Promise<Part> => (await ctx.http().get(`/api/part/${id}`).expect(200)).body;
const row = async (id = partId) => (await ctx.db.select().from(parts).where(eq(parts.id, id)))[0];

/** The form's fields, without the stock (a name-only edit sends this). */
const editOf = (part: Part, changes: object = {}) => ({
  name: part.name,
  img: part.img,
  price: part.price,
  minOrderQuantity: part.minOrderQuantity,
  description: part.description,
  bulkDiscount: part.bulkDiscount,
  ...changes,
});
const save = (body: object, id = partId) => ctx.http().put(`/api/part/${id}`).set(admin.auth).send(body);
const order = (productQuantity: number, id = partId) =>
  sendOrder(client(ctx.http, customer.auth), id, { productQuantity });

describe('PUT /api/part/:id with a stock', () => {
  it('GET /api/part/:id serves the stock an edit is based on', async () => {
    expect((await load()).availableQuantity).toBe(100);
  });

  it('sets the stock when it is still the value the form loaded', async () => {
    const part = await load();
    await save(
      editOf(part, { name: 'Quieter fan', availableQuantity: 250, availableQuantityBefore: 100 }),
    ).expect(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect(await load()).toMatchObject({ name: 'Quieter fan', availableQuantity: 250 });
  });

  it('refuses a stale stock with 409 and the current stock, and changes nothing', async () => {
    const part = await load();
    await order(30).expect(201);
    const before = await row();

    const res = await save(
      editOf(part, { name: 'Renamed', price: 99, availableQuantity: 100, availableQuantityBefore: 100 }),
    ).expect(409);

    expect(res.body).toEqual({
      message: apiMessages.stockChanged(70),
      fields: { availableQuantity: '70' },
    });
    expect(res.body.message).toBe('Stock changed to 70 since you opened this form');
    expect(await row()).toEqual(before);
  });

  it('an order placed between loading the form and saving it is kept: 409, then a save on the new base', async () => {
    const loaded = await load();
    await order(30).expect(201);

    const refused = await save(
      editOf(loaded, {
        name: 'Renamed',
        availableQuantity: 150,
        availableQuantityBefore: loaded.availableQuantity,
      }),
    ).expect(409);
    expect((await load()).availableQuantity).toBe(70);

    // The form keeps the admin's edits and takes the current stock as its new base.
    const current = Number(refused.body.fields.availableQuantity);
    await save(
      editOf(loaded, { name: 'Renamed', availableQuantity: 150, availableQuantityBefore: current }),
    ).expect(200);
    expect(await load()).toMatchObject({ name: 'Renamed', availableQuantity: 150 });
  });

  it('accepts a base the stock has come back to (an order placed and cancelled meanwhile)', async () => {
    const part = await load();
    const placed = await order(30).expect(201);
    await ctx.http().delete(`/api/order/${placed.body.insertedId}`).set(customer.auth).expect(200);
    await save(editOf(part, { availableQuantity: 120, availableQuantityBefore: 100 })).expect(200);
    expect((await load()).availableQuantity).toBe(120);
  });

  it('answers 404, not 409, for a part that is gone', async () => {
    const part = await load();
    await ctx.http().delete(`/api/deleteparts/${partId}`).set(admin.auth).expect(200);
    await save(editOf(part, { availableQuantity: 100, availableQuantityBefore: 100 })).expect(404);
    await save(
      editOf(part, { availableQuantity: 100, availableQuantityBefore: 100 }),
      '3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f',
    ).expect(404);
  });
});

describe('PUT /api/part/:id without a stock', () => {
  it('a name-only edit leaves the stock alone, even after orders moved it', async () => {
    const part = await load();
    await order(30).expect(201);
    await order(25).expect(201);

    await save(editOf(part, { name: 'Renamed fan' })).expect(200);

    expect(await load()).toMatchObject({ name: 'Renamed fan', availableQuantity: 45 });
  });

  it('refuses a base without a new stock, and a new stock without its base', async () => {
    const part = await load();
    const alone = await save(editOf(part, { availableQuantityBefore: 100 })).expect(400);
    expect(alone.body.fields).toEqual({ availableQuantityBefore: m.availableBeforeAlone });
    const unbased = await save(editOf(part, { availableQuantity: 100 })).expect(400);
    expect(unbased.body.fields).toEqual({ availableQuantityBefore: m.availableBeforeRequired });
    const negative = await save(editOf(part, { availableQuantity: 100, availableQuantityBefore: -1 })).expect(
      400,
    );
    expect(negative.body.fields).toEqual({ availableQuantityBefore: m.availableNegative });
    expect(await row()).toMatchObject({ name: part.name, availableQuantity: 100 });
  });

  // The minimum order is checked when a part is added, never against a stock count:
  // a stock of 0, or any stock below the minimum, takes the part off sale without deleting it.
  it.each([
    ['0', 0, 10],
    ['below the minimum order', 4, 10],
    ['a minimum raised above the stock', 100, 500],
  ])('takes a stock of %s, and the part shows Out of stock', async (_label, stock, minOrder) => {
    const part = await load();
    await save(
      editOf(part, { minOrderQuantity: minOrder, availableQuantity: stock, availableQuantityBefore: 100 }),
    ).expect(200, { acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect(await load()).toMatchObject({
      availableQuantity: stock,
      minOrderQuantity: minOrder,
      stock: 'out',
    });
    const listed = await ctx.http().get('/api/parts?limit=100').expect(200);
    expect(listed.body.find((p: Part) => p._id === partId)?.stock).toBe('out');
    // Off sale: nobody can order it, whatever the quantity.
    await order(minOrder).expect(409);
  });

  it('still refuses adding a part whose minimum order is above its stock', async () => {
    const res = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send({
        name: 'New fan',
        sku: 'NEW-FAN',
        img: 'https://example.com/fan.png',
        price: 5,
        minOrderQuantity: 10,
        availableQuantity: 0,
        description: 'A fan',
      })
      .expect(400);
    expect(res.body.fields).toEqual({ minOrderQuantity: m.minOrderAboveAvailable });
  });
});

describe('an edit racing orders', () => {
  it('either keeps every order after its new stock, or is refused and keeps them all', async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 1000 }))
      .returning();
    const id = part?.id as string;
    const loaded = await load(id);
    const edit = editOf(loaded, { availableQuantity: 500, availableQuantityBefore: 1000 });

    // Ten orders, the edit in their middle, all at once (on PostgreSQL truly at the same time).
    const calls: PromiseLike<Pick<Response, 'status' | 'body'>>[] = Array.from({ length: 10 }, () =>
      order(10, id),
    );
    calls.splice(5, 0, save(edit, id));
    const responses = await Promise.all(calls);
    const edited = responses[5];
    const orders = responses.filter((_, i) => i !== 5);

    expect(orders.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect([200, 409]).toContain(edited?.status);
    const sold = 10 * orders.length;
    // Orders only lower the stock, so an accepted edit ran before every one of them.
    const base = edited?.status === 200 ? 500 : 1000;
    const final = (await row(id))?.availableQuantity;
    expect(final).toBe(base - sold);
    if (edited?.status === 409) {
      expect(Number(edited.body.fields.availableQuantity)).toBeLessThan(1000);
      expect(edited.body.message).toBe(
        apiMessages.stockChanged(Number(edited.body.fields.availableQuantity)),
      );
    }
  });
});
