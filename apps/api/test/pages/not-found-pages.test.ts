import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_PATHS } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/helpers.js';

/**
 * The app's page at a path that is none of its router's says so with a 404: the app
 * draws its not-found page there, and a 200 would be a soft 404 that search engines keep.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const webDir = mkdtempSync(path.join(tmpdir(), 'not-found-web-'));
const APP_PAGE = '<!doctype html><html><head></head><body><div id="root"></div>app</body></html>';

beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), APP_PAGE);
  // The read cache as the store runs it: a 404 it kept would be sent again as the page.
  ctx = await createTestApp({ readCache: true, webDistDir: webDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** Each of the router's paths, its parameters filled in. */
const appUrls = APP_PATHS.map((appPath) => appPath.replace(/:\w+/g, 'some-id'));

describe('the app page', () => {
  it.each(appUrls)('answers 200 at the route %s', async (url) => {
    const res = await ctx.http().get(url).expect(200);
    expect(res.text).toContain('<div id="root">');
  });

  it.each(['/PARTS/', '/dashboard/', '/parts?q=fan&utm_source=x', '/dashboard/orders/abc/invoice?print=1'])(
    'answers 200 at %s, as the router matches it',
    async (url) => {
      await ctx.http().get(url).expect(200);
    },
  );

  it.each([
    '/nope',
    '/parts/one/two',
    '/purchase',
    '/purchase/',
    '/dashboard/nowhere',
    '/dashboard/orders/abc/receipt',
    '/index.html',
    '/nope?page=2',
  ])('answers 404 at %s with the same page, every time, to GET and HEAD', async (url) => {
    const page = (await ctx.http().get('/').expect(200)).text;
    for (let time = 0; time < 2; time += 1) {
      const res = await ctx.http().get(url).expect(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toBe(page);
    }
    await ctx.http().head(url).expect(404);
  });

  it('answers HEAD at a route with a 200', async () => {
    await ctx.http().head('/parts/some-id').expect(200);
  });
});
