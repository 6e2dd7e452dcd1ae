import { type Facet, categoryMessages as m, type Part } from '@store/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * The catalog's filters, facets and compatibility against a small catalog whose every answer is
 * known: OR within a facet, AND across facets, each facet's counts relaxing its own selection,
 * open ranges, a parent category holding its children's parts, and a part's compatible parts.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
const ids: Record<string, string> = {};

const processorAttributes = [
  { key: 'socket', label: 'Socket', type: 'enum', compatibility: true },
  { key: 'cores', label: 'Cores', type: 'number' },
  { key: 'integratedGraphics', label: 'Integrated graphics', type: 'boolean' },
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  const add = (body: object) => ctx.http().post('/api/categories').set(admin.auth).send(body).expect(201);
  await add({ slug: 'components', name: 'Components', position: 1 });
  await add({
    slug: 'processors',
    name: 'Processors',
    parent: 'components',
    attributes: processorAttributes,
  });
  await add({
    slug: 'motherboards',
    name: 'Motherboards',
    parent: 'components',
    position: 1,
    attributes: [
      { key: 'socket', label: 'Socket', type: 'enum', compatibility: true },
      { key: 'memoryType', label: 'Memory type', type: 'enum', compatibility: true },
      { key: 'formFactor', label: 'Form factor', type: 'enum' },
    ],
  });
  await add({
    slug: 'memory',
    name: 'Memory',
    parent: 'components',
    position: 2,
    attributes: [
      { key: 'memoryType', label: 'Memory type', type: 'enum', compatibility: true },
      { key: 'capacity', label: 'Capacity', type: 'number', unit: 'GB' },
    ],
  });
  await add({ slug: 'accessories', name: 'Accessories', position: 2 });
  const rows = await ctx.db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const category = (slug: string) => rows.find((row) => row.slug === slug)?.id ?? null;

  const fixture: [string, string | null, string, number, Record<string, string | number | boolean>][] = [
    ['P1', 'processors', 'Volt', 300, { socket: 'AM5', cores: 8, integratedGraphics: true }],
    ['P2', 'processors', 'Volt', 550, { socket: 'AM5', cores: 16, integratedGraphics: false }],
    ['P3', 'processors', 'Nexa', 400, { socket: 'LGA1700', cores: 12, integratedGraphics: true }],
    ['P4', 'processors', 'Nexa', 200, { socket: 'AM5', cores: 6, integratedGraphics: true }],
    ['P5', 'processors', 'Kelv', 600, { socket: 'LGA1700', cores: 24, integratedGraphics: false }],
    ['B1', 'motherboards', 'Volt', 250, { socket: 'AM5', memoryType: 'DDR5', formFactor: 'ATX' }],
    ['B2', 'motherboards', 'Nexa', 220, { socket: 'LGA1700', memoryType: 'DDR5', formFactor: 'ATX' }],
    ['B3', 'motherboards', 'Nexa', 120, { socket: 'AM4', memoryType: 'DDR4', formFactor: 'mATX' }],
    ['M1', 'memory', 'Volt', 110, { memoryType: 'DDR5', capacity: 32 }],
    ['M2', 'memory', 'Kelv', 60, { memoryType: 'DDR4', capacity: 16 }],
    ['A1', null, 'Nexa', 20, {}],
  ];
  const base = Date.parse('2026-05-01T00:00:00Z');
  const inserted = await ctx.db
    .insert(parts)
    .values(
      fixture.map(([name, slug, brand, price, attributes], i) =>
        partRow({
          name,
          categoryId: slug && category(slug),
          brand,
          priceCents: price * 100,
          attributes,
          createdAt: new Date(base + i * 1000),
        }),
      ),
    )
    .returning({ id: parts.id, name: parts.name });
  for (const row of inserted) ids[row.name] = row.id;
  // A deleted processor never counts.
  await ctx.db.insert(parts).values(
    partRow({
      name: 'Gone',
      categoryId: category('processors'),
      brand: 'Volt',
      attributes: { socket: 'AM5', cores: 8, integratedGraphics: true },
      deletedAt: new Date(),
    }),
  );
});
afterAll(() => ctx.close());

const names = (list: Part[]) => list.map((p) => p.name).sort();
const list = async (query: string) => names((await ctx.http().get(`/api/parts?${query}`).expect(200)).body);
const facets = async (query: string) =>
  (await ctx.http().get(`/api/facets?${query}`).expect(200)).body as { total: number; facets: Facet[] };
/** A facet's counts as `{ value: count }`, or its bounds. */
function facet(answer: { facets: Facet[] }, key: string) {
  const found = answer.facets.find((f) => f.key === key);
  if (!found) throw new Error(`no facet ${key}`);
  if (found.type === 'number') return { min: found.min, max: found.max };
  return Object.fromEntries(found.values.map((v) => [v.value, v.count]));
}

describe('filters', () => {
  it('a category lists its parts; a parent its children’s too, never a deleted one', async () => {
    expect(await list('category=processors')).toEqual(['P1', 'P2', 'P3', 'P4', 'P5']);
    expect(await list('category=components')).toHaveLength(10);
    expect(await list('category=accessories')).toEqual([]);
  });

  it('OR within a facet, AND across facets', async () => {
    expect(await list('category=processors&brand=Volt,Nexa')).toEqual(['P1', 'P2', 'P3', 'P4']);
    expect(await list('category=processors&brand=Nexa&attr.socket=AM5')).toEqual(['P4']);
    expect(await list('category=processors&attr.socket=AM5,LGA1700&attr.integratedGraphics=false')).toEqual([
      'P2',
      'P5',
    ]);
    expect(await list('brand=Nexa')).toEqual(['A1', 'B2', 'B3', 'P3', 'P4']);
  });

  it('ranges may be open on either side', async () => {
    expect(await list('category=processors&attr.cores=12..')).toEqual(['P2', 'P3', 'P5']);
    expect(await list('category=processors&attr.cores=..8')).toEqual(['P1', 'P4']);
    expect(await list('category=processors&attr.cores=8..16')).toEqual(['P1', 'P2', 'P3']);
    expect(await list('category=processors&price=..300')).toEqual(['P1', 'P4']);
    expect(await list('price=100..220')).toEqual(['B2', 'B3', 'M1', 'P4']);
  });

  it('a filtered list pages by keyset in its sort, and says how many match', async () => {
    const seen: string[] = [];
    let url: string | undefined = '/api/parts?category=components&sort=price-asc&limit=3';
    while (url) {
      const res: { body: Part[]; headers: Record<string, string> } = await ctx.http().get(url).expect(200);
      expect(res.headers['x-total-count']).toBe('10');
      seen.push(...res.body.map((p) => p.name));
      url = /^<([^>]+)>; rel="next"$/.exec(res.headers.link ?? '')?.[1];
    }
    expect(seen).toEqual(['M2', 'M1', 'B3', 'P4', 'B2', 'B1', 'P1', 'P3', 'P2', 'P5']);
  });

  it('parts carry their category, brand and attributes', async () => {
    const res = await ctx.http().get(`/api/part/${ids.P3}`).expect(200);
    expect(res.body).toMatchObject({
      category: 'processors',
      brand: 'Nexa',
      attributes: { socket: 'LGA1700', cores: 12, integratedGraphics: true },
    });
    expect((await ctx.http().get(`/api/part/${ids.A1}`).expect(200)).body.category).toBeNull();
  });
});

describe('facets', () => {
  it('a category’s facets: brand, price, then its attributes, with counts and bounds', async () => {
    const answer = await facets('category=processors');
    expect(answer.total).toBe(5);
    expect(answer.facets.map((f) => f.key)).toEqual([
      'brand',
      'price',
      'socket',
      'cores',
      'integratedGraphics',
    ]);
    expect(facet(answer, 'brand')).toEqual({ Volt: 2, Nexa: 2, Kelv: 1 });
    expect(facet(answer, 'socket')).toEqual({ AM5: 3, LGA1700: 2 });
    expect(facet(answer, 'integratedGraphics')).toEqual({ true: 3, false: 2 });
    expect(facet(answer, 'cores')).toEqual({ min: 6, max: 24 });
    expect(facet(answer, 'price')).toEqual({ min: 200, max: 600 });
  });

  it('a facet’s counts ignore its own selection and obey the others', async () => {
    const answer = await facets('category=processors&brand=Nexa&attr.socket=AM5');
    expect(answer.total).toBe(1);
    // Brand relaxed, socket kept: how many AM5 parts each brand would add.
    expect(facet(answer, 'brand')).toEqual({ Volt: 2, Nexa: 1 });
    // Socket relaxed, brand kept.
    expect(facet(answer, 'socket')).toEqual({ AM5: 1, LGA1700: 1 });
    // Neither relaxed: only P4.
    expect(facet(answer, 'cores')).toEqual({ min: 6, max: 6 });
    expect(facet(answer, 'integratedGraphics')).toEqual({ true: 1 });
  });

  it('a range keeps its own bounds whole and narrows the others', async () => {
    const answer = await facets('category=processors&attr.cores=10..');
    expect(answer.total).toBe(3);
    expect(facet(answer, 'cores')).toEqual({ min: 6, max: 24 });
    expect(facet(answer, 'price')).toEqual({ min: 400, max: 600 });
    expect(facet(answer, 'brand')).toEqual({ Volt: 1, Nexa: 1, Kelv: 1 });
  });

  it('a parent category, or none, offers brand and price', async () => {
    const parent = await facets('category=components');
    expect(parent.total).toBe(10);
    expect(parent.facets.map((f) => f.key)).toEqual(['brand', 'price']);
    expect(facet(parent, 'brand')).toEqual({ Volt: 4, Nexa: 4, Kelv: 2 });
    const all = await facets('');
    expect(all.total).toBe(11);
    expect(facet(all, 'price')).toEqual({ min: 20, max: 600 });
    expect((await facets('q=processors&inStock=true')).total).toBe(5);
  });
});

describe('compatibility', () => {
  it('lists parts of other categories that share a compatibility attribute, every shared one equal', async () => {
    // B1: AM5 and DDR5. Not other boards; not DDR4 memory; not LGA1700 processors.
    expect(await list(`compatibleWith=${ids.B1}`)).toEqual(['M1', 'P1', 'P2', 'P4']);
    expect(await list(`compatibleWith=${ids.B1}&category=processors&attr.cores=8..`)).toEqual(['P1', 'P2']);
    // P3 has a socket and no memory type: boards of its socket only.
    expect(await list(`compatibleWith=${ids.P3}`)).toEqual(['B2']);
    // A part without compatibility attributes matches nothing.
    expect(await list(`compatibleWith=${ids.A1}`)).toEqual([]);
    expect((await facets(`compatibleWith=${ids.M2}`)).total).toBe(1);
  });
});

describe('bad filters are 400s naming the parameter', () => {
  it.each([
    ['category=processors&attr.colour=red', 'attr.colour', m.filterUnknown],
    ['category=processors&attr.cores=8-16', 'attr.cores', m.filterRangeInvalid],
    ['category=processors&attr.cores=16..8', 'attr.cores', m.filterRangeInvalid],
    ['category=processors&attr.cores=..', 'attr.cores', m.filterRangeInvalid],
    ['category=processors&attr.integratedGraphics=yes', 'attr.integratedGraphics', m.filterBooleanInvalid],
    ['attr.socket=AM5', 'attr.socket', m.filterAttributesNeedCategory],
    ['category=components&attr.socket=AM5', 'attr.socket', m.filterUnknown],
    ['category=no-such-thing', 'category', m.categoryNotFound],
    ['category=Not%20A%20Slug', 'category', m.categorySlugInvalid],
    ['price=cheap', 'price', m.filterRangeInvalid],
    ['price=..99999999999', 'price', m.filterRangeInvalid],
    ['brand=,,', 'brand', m.filterValuesInvalid],
    ['category=processors&attr.socket=AM5&attr.socket=AM4', 'attr.socket', m.filterValuesInvalid],
    ['compatibleWith=3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f', 'compatibleWith', m.compatibleWithUnknown],
  ])('%s', async (query, field, message) => {
    for (const path of ['/api/parts', '/api/facets']) {
      const res = await ctx.http().get(`${path}?${query}`).expect(400);
      expect(res.body.fields?.[field], path).toBe(message);
    }
  });

  it('hostile keys and values never make a 5xx', async () => {
    const key = fc.oneof(
      fc.constantFrom(
        'attr.socket',
        'attr.cores',
        'attr.integratedGraphics',
        'brand',
        'price',
        'category',
        'compatibleWith',
      ),
      fc.string({ maxLength: 20 }).map((s) => `attr.${s}`),
      fc.string({ maxLength: 20 }),
    );
    const value = fc.oneof(
      fc.constantFrom(
        "'; drop table parts; --",
        '1..2',
        '..',
        '-1..1e9',
        'AM5,AM5',
        '\u0000',
        'true,false',
        '%',
        '\\',
      ),
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.double().map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/parts', '/api/facets'),
        fc.boolean(),
        fc.array(fc.tuple(key, value), { maxLength: 4 }),
        async (path, inCategory, pairs) => {
          const query = new URLSearchParams(pairs);
          if (inCategory) query.append('category', 'processors');
          const res = await ctx.http().get(`${path}?${query}`);
          expect(res.status, `${path}?${query}`).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
    expect(await list('category=processors')).toHaveLength(5);
    // A few hundred requests: more than the default 20 s on a loaded machine.
  }, 90_000);
});
