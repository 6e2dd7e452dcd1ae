import type { AuditEntry, Part } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * Every product action writes its audit entry in the action's own transaction, with
 * the fields it changed before and after; an action refused writes none.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const entriesOf = async (id: string): Promise<AuditEntry[]> =>
  (await ctx.http().get('/api/audit').query({ targetType: 'part', targetId: id }).set(admin.auth).expect(200))
    .body;

const newPart = async (overrides: object = {}) => {
  const body = {
    name: 'Audited SSD',
    img: '/media/parts/test.svg',
    price: 89.5,
    minOrderQuantity: 2,
    availableQuantity: 40,
    description: 'Fast storage.',
    sku: `SSD-${Math.random().toString(36).slice(2, 10)}`,
    orderMultiple: 2,
    ...overrides,
  };
  const res = await ctx.http().post('/api/addproduct').set(admin.auth).send(body).expect(201);
  return { id: res.body.insertedId as string, body };
};
const load = async (id: string): Promise<Part> => (await ctx.http().get(`/api/part/${id}`).expect(200)).body;
const formOf = (part: Part) => ({
  name: part.name,
  img: part.img,
  price: part.price,
  minOrderQuantity: part.minOrderQuantity,
  description: part.description,
  bulkDiscount: part.bulkDiscount,
});

describe('product actions', () => {
  it('an add records the part as added', async () => {
    const { id, body } = await newPart();
    const [entry, ...rest] = await entriesOf(id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actor: admin.email,
      action: 'part.add',
      target: { type: 'part', id, label: 'Audited SSD' },
      before: null,
      after: {
        sku: body.sku,
        name: 'Audited SSD',
        price: 89.5,
        minOrderQuantity: 2,
        orderMultiple: 2,
        availableQuantity: 40,
        description: 'Fast storage.',
        bulkDiscount: false,
        img: '/media/parts/test.svg',
      },
    });
    expect(Date.parse(entry?.at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('an edit records only the fields it changed, before and after', async () => {
    const { id } = await newPart();
    const part = await load(id);
    await ctx
      .http()
      .put(`/api/part/${id}`)
      .set(admin.auth)
      .send({ ...formOf(part), price: 79.99, name: 'Audited SSD 2' })
      .expect(200);
    const [edit] = await entriesOf(id);
    expect(edit).toMatchObject({
      action: 'part.edit',
      target: { label: 'Audited SSD' },
      before: { price: 89.5, name: 'Audited SSD' },
      after: { price: 79.99, name: 'Audited SSD 2' },
    });
    expect(Object.keys(edit?.after ?? {}).sort()).toEqual(['name', 'price']);
  });

  it('a stock edit is its own entry; an edit that changes nothing records nothing', async () => {
    const { id } = await newPart();
    const part = await load(id);
    await ctx
      .http()
      .put(`/api/part/${id}`)
      .set(admin.auth)
      .send({ ...formOf(part), availableQuantityBefore: 40, availableQuantity: 64 })
      .expect(200);
    const entries = await entriesOf(id);
    expect(entries.map((e) => e.action)).toEqual(['part.stock', 'part.add']);
    expect(entries[0]).toMatchObject({ before: { availableQuantity: 40 }, after: { availableQuantity: 64 } });
    await ctx.http().put(`/api/part/${id}`).set(admin.auth).send(formOf(part)).expect(200);
    expect(await entriesOf(id)).toHaveLength(2);
  });

  it('a delete records the part as it was', async () => {
    const { id } = await newPart({ name: 'Doomed fan' });
    await ctx.http().delete(`/api/deleteparts/${id}`).set(admin.auth).expect(200);
    const [entry] = await entriesOf(id);
    expect(entry).toMatchObject({
      action: 'part.delete',
      target: { label: 'Doomed fan' },
      before: { name: 'Doomed fan', availableQuantity: 40 },
      after: null,
    });
  });
});

describe('a refused action leaves no entry', () => {
  it('a stale stock (409), a taken SKU (409), a partial pack (400) or a missing part (404)', async () => {
    const { id } = await newPart();
    const { body: taken } = await newPart();
    const part = await load(id);
    const put = (body: object, status: number, target = id) =>
      ctx.http().put(`/api/part/${target}`).set(admin.auth).send(body).expect(status);
    await put({ ...formOf(part), price: 1, availableQuantityBefore: 39, availableQuantity: 10 }, 409);
    await put({ ...formOf(part), price: 1, sku: taken.sku }, 409);
    await put({ ...formOf(part), price: 1, minOrderQuantity: 3 }, 400);
    expect((await entriesOf(id)).map((e) => e.action)).toEqual(['part.add']);
    expect((await load(id)).price).toBe(89.5);
    const missing = '00000000-0000-4000-8000-000000000000';
    await put(formOf(part), 404, missing);
    await ctx.http().delete(`/api/deleteparts/${missing}`).set(admin.auth).expect(404);
    await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send({ ...taken, name: 'Clash' })
      .expect(409);
    expect(await entriesOf(missing)).toEqual([]);
    const adds = await ctx.http().get('/api/audit').query({ action: 'part.add' }).set(admin.auth);
    expect(adds.body.map((e: AuditEntry) => e.target.label)).not.toContain('Clash');
  });
});
