import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/helpers.js';

/**
 * The sitemap past the protocol's 50,000 URLs per file: 50,001 parts, seeded
 * in one statement, make 50,005 URLs with the four public pages, so two files.
 */
const PARTS = 50_001;

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.executeSql(
    `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description)
     select 'Scale part ' || g, '/media/parts/test.svg', 1000, 1, 10, 'A part of the sitemap at scale.'
     from generate_series(1, ${PARTS}) as g`,
  );
}, 300_000);
afterAll(async () => {
  await ctx.close();
});

const HOST = 'store.test';
const get = (path: string) => ctx.http().get(path).set('Host', HOST);
const count = (xml: string, tag: string) => xml.split(`<${tag}>`).length - 1;

describe('a sitemap of 50,001 parts', () => {
  it('is an index of two files of at most 50,000 URLs, sent gzipped and no-cache', {
    timeout: 120_000,
  }, async () => {
    const index = await get('/sitemap.xml').expect(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.text).toContain('<sitemapindex');
    expect(count(index.text, 'sitemap')).toBe(2);
    expect(index.text).toContain(`<loc>http://${HOST}/sitemap-1.xml</loc>`);
    expect(index.text).toContain(`<loc>http://${HOST}/sitemap-2.xml</loc>`);

    const sizes: number[] = [];
    let urls = 0;
    for (const n of [1, 2]) {
      const res = await get(`/sitemap-${n}.xml`).expect(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      sizes.push(Number(res.headers['content-length']));
      urls += count(res.text, 'url');
      if (n === 1) {
        expect(count(res.text, 'url')).toBe(50_000);
        // 50,000 URLs are about 6.3 MB of XML; gzipped they are a sixth of that or less.
        expect(res.text.length).toBeGreaterThan(6_000_000);
        expect(sizes[0]).toBeLessThan(1_100_000);
      }
    }
    expect(urls).toBe(PARTS + 4);
    expect(sizes[1]).toBeLessThan(1_000);
    await get('/sitemap-3.xml').expect(404);
  });
});
