import type { Part } from '@store/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, parts, searchWords } from '../../src/db/schema.js';
import { createSearchRepo } from '../../src/features/parts/search-repo.js';
import { pruneSearchWords } from '../../src/jobs/lexicon-prune.js';
import { createLogger } from '../../src/lib/logger.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { logCapture } from '../support/log-capture.js';

/**
 * Search that finds what people type (decision 052): every word in any order across name, brand,
 * SKU, category and description; the exact SKU first; typos; 'Did you mean'; filters and keyset
 * paging by relevance; hostile searches never a 5xx.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;

const fixture: { sku: string; name: string; brand: string; category: string; description?: string }[] = [
  {
    sku: 'TB-HD2-NV4',
    name: 'TerraByte HyperDrive 2TB NVMe PCIe 4.0 M.2 SSD',
    brand: 'TerraByte',
    category: 'ssd',
  },
  { sku: 'TB-SW1-SATA', name: 'TerraByte Swift 1TB 2.5" SATA SSD', brand: 'TerraByte', category: 'ssd' },
  {
    sku: 'TB-VLT8',
    name: 'TerraByte Vault 8TB 7200 RPM NAS Hard Drive',
    brand: 'TerraByte',
    category: 'hdd',
  },
  { sku: 'VC-TX70-12', name: 'VoltCore Tempest X70 12GB Graphics Card', brand: 'VoltCore', category: 'gpu' },
  { sku: 'NX-RX60-8', name: 'Nexa Storm 8GB', brand: 'Nexa', category: 'gpu' },
  { sku: 'VC-FX7-ATX', name: 'VoltCore Forge X7 ATX Motherboard', brand: 'VoltCore', category: 'boards' },
  {
    sku: 'VC-P32-D5',
    name: 'VoltCore Pulse 32GB (2x16GB) DDR5-6000 CL30 Memory Kit',
    brand: 'VoltCore',
    category: 'memory',
    description: 'Tuned for the Forge X7 board.',
  },
  { sku: 'KX-PC850', name: 'Kelvix PowerCell 850W Gold PSU', brand: 'Kelvix', category: 'psu' },
  // A part whose name holds another part's SKU: the exact SKU must still come first.
  { sku: 'NX-FAN140', name: 'Fan hub for VC-TX70-12 and others', brand: 'Nexa', category: 'cooling' },
];

const ids = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await accountWithToken(ctx, 'admin');
  const add = (body: object) => ctx.http().post('/api/categories').set(admin.auth).send(body).expect(201);
  await add({ slug: 'storage', name: 'Storage' });
  await add({ slug: 'ssd', name: 'Solid-state drives', parent: 'storage' });
  await add({ slug: 'hdd', name: 'Hard drives', parent: 'storage' });
  await add({ slug: 'gpu', name: 'Graphics cards' });
  await add({ slug: 'boards', name: 'Motherboards' });
  await add({ slug: 'memory', name: 'Memory' });
  await add({ slug: 'psu', name: 'Power supplies' });
  await add({ slug: 'cooling', name: 'Cooling' });
  const rows = await ctx.db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const base = Date.parse('2026-05-01T00:00:00Z');
  const inserted = await ctx.db
    .insert(parts)
    .values(
      fixture.map((part, i) =>
        partRow({
          name: part.name,
          sku: part.sku,
          brand: part.brand,
          categoryId: rows.find((row) => row.slug === part.category)?.id ?? null,
          description: part.description ?? 'A part of the search fixture.',
          createdAt: new Date(base + i * 60_000),
        }),
      ),
    )
    .returning({ id: parts.id, sku: parts.sku });
  for (const row of inserted) ids.set(row.sku, row.id);
});
afterAll(() => ctx.close());

async function search(q: string, extra = '') {
  const res = await ctx
    .http()
    .get(`/api/parts?q=${encodeURIComponent(q)}&limit=50${extra}`)
    .expect(200);
  const skus = (res.body as Part[]).map((part) => part.sku);
  const header = res.headers['x-did-you-mean'];
  return { skus, suggestion: header === undefined ? undefined : decodeURIComponent(String(header)), res };
}

describe('every word, in any order, anywhere', () => {
  it.each([
    ['NVMe SSD', ['TB-HD2-NV4']],
    ['2TB SSD', ['TB-HD2-NV4']],
    ['SSD 2TB', ['TB-HD2-NV4']],
    ['ssd', ['TB-HD2-NV4', 'TB-SW1-SATA']],
    ['voltcore graphics', ['VC-TX70-12']],
    ['graphics nexa', ['NX-RX60-8']],
    ['terrabyte drives', ['TB-HD2-NV4', 'TB-SW1-SATA', 'TB-VLT8']],
    ['ddr5 6000', ['VC-P32-D5']],
    ['DDR5-6000', ['VC-P32-D5']],
    ['m.2', ['TB-HD2-NV4']],
    ['kelvix', ['KX-PC850']],
  ])('%s', async (q, expected) => {
    const { skus, suggestion } = await search(q);
    expect([...skus].sort()).toEqual([...expected].sort());
    expect(suggestion).toBeUndefined();
  });

  it('finds a word of a category: a parent category holds its children', async () => {
    expect((await search('storage')).skus.sort()).toEqual(['TB-HD2-NV4', 'TB-SW1-SATA', 'TB-VLT8']);
  });

  it('searches descriptions, ranked below the name', async () => {
    const { skus } = await search('forge x7');
    expect(skus).toEqual(['VC-FX7-ATX', 'VC-P32-D5']);
  });

  it('puts the exact SKU first, case-insensitively, before a name that holds it', async () => {
    const { skus } = await search('vc-tx70-12');
    expect(skus[0]).toBe('VC-TX70-12');
    expect(skus).toContain('NX-FAN140');
  });

  it('finds words that do not stand side by side and says nothing when none is a typo', async () => {
    const { skus, suggestion } = await search('voltcore card');
    expect(skus).toEqual(['VC-TX70-12']);
    expect(suggestion).toBeUndefined();
  });
});

describe('typos', () => {
  it.each([
    ['grafics card', ['VC-TX70-12', 'NX-RX60-8'], 'graphics card'],
    ['motherbord', ['VC-FX7-ATX'], 'motherboard'],
    ['voltcorre tempest', ['VC-TX70-12'], 'voltcore tempest'],
  ])('%s finds what it meant and suggests it', async (q, expected, meant) => {
    const { skus, suggestion } = await search(q);
    expect([...skus].sort()).toEqual([...expected].sort());
    expect(suggestion).toBe(meant);
  });

  it('takes the beginning of a known word as that word, not as a typo', async () => {
    const { skus, suggestion } = await search('voltc tempest');
    expect(skus).toEqual(['VC-TX70-12']);
    expect(suggestion).toBeUndefined();
  });

  it('suggests nothing when even the closest words find nothing', async () => {
    const { skus, suggestion } = await search('qwxzvbn');
    expect(skus).toEqual([]);
    expect(suggestion).toBeUndefined();
  });

  it('learns the words of a part added later', async () => {
    await ctx.db.insert(parts).values(partRow({ name: 'Quasarix Halo Fan', sku: 'QX-HALO' }));
    expect((await search('quasarex')).skus).toEqual(['QX-HALO']);
  });

  it('forgets the words of deleted parts when pruned, and no longer suggests them', async () => {
    const [gone] = await ctx.db
      .insert(parts)
      .values(partRow({ name: 'Kelvinor Cooler', sku: 'KX-GONE', brand: 'Kelvix', deletedAt: new Date() }))
      .returning({ id: parts.id });
    if (!gone) throw new Error('the part was not added');
    // The deleted part's word is the closest: 'Did you mean' offers a word that finds nothing.
    expect(await search('kelvinox')).toMatchObject({ skus: ['KX-PC850'], suggestion: 'kelvinor' });

    const logger = createLogger('trace', logCapture);
    expect(await pruneSearchWords({ search: createSearchRepo(ctx.db), logger })).toBeGreaterThanOrEqual(2);
    expect(await search('kelvinox')).toMatchObject({ skus: ['KX-PC850'], suggestion: 'kelvix' });
    const words = async () =>
      (await ctx.db.select({ word: searchWords.word }).from(searchWords)).map(({ word }) => word);
    expect(await words()).not.toContain('kelvinor');
    // Words of live parts and of categories stay; a second prune finds nothing to forget.
    expect(await words()).toEqual(expect.arrayContaining(['kelvix', 'quasarix', 'graphics', 'storage']));
    expect(await pruneSearchWords({ search: createSearchRepo(ctx.db), logger })).toBe(0);

    // A part given the word again: the lexicon learns it again.
    await ctx.db
      .update(parts)
      .set({ deletedAt: null, name: 'Kelvinor Cooler II' })
      .where(eq(parts.id, gone.id));
    expect(await search('kelvinox')).toMatchObject({ suggestion: 'kelvinor' });
  });
});

describe('with filters, facets and paging', () => {
  it('combines with a category and a brand', async () => {
    expect((await search('terrabyte', '&category=ssd')).skus.sort()).toEqual(['TB-HD2-NV4', 'TB-SW1-SATA']);
    expect((await search('graphics', '&brand=Nexa')).skus).toEqual(['NX-RX60-8']);
  });

  it('counts facets over the matches', async () => {
    const res = await ctx.http().get('/api/facets?q=terrabyte').expect(200);
    expect(res.body.total).toBe(3);
    const brand = res.body.facets.find((facet: { key: string }) => facet.key === 'brand');
    expect(brand.values).toEqual([{ value: 'TerraByte', count: 3 }]);
  });

  it('pages by relevance with a cursor: every match once, in the first page’s order', async () => {
    const all = (await search('voltcore')).skus;
    expect(all).toHaveLength(3);
    const seen: string[] = [];
    let url: string | undefined = '/api/parts?q=voltcore&limit=1';
    while (url) {
      const res = await ctx.http().get(url).expect(200);
      seen.push(...(res.body as Part[]).map((part) => part.sku));
      const link = res.headers.link as string | undefined;
      url = link?.match(/<([^>]+)>/)?.[1];
    }
    expect(seen).toEqual(all);
  });

  it('refuses a cursor of another sort', async () => {
    const first = await ctx.http().get('/api/parts?q=voltcore&limit=1').expect(200);
    const cursor = first.headers['x-next-cursor'];
    await ctx.http().get(`/api/parts?q=voltcore&sort=newest&cursor=${cursor}`).expect(400);
  });

  it('sorts a search by price when asked', async () => {
    const res = await ctx.http().get('/api/parts?q=terrabyte&sort=price-asc').expect(200);
    expect(res.body).toHaveLength(3);
  });
});

describe('hostile searches', () => {
  it.each(["'", '\\', '%', '_', ':*', '!', '&|!()', "a' | 'b", 'é', '日本', '....', 'x'.repeat(100)])(
    '%s is answered, never a 5xx',
    async (q) => {
      const res = await ctx.http().get(`/api/parts?q=${encodeURIComponent(q)}`);
      expect(res.status).toBeLessThan(500);
    },
  );

  it('any text is a 200 or a 400, for the list and the facets', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60, unit: 'binary' }), async (q) => {
        const list = await ctx.http().get(`/api/parts?q=${encodeURIComponent(q)}`);
        expect([200, 400]).toContain(list.status);
        const facets = await ctx.http().get(`/api/facets?q=${encodeURIComponent(q)}`);
        expect([200, 400]).toContain(facets.status);
      }),
      { numRuns: 40 },
    );
  });
});
