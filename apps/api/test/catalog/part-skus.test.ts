import { apiMessages, cartMessages, validationMessages as m } from '@store/shared';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';

/** Parts have a SKU (unique, case-insensitively) and a pack size. */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  customer = await accountWithToken(ctx);
});
afterAll(() => ctx.close());

const product = (overrides: object) => ({
  name: 'NEXA AirStream 140 PWM Case Fan',
  img: '/media/parts/nexa-airstream-140-fan.svg',
  price: 11.49,
  availableQuantity: 600,
  minOrderQuantity: 50,
  description: 'A quiet 140 mm fan.',
  bulkDiscount: false,
  ...overrides,
});
const add = (body: object) => ctx.http().post('/api/addproduct').set(admin.auth).send(body);
/** An edit that leaves the stock alone (no `availableQuantity`). */
const update = (id: string, overrides: object) => {
  const { availableQuantity: _stock, ...edit } = product(overrides);
  return ctx.http().put(`/api/part/${id}`).set(admin.auth).send(edit);
};
const getPart = async (id: string) => (await ctx.http().get(`/api/part/${id}`).expect(200)).body;
const partCount = async () => (await ctx.db.select({ n: count() }).from(parts))[0]?.n;
const row = async (id: string) => (await ctx.db.select().from(parts).where(eq(parts.id, id)))[0];

describe('adding a part with a SKU and a pack size', () => {
  it('stores both and the part JSON carries them, here and in lists', async () => {
    const res = await add(product({ sku: ' NX-AS140-PWM ', orderMultiple: 5 })).expect(201);
    const id = res.body.insertedId as string;
    expect(await getPart(id)).toMatchObject({ sku: 'NX-AS140-PWM', orderMultiple: 5, minOrderQuantity: 50 });
    const listed = (await ctx.http().get('/api/parts?limit=100').expect(200)).body;
    expect(listed.find((p: { _id: string }) => p._id === id)).toMatchObject({
      sku: 'NX-AS140-PWM',
      orderMultiple: 5,
    });
  });

  it('sells by the unit when no pack size is given', async () => {
    const res = await add(product({ sku: 'BY-THE-UNIT', minOrderQuantity: 7 })).expect(201);
    expect(await getPart(res.body.insertedId)).toMatchObject({ sku: 'BY-THE-UNIT', orderMultiple: 1 });
  });

  it('refuses a SKU another part has, in any case, with 409 naming it, and adds nothing', async () => {
    await add(product({ sku: 'KX-FP120-TWR' })).expect(201);
    const before = await partCount();
    const res = await add(product({ sku: 'kx-fp120-twr', name: 'Another cooler' })).expect(409);
    expect(res.body.message).toBe(apiMessages.skuTaken('kx-fp120-twr'));
    expect(res.body.fields).toEqual({ sku: apiMessages.skuTaken('kx-fp120-twr') });
    expect(await partCount()).toBe(before);
  });

  it.each([
    [{ sku: undefined }, 'sku', m.skuRequired],
    [{ sku: '' }, 'sku', m.skuRequired],
    [{ sku: 'NX AS140' }, 'sku', m.skuInvalid],
    [{ sku: 'NX/AS140' }, 'sku', m.skuInvalid],
    [{ sku: 'ÄÖ-1' }, 'sku', m.skuInvalid],
    [{ sku: 'X'.repeat(41) }, 'sku', m.skuInvalid],
    [{ sku: 'OK-1', orderMultiple: 0 }, 'orderMultiple', m.orderMultipleAtLeastOne],
    [{ sku: 'OK-2', orderMultiple: 2.5 }, 'orderMultiple', m.wholeNumber],
    [{ sku: 'OK-3', orderMultiple: 2_000_000 }, 'orderMultiple', m.quantityTooHigh],
    [{ sku: 'OK-4', orderMultiple: 20 }, 'minOrderQuantity', m.minOrderNotWholePacks(20)],
  ])('refuses %j with 400 on the field and adds nothing', async (overrides, field, message) => {
    const before = await partCount();
    const res = await add(product(overrides)).expect(400);
    expect(res.body.fields[field]).toBe(message);
    expect(await partCount()).toBe(before);
  });
});

describe('updating the SKU and the pack size', () => {
  it('changes both, and keeps both when an older client sends neither', async () => {
    const id = (await add(product({ sku: 'OQ-V27Q-165', orderMultiple: 10 })).expect(201)).body.insertedId;
    await update(id, { sku: 'OQ-V27Q-165-B', orderMultiple: 25 }).expect(200);
    expect(await getPart(id)).toMatchObject({ sku: 'OQ-V27Q-165-B', orderMultiple: 25 });
    // Nothing said of them: they stay.
    await update(id, { name: 'Renamed monitor', minOrderQuantity: 75 }).expect(200);
    expect(await getPart(id)).toMatchObject({
      name: 'Renamed monitor',
      sku: 'OQ-V27Q-165-B',
      orderMultiple: 25,
      minOrderQuantity: 75,
    });
  });

  it('keeps its own SKU in another case, but refuses another part’s with 409 and changes nothing', async () => {
    const mine = (await add(product({ sku: 'VC-TX70-12G' })).expect(201)).body.insertedId;
    const other = (await add(product({ sku: 'VC-TX80-16G' })).expect(201)).body.insertedId;
    await update(mine, { sku: 'vc-tx70-12g' }).expect(200);
    expect((await getPart(mine)).sku).toBe('vc-tx70-12g');
    const before = await row(other);
    const res = await update(other, { sku: 'VC-tx70-12G', name: 'Should not stick' }).expect(409);
    expect(res.body.message).toBe(apiMessages.skuTaken('VC-tx70-12G'));
    expect(await row(other)).toEqual(before);
  });

  it('refuses a minimum that is not whole packs, of a new pack or of the stored one (400)', async () => {
    const id = (await add(product({ sku: 'TB-HD2T-P4-M2', orderMultiple: 10 })).expect(201)).body.insertedId;
    const sent = await update(id, { orderMultiple: 20, minOrderQuantity: 50 }).expect(400);
    expect(sent.body.fields).toEqual({ minOrderQuantity: m.minOrderNotWholePacks(20) });
    // No pack size sent: the part's own (10) is the one the minimum must be whole packs of.
    const kept = await update(id, { minOrderQuantity: 55 }).expect(400);
    expect(kept.body.fields).toEqual({ minOrderQuantity: m.minOrderNotWholePacks(10) });
    expect(await getPart(id)).toMatchObject({ orderMultiple: 10, minOrderQuantity: 50 });
  });

  it('refuses a bad SKU on update with 400', async () => {
    const id = (await add(product({ sku: 'KX-GF360' })).expect(201)).body.insertedId;
    const res = await update(id, { sku: 'KX GF360' }).expect(400);
    expect(res.body.fields).toEqual({ sku: m.skuInvalid });
    expect((await getPart(id)).sku).toBe('KX-GF360');
  });
});

describe('the single-part order and pack sizes', () => {
  it('takes whole packs and refuses a part of one with 400, leaving the stock as it was', async () => {
    const id = (await add(product({ sku: 'NX-PACKS', orderMultiple: 5, availableQuantity: 100 })).expect(201))
      .body.insertedId;
    const order = (productQuantity: number) =>
      sendOrder(client(ctx.http, customer.auth), id, { productQuantity });
    const ordersBefore = (await ctx.db.select({ n: count() }).from(orders))[0]?.n;
    const res = await order(52).expect(400);
    expect(res.body.message).toBe(cartMessages.notMultiple(5));
    expect(res.body.fields).toEqual({ productQuantity: cartMessages.notMultiple(5) });
    expect((await getPart(id)).availableQuantity).toBe(100);
    expect((await ctx.db.select({ n: count() }).from(orders))[0]?.n).toBe(ordersBefore);

    await order(55).expect(201);
    expect((await getPart(id)).availableQuantity).toBe(45);
  });
});

describe('a part inserted without a SKU (an operator’s SQL, a migration)', () => {
  it('gets PD- and six digits, and more digits past 999,999 rather than a cut, taken number', async () => {
    const insert = async () => {
      const [inserted] = await ctx.db
        .insert(parts)
        .values({
          name: 'A part from SQL',
          img: '/media/parts/test.svg',
          priceCents: 100,
          minOrderQuantity: 1,
          availableQuantity: 1,
          description: 'Inserted without a SKU.',
        })
        .returning({ sku: parts.sku });
      return inserted?.sku;
    };
    expect(await insert()).toMatch(/^PD-\d{6}$/);
    await ctx.db.execute(sql`select setval('part_sku_seq', 999998)`);
    expect(await insert()).toBe('PD-999999');
    expect(await insert()).toBe('PD-1000000');
  });
});
