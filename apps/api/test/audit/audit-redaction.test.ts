import type { AuditEntry, Part } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../src/features/audit/changes.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * What an entry leaves out: the few secret fields of what is audited, by name and type, and
 * nothing of the admins' own data, whatever its names (an attribute called `key` or `cacheBytes`).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const entriesOf = async (targetType: string, targetId: string): Promise<AuditEntry[]> =>
  (await ctx.http().get('/api/audit').query({ targetType, targetId }).set(admin.auth).expect(200)).body;

const keyboards = {
  slug: 'keyboards',
  name: 'Keyboards',
  attributes: [
    { key: 'key', label: 'Key switch', type: 'enum' },
    { key: 'hotkey', label: 'Hot keys', type: 'boolean' },
  ],
};

describe('the admins’ data, whatever its names', () => {
  it('keeps a category’s attribute keys, added and edited', async () => {
    await ctx.http().post('/api/categories').set(admin.auth).send(keyboards).expect(201);
    const attributes = [{ ...keyboards.attributes[0], label: 'Switch' }, keyboards.attributes[1]];
    await ctx
      .http()
      .put('/api/categories/keyboards')
      .set(admin.auth)
      .send({ ...keyboards, attributes })
      .expect(200);
    const [edit, add] = await entriesOf('category', 'keyboards');
    expect(add?.after?.attributes).toEqual(keyboards.attributes);
    expect(edit).toMatchObject({
      action: 'category.edit',
      before: { attributes: keyboards.attributes },
      after: { attributes },
    });
  });

  it('records a part edit that changes only attributes named like secrets', async () => {
    await ctx
      .http()
      .post('/api/categories')
      .set(admin.auth)
      .send({
        slug: 'network-cards',
        name: 'Network cards',
        attributes: [
          { key: 'cacheBytes', label: 'Cache', type: 'number', unit: 'B' },
          { key: 'hotkey', label: 'Hot key', type: 'boolean' },
          { key: 'tokenRing', label: 'Token Ring', type: 'enum' },
        ],
      })
      .expect(201);
    const was = { cacheBytes: 4096, hotkey: false, tokenRing: '4 Mbit/s' };
    const now = { cacheBytes: 8192, hotkey: true, tokenRing: '16 Mbit/s' };
    const added = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send({
        name: 'Ring adapter',
        img: '/media/parts/test.svg',
        price: 49,
        minOrderQuantity: 1,
        availableQuantity: 10,
        description: 'A network card.',
        sku: `NIC-${Math.random().toString(36).slice(2, 10)}`,
        category: 'network-cards',
        attributes: was,
      })
      .expect(201);
    const id = added.body.insertedId as string;
    const part: Part = (await ctx.http().get(`/api/part/${id}`).expect(200)).body;
    await ctx
      .http()
      .put(`/api/part/${id}`)
      .set(admin.auth)
      .send({
        name: part.name,
        img: part.img,
        price: part.price,
        minOrderQuantity: part.minOrderQuantity,
        description: part.description,
        bulkDiscount: part.bulkDiscount,
        attributes: now,
      })
      .expect(200);
    const [edit, add] = await entriesOf('part', id);
    expect(add?.after?.attributes).toEqual(was);
    expect(edit).toMatchObject({
      action: 'part.edit',
      before: { attributes: was },
      after: { attributes: now },
    });
    expect(Object.keys(edit?.after ?? {})).toEqual(['attributes']);
  });
});

describe('the secret fields, by type', () => {
  it('drops an upload’s image host key and bytes, and a sign-in’s tokens', () => {
    expect(
      withoutSecrets('image', { url: '/media/a.png', key: 'image-host-key', bytes: 'iVBORw0', size: 3 }),
    ).toEqual({ url: '/media/a.png', size: 3 });
    expect(
      withoutSecrets('user', { role: 'admin', idToken: 'eyJ…', token: 'eyJ…', tokenVersion: 2 }),
    ).toEqual({ role: 'admin', tokenVersion: 2 });
  });

  it('keeps the same names on other types, and drops binary values at any depth', () => {
    expect(withoutSecrets('category', { key: 'k', attributes: [{ key: 'key' }] })).toEqual({
      key: 'k',
      attributes: [{ key: 'key' }],
    });
    expect(
      withoutSecrets('part', {
        image: new Uint8Array([1, 2, 3]),
        nested: { kept: 1, raw: Buffer.from('x') },
        at: new Date('2026-11-26T08:00:00Z'),
      }),
    ).toEqual({ nested: { kept: 1 }, at: '2026-11-26T08:00:00.000Z' });
  });
});
