import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, parts } from '../../src/db/schema.js';
import { createSitemapRepo } from '../../src/features/seo/repo.js';
import { seoRoutes } from '../../src/features/seo/routes.js';
import { createSitemapService, type SitemapAnswer } from '../../src/features/seo/service.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

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

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
/** The Host every request names: the URLs are built from it. */
const HOST = 'store.test:8080';
const origin = `http://${HOST}`;
const get = (path: string) => ctx.http().get(path).set('Host', HOST);
/** Every URL of the sitemap: the index's files, one after the other. */
async function sitemapUrls(): Promise<string[]> {
  const files = locs((await get('/sitemap.xml').expect(200)).text);
  const urls: string[] = [];
  for (const file of files) urls.push(...locs((await get(new URL(file).pathname).expect(200)).text));
  return urls;
}
/** The SEO routes alone, with PUBLIC_URL set, on the suite's database. */
const withPublicUrl = () =>
  express().use(
    seoRoutes(createSitemapService(createSitemapRepo(ctx.db)), { publicUrl: 'https://shop.example' }),
  );

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

  it('is no-cache when built from the Host, public with PUBLIC_URL', async () => {
    const fromHost = await get('/robots.txt').expect(200);
    expect(fromHost.headers['cache-control']).toBe('no-cache');
    const res = await request(withPublicUrl()).get('/robots.txt').set('Host', 'evil.example').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.text).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(res.text).not.toContain('evil.example');
  });
});

describe('GET /sitemap.xml', () => {
  it('is an index naming the sitemap files, gzipped when accepted, no-cache, with an ETag', async () => {
    const res = await get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(res.text)).toEqual([`${origin}/sitemap-1.xml`]);
    expect(res.text).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);

    const plain = await get('/sitemap.xml').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(res.text);
    await get('/sitemap.xml').set('If-None-Match', String(res.headers.etag)).expect(304);
  });

  it('may be public with PUBLIC_URL, and names its files there', async () => {
    const res = await request(withPublicUrl()).get('/sitemap.xml').set('Host', 'evil.example').expect(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(locs(res.text)).toEqual(['https://shop.example/sitemap-1.xml']);
  });
});

describe('GET /sitemap-N.xml', () => {
  it('lists the public pages and every listed part, with lastmod, and no private page', async () => {
    const res = await get('/sitemap-1.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
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

  it('is not a sitemap past the last file', async () => {
    const res = await get('/sitemap-2.xml');
    expect(res.headers['content-type']).not.toMatch(/xml/);
  });

  it('lists a part added through the API and drops it once deleted (rebuilt after each change)', async () => {
    expect(await sitemapUrls()).toHaveLength(4 + listedIds.length); // cached now
    const etag = (await get('/sitemap-1.xml').expect(200)).headers.etag;
    const added = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send({
        name: 'Sitemap Probe 1',
        sku: 'SEO-PROBE-1',
        img: '/media/parts/test.svg',
        price: 10,
        availableQuantity: 100,
        minOrderQuantity: 1,
        description: 'A part that should appear in the sitemap.',
        bulkDiscount: false,
      })
      .expect(201);
    const id = added.body.insertedId as string;
    expect(await sitemapUrls()).toContain(`${origin}/parts/${id}`);
    expect((await get('/sitemap-1.xml').expect(200)).headers.etag).not.toBe(etag);

    await ctx.http().delete(`/api/deleteparts/${id}`).set(admin.auth).expect(200);
    expect((await sitemapUrls()).join()).not.toContain(id);
  });
});

describe('the sitemap service', () => {
  const text = async (answer: Promise<SitemapAnswer | undefined>) => {
    const got = await answer;
    if (!got) throw new Error('no such sitemap file');
    return gunzipSync(got.gzip).toString('utf8');
  };
  /** Every URL, through the index. */
  async function allUrls(service: ReturnType<typeof createSitemapService>, at: string) {
    const files = locs(await text(service.index(at)));
    const urls: string[] = [];
    for (const [i, file] of files.entries()) {
      expect(file).toBe(`${at}/sitemap-${i + 1}.xml`);
      urls.push(...locs(await text(service.file(at, i + 1))));
    }
    return { files: files.length, urls };
  }

  it('splits the URLs into files of at most urlsPerFile, renders each once per change and origin', async () => {
    await ctx.db.delete(parts);
    const ids = (
      await ctx.db
        .insert(parts)
        .values(Array.from({ length: 8 }, () => partRow()))
        .returning({ id: parts.id })
    ).map((row) => row.id);
    const renders: string[] = [];
    const service = createSitemapService(createSitemapRepo(ctx.db), {
      urlsPerFile: 5,
      onRender: (at, file) => renders.push(`${at} ${file}`),
    });
    const { files, urls } = await allUrls(service, 'https://a.example');
    expect(files).toBe(3); // 4 public pages + 8 parts = 12 URLs
    expect(urls).toHaveLength(12);
    expect(new Set(urls).size).toBe(12);
    expect(urls).toEqual(expect.arrayContaining(ids.map((id) => `https://a.example/parts/${id}`)));
    for (const n of [1, 2, 3])
      expect(locs(await text(service.file('https://a.example', n))).length).toBeLessThanOrEqual(5);
    expect(await service.file('https://a.example', 4)).toBeUndefined();
    // Asked again: nothing rendered again. Another origin has its own answers.
    expect(renders).toEqual([
      'https://a.example 0',
      'https://a.example 1',
      'https://a.example 2',
      'https://a.example 3',
    ]);
    await allUrls(service, 'https://b.example');
    expect(renders).toHaveLength(8);

    // A change (one part more): every answer is rendered anew, once.
    await ctx.db.insert(parts).values(Array.from({ length: 4 }, () => partRow()));
    service.invalidate();
    expect((await allUrls(service, 'https://a.example')).files).toBe(4);
    await allUrls(service, 'https://a.example');
    expect(renders).toHaveLength(8 + 5);
  });

  it('keeps its list until invalidated or its time is up (other instances’ edits)', async () => {
    await ctx.db.delete(parts);
    let clock = 0;
    const service = createSitemapService(createSitemapRepo(ctx.db), { ttlMs: 1000, now: () => clock });
    const urls = async () => (await allUrls(service, 'https://shop.example')).urls;
    const before = await urls();
    const [row] = await ctx.db.insert(parts).values(partRow()).returning({ id: parts.id });
    const newUrl = `https://shop.example/parts/${row?.id}`;
    clock = 999;
    expect(await urls()).toEqual(before);
    clock = 1000;
    expect(await urls()).toContain(newUrl);
    await ctx.db.delete(parts);
    expect(await urls()).toContain(newUrl);
    service.invalidate();
    expect(await urls()).toHaveLength(4);
  });

  it('reads the whole catalog in keyset batches', async () => {
    await ctx.db.delete(parts);
    await ctx.db.insert(parts).values(Array.from({ length: 7 }, () => partRow()));
    const service = createSitemapService(createSitemapRepo(ctx.db), { batchSize: 2 });
    const partUrls = (await allUrls(service, 'https://a.example')).urls.slice(4);
    expect(partUrls).toHaveLength(7);
    expect(new Set(partUrls).size).toBe(7);
  });

  it("names each category's page after the public pages, and reads the tree again once changed", async () => {
    await ctx.db.delete(parts);
    await ctx.db.insert(categories).values([
      { slug: 'sitemap-boards', name: 'Boards' },
      { slug: 'sitemap-memory', name: 'Memory' },
    ]);
    try {
      const service = createSitemapService(createSitemapRepo(ctx.db));
      const { urls } = await allUrls(service, 'https://a.example');
      expect(urls.slice(4)).toEqual([
        'https://a.example/c/sitemap-boards',
        'https://a.example/c/sitemap-memory',
      ]);
      await ctx.db.insert(categories).values({ slug: 'sitemap-cases', name: 'Cases' });
      service.invalidate();
      expect((await allUrls(service, 'https://a.example')).urls).toContain(
        'https://a.example/c/sitemap-cases',
      );
    } finally {
      await ctx.db.delete(categories);
    }
  });

  it('escapes what it writes into XML', async () => {
    const service = createSitemapService(createSitemapRepo(ctx.db));
    expect(await text(service.file('https://a.example/?x=<&', 1))).toContain(
      'https://a.example/?x=&lt;&amp;/parts',
    );
    expect(await text(service.index('https://a.example/?x=<&'))).toContain(
      'https://a.example/?x=&lt;&amp;/sitemap-1.xml',
    );
  });
});
