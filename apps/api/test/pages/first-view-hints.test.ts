import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/helpers.js';

/** A built web app with the hints file its build writes (apps/web/vite-plugins/first-views.ts). */
let webDir: string;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let cachedApp: Awaited<ReturnType<typeof createTestApp>>;

const HINTS = [
  { path: '/', modules: ['/assets/home.js'], requests: ['/api/parts?limit=3&sort=newest&page=1'] },
  { path: '/parts', modules: ['/assets/catalog.js', '/assets/zod.js'], requests: ['/api/parts?limit=12'] },
  { path: '/parts/:id', modules: ['/assets/part.js'], requests: ['/api/part/:id'] },
  { path: '/login', modules: ['/assets/login.js'], requests: [] },
];

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'first-views-'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>',
  );
  mkdirSync(path.join(webDir, '.vite'));
  writeFileSync(path.join(webDir, '.vite/first-views.json'), JSON.stringify(HINTS));
  ctx = await createTestApp({ webDistDir: webDir });
  cachedApp = await createTestApp({ webDistDir: webDir, readCache: true, database: ctx.database });
});
afterAll(async () => {
  // The database is ctx's, closed with it.
  await cachedApp.closeApp();
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

const head = async (url: string, app = ctx, status = 200) => {
  const response = await app.http().get(url).expect(status).expect('Content-Type', /html/);
  return /<head>(.*)<\/head>/s.exec(response.text)?.[1] ?? '';
};
const links = (html: string) => [...html.matchAll(/<link [^>]*>/g)].map((match) => match[0]);

describe('the page the store serves at a public path', () => {
  it("names the page's chunks and first answers in its head", async () => {
    expect(links(await head('/parts'))).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/catalog.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod.js">',
      '<link rel="preload" as="fetch" crossorigin href="/api/parts?limit=12">',
    ]);
    expect(links(await head('/'))).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/parts?limit=3&amp;sort=newest&amp;page=1">',
    );
  });

  it("fills in the path's parameters, encoded as the web app encodes them", async () => {
    expect(links(await head('/parts/p-1'))).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/part/p-1">',
    );
    // A trailing slash is the same route to the router.
    expect(links(await head('/parts/p-1/'))).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/part/p-1">',
    );
    // Nothing from the visitor's URL reaches the page unencoded.
    const hostile = await head('/parts/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(hostile).not.toContain('<script>');
    expect(links(hostile)).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/part/%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E">',
    );
  });

  it('names no answers when a query string makes the page ask for others', async () => {
    expect(links(await head('/parts?q=ssd&page=2'))).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/catalog.js">',
      '<link rel="modulepreload" crossorigin href="/assets/zod.js">',
    ]);
  });

  it('adds nothing to other pages, nor where a parameter does not decode', async () => {
    expect(links(await head('/dashboard/myorders'))).toEqual([]);
    // No route's path: the app's not-found page, with a 404.
    expect(links(await head('/parts/a/b', ctx, 404))).toEqual([]);
    expect(links(await head('/parts/%E0%A4%A'))).toEqual([]);
    expect(links(await head('/login'))).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/login.js">',
    ]);
  });

  it("keeps each path's own page in the read cache", async () => {
    const first = await head('/parts/p-1', cachedApp);
    const other = await head('/parts/p-2', cachedApp);
    expect(await head('/parts/p-1', cachedApp)).toBe(first);
    expect(other).toContain('/api/part/p-2');
    expect(other).not.toContain('/api/part/p-1');
  });

  it('serves the hints file to nobody', async () => {
    await ctx.http().get('/.vite/first-views.json').expect(404).expect('Content-Type', /html/);
  });
});
