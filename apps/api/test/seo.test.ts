import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../src/db/schema.js';
import { createSitemapRepo } from '../src/features/seo/repo.js';
import { createSitemapService } from '../src/features/seo/service.js';
import { accountWithToken } from './accounts.js';
import { createTestApp, partRow } from './helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let webDist: string;
let listedIds: string[];

beforeAll(async () => {
  // A built web app, so the SPA fallback is in place and must not answer these two paths.
  webDist = mkdtempSync(path.join(tmpdir(), 'seo-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head></head><body>spa</body></html>',
  );
  ctx = await createTestApp({ webDistDir: webDist });
  admin = await accountWithToken(ctx, 'admin');
  const rows = await ctx.db
    .insert(parts)
    .values([partRow(), partRow(), partRow({ deletedAt: new Date() })])
    .returning({ id: parts.id, deletedAt: parts.deletedAt });
  listedIds = rows.filter((row) => !row.deletedAt).map((row) => row.id);
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
/** The Host every request names: the URLs are built from it. */
const HOST = 'store.test:8080';
const origin = `http://${HOST}`;
const get = (path: string) => ctx.http().get(path).set('Host', HOST);
const sitemap = async () => (await get('/sitemap.xml').expect(200)).text;

describe('GET /robots.txt', () => {
  it('is plain text that allows the storefront, keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /']));
    for (const privatePath of ['/dashboard', '/login', '/register', '/purchase', '/api']) {
      expect(lines).toContain(`Disallow: ${privatePath}`);
    }
    expect(lines).not.toContain('Disallow: /parts');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });

  it('uses the forwarded protocol and host only when proxies are trusted', async () => {
    const res = await get('/robots.txt')
      .set('X-Forwarded-Proto', 'https')
      .set('X-Forwarded-Host', 'evil.example')
      .expect(200);
    expect(res.text).not.toContain('evil.example');
    expect(res.text).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('GET /sitemap.xml', () => {
  it('is XML listing the public pages and every listed part, with lastmod, and no private page', async () => {
    const res = await get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(res.text);
    expect(urls.slice(0, 4)).toEqual([
      `${origin}/`,
      `${origin}/parts`,
      `${origin}/blogs`,
      `${origin}/portfolio`,
    ]);
    expect(urls.slice(4).sort()).toEqual(listedIds.map((id) => `${origin}/parts/${id}`).sort());
    expect(res.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    expect(res.text).not.toMatch(/dashboard|login|purchase|\/api/);
  });

  it('lists a part added through the API and drops it once deleted (the cache is invalidated)', async () => {
    expect(locs(await sitemap())).toHaveLength(4 + listedIds.length); // cached now
    const added = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send({
        name: 'Sitemap Probe 1',
        img: '/media/parts/test.svg',
        price: 10,
        availableQuantity: 100,
        minOrderQuantity: 1,
        description: 'A part that should appear in the sitemap.',
        bulkDiscount: false,
      })
      .expect(201);
    const id = added.body.insertedId as string;
    expect(await sitemap()).toContain(`/parts/${id}</loc>`);

    await ctx.http().delete(`/api/deleteparts/${id}`).set(admin.auth).expect(200);
    expect(await sitemap()).not.toContain(id);
  });

  it('keeps its list until invalidated or its time is up (other instances’ edits)', async () => {
    let clock = 0;
    const service = createSitemapService(createSitemapRepo(ctx.db), { ttlMs: 1000, now: () => clock });
    const before = locs(await service.sitemap('https://shop.example'));
    const [row] = await ctx.db.insert(parts).values(partRow()).returning({ id: parts.id });
    const newUrl = `https://shop.example/parts/${row?.id}`;
    clock = 999;
    expect(locs(await service.sitemap('https://shop.example'))).toEqual(before);
    clock = 1000;
    expect(locs(await service.sitemap('https://shop.example'))).toContain(newUrl);
    await ctx.db.delete(parts);
    expect(locs(await service.sitemap('https://shop.example'))).toContain(newUrl);
    service.invalidate();
    expect(locs(await service.sitemap('https://shop.example'))).toHaveLength(4);
  });

  it('reads the catalog in keyset batches up to its cap', async () => {
    await ctx.db.insert(parts).values(Array.from({ length: 7 }, () => partRow()));
    const all = createSitemapService(createSitemapRepo(ctx.db), { batchSize: 2 });
    const capped = createSitemapService(createSitemapRepo(ctx.db), { batchSize: 2, maxParts: 5 });
    const allParts = locs(await all.sitemap('https://a.example')).slice(4);
    expect(allParts).toHaveLength(7);
    expect(new Set(allParts).size).toBe(7);
    const cappedParts = locs(await capped.sitemap('https://a.example')).slice(4);
    // The cap keeps the lowest ids: a stable set, not whichever rows a scan met first.
    expect(cappedParts).toEqual([...allParts].sort().slice(0, 5));
  });

  it('escapes what it writes into XML', async () => {
    const service = createSitemapService(createSitemapRepo(ctx.db));
    expect(await service.sitemap('https://a.example/?x=<&')).toContain(
      'https://a.example/?x=&lt;&amp;/parts',
    );
  });
});
