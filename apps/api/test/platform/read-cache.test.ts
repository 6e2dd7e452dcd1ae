import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, reviews } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { capturedLines } from '../support/log-capture.js';

/**
 * The read cache as server.ts runs it: public answers kept by the Express stack, sent again by
 * the fast layer in front of it, and forgotten when the database says the data changed.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let ctx: TestApp;
let partId: string;
beforeAll(async () => {
  ctx = await createTestApp({ readCache: true });
  const [row] = await ctx.db
    .insert(parts)
    .values(partRow({ name: 'Cached Cooler' }))
    .returning();
  partId = row?.id ?? '';
  // Enough for a catalog page above compression's threshold.
  await ctx.db.insert(parts).values(Array.from({ length: 12 }, () => partRow()));
  // Written past the API: their notifications must not arrive after a test has kept an answer.
  await ctx.readCache?.caughtUp();
});
afterAll(() => ctx.close());

/** An admin's edit that leaves the stock alone. */
const edit = (overrides: object) => ({
  name: 'Edited',
  img: '/media/parts/test.svg',
  price: 50,
  minOrderQuantity: 1,
  description: 'A part edited by the read cache tests.',
  bulkDiscount: false,
  ...overrides,
});
const newId = () => `rc-${randomBytes(6).toString('hex')}`;
/** Whether the fast layer (not Express) answered the request with this id. */
const fromCache = (requestId: string) =>
  capturedLines.some((line) => line.includes(`"requestId":"${requestId}"`) && line.includes('"cached":true'));

async function get(target: ReturnType<TestApp['http']> | TestApp['http'], url: string, headers = {}) {
  const id = newId();
  const agent = typeof target === 'function' ? target() : target;
  const res = await agent.get(url).set({ 'X-Request-Id': id, ...headers });
  return { res, cached: fromCache(id) };
}

/** Headers but those of one request, or of how the body is framed (Express streams compressed ones). */
function comparable(headers: Record<string, string>) {
  const {
    'x-request-id': _id,
    date: _date,
    'content-length': _length,
    'transfer-encoding': _te,
    ...rest
  } = headers;
  return rest;
}

/** Polls until `check` passes or `ms` run out; returns how long it took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  await eventually(check, { timeout: ms, interval: 10 });
  return Date.now() - started;
}

describe('public answers', () => {
  it.each([
    ['home parts', '/api/parts?sort=newest&limit=3'],
    ['a catalog page', '/api/parts?page=1&limit=12'],
    ['a part', () => `/api/part/${partId}`],
    ['reviews', '/api/reviews'],
  ])('%s: the second request is sent from the cache, identical but for its request id', async (_, url) => {
    const path = typeof url === 'function' ? url() : url;
    const first = await get(ctx.http, path);
    const second = await get(ctx.http, path);
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.res.status).toBe(200);
    expect(second.res.text).toBe(first.res.text);
    expect(comparable(second.res.headers)).toEqual(comparable(first.res.headers));
    expect(second.res.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=30');
    expect(second.res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(second.res.headers['x-request-id']).toMatch(/^rc-/);
  });

  it('answers 304 to a client that has the answer, from the cache and from Express alike', async () => {
    const path = `/api/part/${partId}`;
    const { res } = await get(ctx.http, path);
    const etag = res.headers.etag as string;
    const again = await get(ctx.http, path, { 'If-None-Match': etag });
    expect(again.cached).toBe(true);
    expect(again.res.status).toBe(304);
    expect(again.res.headers.etag).toBe(etag);
    expect(again.res.text).toBe('');
    const other = await get(ctx.http, path, { 'If-None-Match': '"something-else"' });
    expect(other.res.status).toBe(200);

    // A client that always revalidates (the web app) still fills the cache after a change.
    ctx.readCache?.invalidate();
    const revalidated = await get(ctx.http, path, { 'If-None-Match': etag });
    expect(revalidated.cached).toBe(false);
    expect(revalidated.res.status).toBe(304);
    expect(revalidated.res.headers['content-type']).toBeUndefined();
    expect((await get(ctx.http, path, { 'If-None-Match': etag })).cached).toBe(true);
  });

  it('sends a large answer gzipped to a client that accepts it, and plain to one that does not', async () => {
    const path = '/api/parts?page=1&limit=12&sort=price-asc';
    const plain = await get(ctx.http, path, { 'Accept-Encoding': 'identity' });
    const zipped = await get(ctx.http, path, { 'Accept-Encoding': 'gzip, deflate' });
    expect(zipped.cached).toBe(true);
    expect(zipped.res.headers['content-encoding']).toBe('gzip');
    expect(zipped.res.body).toEqual(plain.res.body); // supertest gunzips
    const refused = await get(ctx.http, path, { 'Accept-Encoding': 'gzip;q=0' });
    expect(refused.cached).toBe(true);
    expect(refused.res.headers['content-encoding']).toBeUndefined();
  });

  it('never keeps or sends a signed-in answer, nor a cross-origin one', async () => {
    const customer = await accountWithToken(ctx);
    const path = '/api/parts?sort=newest&limit=2';
    await get(ctx.http, path, customer.auth);
    const signedIn = await get(ctx.http, path, customer.auth);
    expect(signedIn.cached).toBe(false);
    expect(signedIn.res.headers['cache-control']).toBeUndefined();
    const crossOrigin = await get(ctx.http, path, { Origin: 'http://allowed.example' });
    expect(crossOrigin.cached).toBe(false);
    expect(crossOrigin.res.headers['access-control-allow-origin']).toBe('http://allowed.example');
    expect((await get(ctx.http, path)).cached).toBe(false); // the first public one
    expect((await get(ctx.http, path)).cached).toBe(true);
  });

  it('keeps no failure: an unknown part is asked again every time', async () => {
    const path = '/api/part/00000000-0000-4000-8000-000000000000';
    await get(ctx.http, path);
    const again = await get(ctx.http, path);
    expect(again.res.status).toBe(404);
    expect(again.cached).toBe(false);
  });
});

describe('invalidation', () => {
  it('a write through this instance is seen by its writer at once', async () => {
    const admin = await accountWithToken(ctx, 'admin');
    const path = `/api/part/${partId}`;
    await get(ctx.http, path);
    expect((await get(ctx.http, path)).cached).toBe(true);
    const put = await ctx
      .http()
      .put(path)
      .set(admin.auth)
      .send(edit({ name: 'Renamed Cooler' }));
    expect(put.status).toBe(200);
    const after = await get(ctx.http, path);
    expect(after.cached).toBe(false);
    expect(after.res.body.name).toBe('Renamed Cooler');
  });

  it('a write from anywhere else (another instance, a job, the CLI) reaches the cache through the database', async () => {
    const path = `/api/part/${partId}`;
    await get(ctx.http, path);
    expect((await get(ctx.http, path)).cached).toBe(true);
    await ctx.db.update(parts).set({ availableQuantity: 7 }).where(eq(parts.id, partId));
    const ms = await within(1_000, async () => (await get(ctx.http, path)).res.body.availableQuantity === 7);
    expect(ms).toBeLessThan(1_000);

    await get(ctx.http, '/api/reviews');
    expect((await get(ctx.http, '/api/reviews')).cached).toBe(true);
    await ctx.db
      .insert(reviews)
      .values({ name: 'Rita', email: 'rita@example.com', ratings: 5, message: 'Quiet.' });
    await within(1_000, async () => (await get(ctx.http, '/api/reviews')).res.body.length === 1);
  });

  it('a write that changes nothing public (a rename, a sign-in) leaves every kept answer kept', async () => {
    const customer = await accountWithToken(ctx);
    const urls = ['/api/parts?sort=newest&limit=3', '/api/reviews', `/api/part/${partId}`];
    for (const url of urls) await get(ctx.http, url);
    const renamed = await ctx.http().patch('/api/profile').set(customer.auth).send({ name: 'Renamed Often' });
    expect(renamed.status).toBe(200);
    // A sign-in refused or not, and a role change, touch users only too.
    await ctx.http().put(`/api/user/${customer.email}`).expect(401);
    for (const url of urls) expect((await get(ctx.http, url)).cached, url).toBe(true);

    // A review does change what is public.
    await ctx
      .http()
      .post('/api/review')
      .set(customer.auth)
      .send({ message: 'Fine.', ratings: 4 })
      .expect(201);
    expect((await get(ctx.http, '/api/reviews')).cached).toBe(false);
  });

  it('a review forgets only the answers that show reviews; a part edit only those that show parts', async () => {
    const customer = await accountWithToken(ctx);
    const admin = await accountWithToken(ctx, 'admin');
    const partUrls = ['/api/parts?sort=newest&limit=3', `/api/part/${partId}`];
    for (const url of [...partUrls, '/api/reviews']) await get(ctx.http, url);
    await ctx
      .http()
      .post('/api/review')
      .set(customer.auth)
      .send({ message: 'Good.', ratings: 5 })
      .expect(201);
    expect((await get(ctx.http, '/api/reviews')).cached).toBe(false);
    for (const url of partUrls) expect((await get(ctx.http, url)).cached, url).toBe(true);

    expect((await get(ctx.http, '/api/reviews')).cached).toBe(true);
    await ctx
      .http()
      .put(`/api/part/${partId}`)
      .set(admin.auth)
      .send(edit({ name: 'Only Parts' }))
      .expect(200);
    for (const url of partUrls) expect((await get(ctx.http, url)).cached, url).toBe(false);
    expect((await get(ctx.http, '/api/reviews')).cached).toBe(true);
  });

  it('a write from elsewhere forgets, through the database, only the answers that show its table', async () => {
    const path = `/api/part/${partId}`;
    await get(ctx.http, path);
    await get(ctx.http, '/api/reviews');
    const before = (await get(ctx.http, '/api/reviews')).res.body.length;
    await ctx.db
      .insert(reviews)
      .values({ name: 'Ola', email: 'ola@example.com', ratings: 4, message: 'Fast.' });
    await within(1_000, async () => (await get(ctx.http, '/api/reviews')).res.body.length === before + 1);
    expect((await get(ctx.http, path)).cached).toBe(true);
  });

  it('an answer read before a write committed is never kept after it', () => {
    const cache = ctx.readCache;
    if (!cache) throw new Error('the read cache is on');
    const token = cache.begin();
    expect(token).toBeDefined();
    cache.invalidate(); // the write's notification arrives while the read is in flight
    const answer = { headers: {}, body: Buffer.from('[]'), etag: 'W/"x"', route: '/api/parts' };
    cache.keep('/api/parts?stale', token as number, answer);
    expect(cache.get('/api/parts?stale')).toBeUndefined();
  });
});

describe('the web app page', () => {
  let web: TestApp;
  const webDir = mkdtempSync(path.join(tmpdir(), 'store-web-'));
  beforeAll(async () => {
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head></head><body>Parts</body></html>',
    );
    web = await createTestApp({ readCache: true, database: ctx.database, webDistDir: webDir });
  });
  // The database is ctx's, closed with it.
  afterAll(async () => {
    await web.closeApp();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('is sent from the cache at every SPA path, revalidated every time, 304 when unchanged', async () => {
    for (const url of ['/', '/parts/anything']) {
      const first = await get(web.http, url);
      const second = await get(web.http, url);
      expect(first.cached).toBe(false);
      expect(second.cached).toBe(true);
      expect(second.res.status).toBe(200);
      expect(second.res.text).toBe(first.res.text);
      expect(second.res.headers['content-type']).toMatch(/^text\/html/);
      expect(second.res.headers['cache-control']).toBe('public, no-cache');
      const again = await get(web.http, url, { 'If-None-Match': second.res.headers.etag as string });
      expect(again.cached).toBe(true);
      expect(again.res.status).toBe(304);
    }
  });

  it('stays kept while an account renames itself', async () => {
    const customer = await accountWithToken(web);
    await get(web.http, '/');
    for (const name of ['Loop One', 'Loop Two', 'Loop Three']) {
      await web.http().patch('/api/profile').set(customer.auth).send({ name }).expect(200);
      expect((await get(web.http, '/')).cached).toBe(true);
    }
  });
});

describe('two instances on one database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ readCache: true, database: ctx.database });
  });
  // The database is ctx's, closed with it.
  afterAll(() => other.closeApp());

  it('an edit through one is served by the other within 1 s, after the other had kept it', async () => {
    const admin = await accountWithToken(ctx, 'admin');
    const path = `/api/part/${partId}`;
    await get(other.http, path);
    expect((await get(other.http, path)).cached).toBe(true);
    const put = await request(ctx.store)
      .put(path)
      .set(admin.auth)
      .send(edit({ name: 'Seen Everywhere' }));
    expect(put.status).toBe(200);
    const ms = await within(
      1_000,
      async () => (await get(other.http, path)).res.body.name === 'Seen Everywhere',
    );
    expect(ms).toBeLessThan(1_000);
  });

  it("the other's sitemap lists a part added through the first within 1 s", async () => {
    // The parts are listed in the index's files (decision 029): one, for this small catalog.
    await get(other.http, '/sitemap-1.xml');
    const admin = await accountWithToken(ctx, 'admin');
    const added = await ctx
      .http()
      .post('/api/addproduct')
      .set(admin.auth)
      .send({ ...edit({ name: 'Sitemap Switch' }), sku: 'RC-SWITCH', availableQuantity: 10 });
    expect(added.status).toBe(201);
    await within(1_000, async () =>
      (await get(other.http, '/sitemap-1.xml')).res.text.includes(added.body.insertedId),
    );
  });
});
