import { apiMessages, validationMessages as m } from '@store/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { png } from '../fixtures/images.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let img: string;

beforeAll(async () => {
  ctx = await createTestApp({ imageHostOrigins: ['https://i.ibb.co'] });
  admin = await accountWithToken(ctx, 'admin');
  customer = await accountWithToken(ctx);
  img = (
    await ctx
      .http()
      .post('/api/image')
      .set(admin.auth)
      .attach('image', await png(), 'a.png')
      .expect(201)
  ).body.data.url;
});
afterAll(() => ctx.close());

let skus = 0;
const nextSku = () => {
  skus += 1;
  return `VC-H9-${skus}`;
};
/** Each call names a new SKU: SKUs are unique among parts. */
const product = (overrides: object = {}) => ({
  name: 'VoltCore Helix 9',
  sku: nextSku(),
  img,
  price: 249.99,
  availableQuantity: 1200,
  minOrderQuantity: 10,
  description: 'Twelve cores for busy workstations.',
  bulkDiscount: true,
  ...overrides,
});
const partCount = async () => (await ctx.db.select({ n: count() }).from(parts))[0]?.n;
const add = (body: object, who = admin) => ctx.http().post('/api/addproduct').set(who.auth).send(body);

describe('who may write the catalog', () => {
  it.each([
    ['add', () => ctx.http().post('/api/addproduct').send(product())],
    ['update', () => ctx.http().put('/api/part/3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f').send(product())],
    ['delete', () => ctx.http().delete('/api/deleteparts/3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f')],
  ])('%s: anonymous 401, customer 403', async (_label, call) => {
    await call().expect(401);
    await call().set(customer.auth).expect(403);
  });
});

describe('POST /api/addproduct', () => {
  it('adds a part as the newest, with the adder from the token', async () => {
    const res = await add(product({ email: 'someone@example.com' })).expect(201);
    expect(res.body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const [row] = await ctx.db.select().from(parts).where(eq(parts.id, res.body.insertedId));
    expect(row).toMatchObject({ addedBy: admin.email, priceCents: 24_999 });
    const [newest] = (await ctx.http().get('/api/parts?sort=newest&limit=1').expect(200)).body;
    expect(newest).toMatchObject({
      _id: res.body.insertedId,
      img,
      thumb: img.replace('.webp', '.thumb.webp'),
    });
  });

  it.each([
    [{ name: '' }, 'name', m.nameRequired],
    [{ price: undefined }, 'price', m.priceRequired],
    [{ price: 0 }, 'price', m.pricePositive],
    [{ price: 1.999 }, 'price', m.priceCents],
    [{ availableQuantity: 10.5 }, 'availableQuantity', m.wholeNumber],
    [{ minOrderQuantity: 0 }, 'minOrderQuantity', m.minOrderAtLeastOne],
    [{ minOrderQuantity: 5000 }, 'minOrderQuantity', m.minOrderAboveAvailable],
    [{ description: '' }, 'description', m.descriptionRequired],
    [{ img: '' }, 'img', m.imageRequired],
    [{ img: 'https://evil.example/x.png' }, 'img', m.imageInvalid],
    [{ img: 'javascript:alert(1)' }, 'img', m.imageInvalid],
    [{ img: '/uploads/../../etc/passwd' }, 'img', m.imageInvalid],
  ])('refuses %j with the right message and changes nothing', async (overrides, field, message) => {
    const before = await partCount();
    const res = await add(product(overrides)).expect(400);
    expect(res.body.fields[field]).toBe(message);
    expect(await partCount()).toBe(before);
  });

  it('accepts an image from the configured external host', async () => {
    await add(product({ img: 'https://i.ibb.co/abc123/part.webp' })).expect(201);
  });
});

describe('PUT /api/part/:id and DELETE /api/deleteparts/:id', () => {
  it('edits every field', async () => {
    const { insertedId } = (await add(product()).expect(201)).body;
    const res = await ctx
      .http()
      .put(`/api/part/${insertedId}`)
      .set(admin.auth)
      .send(
        product({
          name: 'Renamed',
          price: 199.5,
          bulkDiscount: false,
          availableQuantity: 900,
          availableQuantityBefore: 1200,
        }),
      )
      .expect(200);
    expect(res.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const part = (await ctx.http().get(`/api/part/${insertedId}`).expect(200)).body;
    expect(part).toMatchObject({
      name: 'Renamed',
      price: 199.5,
      bulkDiscount: false,
      availableQuantity: 900,
    });
    await ctx
      .http()
      .put('/api/part/not-an-id')
      .set(admin.auth)
      .send(product({ availableQuantityBefore: 1200 }))
      .expect(404);
  });

  it('removes a part from the storefront but keeps past orders whole', async () => {
    const { insertedId } = (await add(product({ name: 'Soon gone', price: 10 }))).body;
    const order = await sendOrder(client(ctx.http, customer.auth), insertedId, {
      productQuantity: 10,
    }).expect(201);

    await ctx.http().delete(`/api/deleteparts/${insertedId}`).set(admin.auth).expect(200, {
      acknowledged: true,
      deletedCount: 1,
    });
    await ctx.http().get(`/api/part/${insertedId}`).expect(404);
    const listed = (await ctx.http().get('/api/parts?limit=100').expect(200)).body;
    expect(listed.map((p: { _id: string }) => p._id)).not.toContain(insertedId);
    await ctx.http().delete(`/api/deleteparts/${insertedId}`).set(admin.auth).expect(404);

    const mine = (await ctx.http().get(`/api/myorder?email=${customer.email}`).set(customer.auth).expect(200))
      .body;
    expect(mine.find((o: { _id: string }) => o._id === order.body.insertedId)).toMatchObject({
      productName: 'Soon gone',
      price: 100,
    });
    // And it can still be cancelled: the stock goes back to the hidden part.
    await ctx.http().delete(`/api/order/${order.body.insertedId}`).set(customer.auth).expect(200);
  });
});

describe('GET /api/parts as a catalog', () => {
  beforeAll(async () => {
    for (const [name, price] of [
      ['Zeta 100% Fan', 5],
      ['Alpha_Cooler', 50],
      ['alpha cooler pro', 75],
    ] as const) {
      await add(product({ name, price })).expect(201);
    }
  });

  it('searches words case-insensitively, in any order; % and _ are no wildcards', async () => {
    const names = async (q: string) =>
      (
        await ctx
          .http()
          .get(`/api/parts?q=${encodeURIComponent(q)}&limit=100`)
          .expect(200)
      ).body.map((p: { name: string }) => p.name);
    expect((await names('ALPHA')).sort()).toEqual(['Alpha_Cooler', 'alpha cooler pro']);
    expect(await names('100%')).toEqual(['Zeta 100% Fan']);
    expect((await names('cooler alpha')).sort()).toEqual(['Alpha_Cooler', 'alpha cooler pro']);
    expect(await names('pro_cooler')).toEqual(['alpha cooler pro']);
    expect(await names('%_')).toEqual([]);
    expect(await names('no such part')).toEqual([]);
  });

  it('sorts by price both ways, with the total for paging', async () => {
    const asc = await ctx.http().get('/api/parts?sort=price-asc&limit=2').expect(200);
    expect(asc.body[0].price).toBe(5);
    const prices = (await ctx.http().get('/api/parts?sort=price-asc&limit=100').expect(200)).body.map(
      (p: { price: number }) => p.price,
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await ctx.http().get('/api/parts?sort=price-desc&limit=100').expect(200)).body.map(
      (p: { price: number }) => p.price,
    );
    expect(desc).toEqual([...prices].reverse());
    expect(Number(asc.headers['x-total-count'])).toBe(prices.length);
  });

  it('refuses a bad search or sort with a 400', async () => {
    await ctx
      .http()
      .get(`/api/parts?q=${'x'.repeat(101)}`)
      .expect(400);
    const res = await ctx.http().get('/api/parts?sort=cheapest').expect(400);
    expect(res.body.message).toBe(apiMessages.invalidQuery);
  });
});
