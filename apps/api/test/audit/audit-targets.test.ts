import type { AuditEntry } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { placeOrder } from '../support/orders.js';

/**
 * The audit log's target filter takes what admins quote: an order's number, a part's SKU, a
 * user's e-mail, as well as the id entries hold. What names nothing finds nothing, never a 500.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let partId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ priceCents: 1250, minOrderQuantity: 1, availableQuantity: 100 }))
    .returning();
  partId = part?.id as string;
});
afterAll(() => ctx.close());

const find = async (targetType: string, targetId: string): Promise<AuditEntry[]> =>
  (await ctx.http().get('/api/audit').query({ targetType, targetId }).set(admin.auth).expect(200)).body;

/** The CSV's rows after its header, each as its Target id cell. */
async function csvTargetIds(targetType: string, targetId: string): Promise<string[]> {
  const res = await ctx
    .http()
    .get('/api/audit.csv')
    .query({ targetType, targetId })
    .set(admin.auth)
    .expect(200);
  const rows = res.text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .slice(1);
  return rows.map((row) => row.split(',')[5] as string);
}

async function placeAndPay(): Promise<{ id: string; number: string }> {
  const { id } = await placeOrder(client(ctx.http, customer.auth), partId, {
    productQuantity: 2,
    address: '1 Main Street',
  });
  await ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send({ status: 'paid' }).expect(200);
  const payment = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
  return { id, number: payment.body.order.number };
}

describe('an order', () => {
  it('is found by its number, in any case and without its prefix, as by its id', async () => {
    await placeAndPay(); // another order's entry, which the filter leaves out
    const order = await placeAndPay();
    expect(order.number).toMatch(/^PD-\d+$/);
    const byId = await find('order', order.id);
    expect(byId.map((e) => e.action)).toEqual(['order.move']);
    for (const quoted of [order.number, order.number.toLowerCase(), order.number.slice(3)])
      expect(await find('order', quoted)).toEqual(byId);
    expect(await csvTargetIds('order', order.number)).toEqual([order.id]);
  });
});

describe('a part', () => {
  it('is found by its SKU, in any case, and still once deleted', async () => {
    const sku = `AUD-${Math.random().toString(36).slice(2, 10)}`;
    const added = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send({
        name: 'Audited part',
        img: '/media/parts/test.svg',
        price: 19.99,
        minOrderQuantity: 1,
        availableQuantity: 40,
        description: 'A part found by its SKU.',
        sku,
      })
      .expect(201);
    const id: string = added.body.insertedId;
    expect((await find('part', sku)).map((e) => e.target.id)).toEqual([id]);
    await ctx.http().delete(`/api/deleteparts/${id}`).set(admin.auth).expect(200);
    const entries = await find('part', sku.toLowerCase());
    expect(entries.map((e) => e.action)).toEqual(['part.delete', 'part.add']);
    expect(await find('part', id)).toEqual(entries);
    expect(await csvTargetIds('part', sku)).toEqual([id, id]);
  });
});

describe('a user', () => {
  it('is found by their e-mail, in any case', async () => {
    const user = await accountWithToken(ctx, 'customer', 'Rita Role');
    await ctx
      .http()
      .put(`/api/user/admin/${encodeURIComponent(user.email)}`)
      .set(admin.auth)
      .expect(200);
    const entries = await find('user', user.email.toUpperCase());
    expect(entries.map((e) => [e.action, e.target.id])).toEqual([['user.role', user.email]]);
  });
});

describe('what names nothing', () => {
  it('finds nothing, with 200', async () => {
    await find('order', 'PD-999999999999999').then((found) => expect(found).toEqual([]));
    await find('order', 'PD-1234567890123456789012').then((found) => expect(found).toEqual([]));
    await find('order', 'not-an-order').then((found) => expect(found).toEqual([]));
    await find('part', 'NO-SUCH-SKU').then((found) => expect(found).toEqual([]));
    await find('part', 'not a sku!').then((found) => expect(found).toEqual([]));
    await find('user', 'nobody@example.com').then((found) => expect(found).toEqual([]));
    expect(await csvTargetIds('order', 'PD-999999999999999')).toEqual([]);
  });
});
