import { categoryMessages as m } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * The category tree's routes and the checks of a part's category, brand and attributes: who may
 * write, the tree's rules (a key once along a branch, no cycle, 409 while parts or children
 * remain, no definition taken from under the values parts hold), and the read cache forgetting
 * what an edit changes.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;

const cpu = {
  slug: 'cpus',
  name: 'Processors',
  parent: 'parts-root',
  attributes: [
    { key: 'socket', label: 'Socket', type: 'enum', compatibility: true },
    { key: 'cores', label: 'Cores', type: 'number' },
    { key: 'unlocked', label: 'Unlocked', type: 'boolean' },
  ],
};

beforeAll(async () => {
  ctx = await createTestApp({ readCache: true });
  admin = await accountWithToken(ctx, 'admin');
  customer = await accountWithToken(ctx);
  await ctx
    .http()
    .post('/api/categories')
    .set(admin.auth)
    .send({
      slug: 'parts-root',
      name: 'Parts',
      attributes: [{ key: 'warrantyYears', label: 'Warranty', type: 'number', unit: 'years' }],
    })
    .expect(201);
  await ctx.http().post('/api/categories').set(admin.auth).send(cpu).expect(201);
});
afterAll(() => ctx.close());

let skus = 0;
const product = (overrides: object = {}) => {
  skus += 1;
  return {
    name: `Helix ${skus}`,
    sku: `HX-${skus}`,
    img: '/media/parts/voltcore-helix-7-cpu.svg',
    price: 299,
    availableQuantity: 100,
    minOrderQuantity: 1,
    description: 'A processor.',
    ...overrides,
  };
};
const addPart = (body: object) => ctx.http().post('/api/addproduct').set(admin.auth).send(body);

describe('the tree', () => {
  it('anyone reads it in order, with depth, own attributes and listed parts under each', async () => {
    const res = await ctx.http().get('/api/categories').expect(200);
    expect(
      res.body.map((c: { slug: string; depth: number; parent: string | null }) => [
        c.slug,
        c.depth,
        c.parent,
      ]),
    ).toEqual([
      ['parts-root', 0, null],
      ['cpus', 1, 'parts-root'],
    ]);
    expect(res.body[1].attributes).toHaveLength(3);
  });

  it('only admins write it', async () => {
    await ctx.http().post('/api/categories').send({ slug: 'x', name: 'X' }).expect(401);
    await ctx.http().post('/api/categories').set(customer.auth).send({ slug: 'x', name: 'X' }).expect(403);
    await ctx.http().put('/api/categories/cpus').set(customer.auth).send(cpu).expect(403);
    await ctx.http().delete('/api/categories/cpus').set(customer.auth).expect(403);
  });

  it('refuses a taken slug, an unknown parent, a key defined along the branch, a cycle', async () => {
    const post = (body: object) => ctx.http().post('/api/categories').set(admin.auth).send(body);
    expect((await post({ slug: 'cpus', name: 'Again' }).expect(409)).body.fields.slug).toBe(
      m.categorySlugTaken('cpus'),
    );
    expect((await post({ slug: 'y', name: 'Y', parent: 'nope' }).expect(400)).body.fields.parent).toBe(
      m.categoryParentUnknown,
    );
    const inherited = await post({
      slug: 'y',
      name: 'Y',
      parent: 'cpus',
      attributes: [{ key: 'warrantyYears', label: 'W', type: 'number' }],
    }).expect(400);
    expect(inherited.body.fields.attributes).toBe(m.attributeKeyInherited('warrantyYears', 'Parts'));
    expect((await post({ slug: 'Bad Slug', name: 'Y' }).expect(400)).body.fields.slug).toBe(
      m.categorySlugInvalid,
    );
    const twice = await post({
      slug: 'y',
      name: 'Y',
      attributes: [
        { key: 'a', label: 'A', type: 'enum' },
        { key: 'a', label: 'A', type: 'number' },
      ],
    }).expect(400);
    expect(twice.body.fields.attributes).toBe(m.attributeKeyRepeated('a'));
    const cycle = await ctx
      .http()
      .put('/api/categories/parts-root')
      .set(admin.auth)
      .send({ slug: 'parts-root', name: 'Parts', parent: 'cpus' })
      .expect(400);
    expect(cycle.body.fields.parent).toBe(m.categoryParentCycle);
    await ctx.http().put('/api/categories/nope').set(admin.auth).send(cpu).expect(404);
    await ctx.http().delete('/api/categories/nope').set(admin.auth).expect(404);
  });
});

describe("a part's category, brand and attributes", () => {
  it('are checked against the category’s definitions, its ancestors’ included', async () => {
    const bad = async (body: object, field: string, message: string) => {
      const res = await addPart(product(body)).expect(400);
      expect(res.body.fields?.[field]).toBe(message);
    };
    await bad(
      { category: 'cpus', attributes: { cores: 'eight' } },
      'attributes.cores',
      m.attributeNotNumber('Cores'),
    );
    await bad(
      { category: 'cpus', attributes: { colour: 'red' } },
      'attributes.colour',
      m.attributeNotDefined('colour'),
    );
    await bad(
      { category: 'cpus', attributes: { unlocked: 'yes' } },
      'attributes.unlocked',
      m.attributeNotBoolean('Unlocked'),
    );
    await bad(
      { category: 'cpus', attributes: { socket: 'AM5,AM4' } },
      'attributes.socket',
      m.attributeNotText('Socket'),
    );
    await bad({ category: 'gpus' }, 'category', m.partCategoryUnknown);
    await bad({ attributes: { cores: 8 } }, 'attributes', m.attributesNeedCategory);

    const added = await addPart(
      product({
        category: 'cpus',
        brand: 'VoltCore',
        attributes: { socket: ' AM5 ', cores: 8, unlocked: true, warrantyYears: 3 },
      }),
    ).expect(201);
    const part = await ctx.http().get(`/api/part/${added.body.insertedId}`).expect(200);
    expect(part.body).toMatchObject({
      category: 'cpus',
      brand: 'VoltCore',
      attributes: { socket: 'AM5', cores: 8, unlocked: true, warrantyYears: 3 },
    });
  });

  it('an update keeps them when left out, and kept values must fit a new category', async () => {
    const { insertedId: id } = (
      await addPart(product({ category: 'cpus', brand: 'Nexa', attributes: { cores: 12 } })).expect(201)
    ).body;
    const { availableQuantity: _, ...unchangedStock } = product();
    const edit = (body: object) =>
      ctx
        .http()
        .put(`/api/part/${id}`)
        .set(admin.auth)
        .send({ ...unchangedStock, ...body });
    await edit({}).expect(200);
    expect((await ctx.http().get(`/api/part/${id}`).expect(200)).body).toMatchObject({
      category: 'cpus',
      brand: 'Nexa',
      attributes: { cores: 12 },
    });
    // Up to the root, which does not define `cores`.
    const moved = await edit({ category: 'parts-root' }).expect(400);
    expect(moved.body.fields['attributes.cores']).toBe(m.attributeNotDefined('cores'));
    await edit({ category: 'parts-root', attributes: { warrantyYears: 2 }, brand: null }).expect(200);
    expect((await ctx.http().get(`/api/part/${id}`).expect(200)).body).toMatchObject({
      category: 'parts-root',
      brand: null,
      attributes: { warrantyYears: 2 },
    });
  });
});

describe('facet counts kept per category (decision 049)', () => {
  it('are counted again after any part changes, whatever filters the next request names', async () => {
    const brandCount = async (query: string) => {
      const res = await ctx.http().get(`/api/facets?category=cpus${query}`).expect(200);
      const brand = res.body.facets.find((f: { key: string }) => f.key === 'brand');
      return Object.fromEntries(
        brand.values.map((v: { value: string; count: number }) => [v.value, v.count]),
      );
    };
    await addPart(product({ category: 'cpus', brand: 'Kept', attributes: { cores: 4 } })).expect(201);
    expect((await brandCount('&attr.cores=1..')).Kept).toBe(1);
    // Another combination, the same base: counted from the kept rows.
    expect((await brandCount('&attr.cores=2..')).Kept).toBe(1);
    await addPart(product({ category: 'cpus', brand: 'Kept', attributes: { cores: 6 } })).expect(201);
    expect((await brandCount('&attr.cores=3..')).Kept).toBe(2);
  });
});

describe('changing the tree under its parts', () => {
  it('409 for a definition parts hold, a category with parts or children; renames reach cached answers', async () => {
    const { insertedId: id } = (
      await addPart(product({ category: 'cpus', attributes: { socket: 'LGA1700' } })).expect(201)
    ).body;
    // Cached, showing the old slug.
    expect((await ctx.http().get(`/api/part/${id}`).expect(200)).body.category).toBe('cpus');
    expect((await ctx.http().get('/api/parts?category=cpus').expect(200)).body.length).toBeGreaterThan(0);

    const put = (slug: string, body: object) =>
      ctx.http().put(`/api/categories/${slug}`).set(admin.auth).send(body);
    const withoutSocket = { ...cpu, attributes: cpu.attributes.filter((a) => a.key !== 'socket') };
    const inUse = await put('cpus', withoutSocket).expect(409);
    expect(inUse.body.message).toMatch(/socket/);
    const retyped = await put('cpus', {
      ...cpu,
      attributes: cpu.attributes.map((a) => (a.key === 'socket' ? { ...a, type: 'number' } : a)),
    }).expect(409);
    expect(retyped.body.message).toMatch(/socket/);

    const renamed = await put('cpus', { ...cpu, slug: 'processors', name: 'CPUs' }).expect(200);
    expect(renamed.body).toMatchObject({ slug: 'processors', name: 'CPUs', parent: 'parts-root', depth: 1 });
    expect((await ctx.http().get(`/api/part/${id}`).expect(200)).body.category).toBe('processors');
    await ctx.http().get('/api/parts?category=cpus').expect(400);

    const parts = await ctx.http().delete('/api/categories/processors').set(admin.auth).expect(409);
    expect(parts.body.message).toMatch(/listed part/);
    expect(
      (await ctx.http().delete('/api/categories/parts-root').set(admin.auth).expect(409)).body.message,
    ).toBe(m.categoryHasChildren);

    // Empty: deleted parts no longer hold it.
    await ctx
      .http()
      .post('/api/categories')
      .set(admin.auth)
      .send({ slug: 'empty', name: 'Empty' })
      .expect(201);
    const { insertedId: gone } = (await addPart(product({ category: 'empty' })).expect(201)).body;
    await ctx.http().delete(`/api/deleteparts/${gone}`).set(admin.auth).expect(200);
    await ctx.http().delete('/api/categories/empty').set(admin.auth).expect(200);
    const tree = await ctx.http().get('/api/categories').expect(200);
    expect(tree.body.map((c: { slug: string }) => c.slug)).toEqual(['parts-root', 'processors']);
    // Every change to the tree is in the audit trail, refusals none.
    const audit = await ctx.http().get('/api/audit?limit=100').set(admin.auth).expect(200);
    const categoryEntries = audit.body
      .filter((e: { action: string }) => e.action.startsWith('category.'))
      .map((e: { action: string; target: { id: string } }) => `${e.action} ${e.target.id}`);
    expect(categoryEntries.sort()).toEqual(
      [
        'category.add parts-root',
        'category.add cpus',
        'category.add empty',
        'category.edit processors',
        'category.delete empty',
      ].sort(),
    );
    expect(tree.body[0].partCount).toBe(tree.body[1].partCount + 1);
  });
});
