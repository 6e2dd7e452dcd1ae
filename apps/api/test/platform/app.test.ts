import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiMessages } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedParts } from '../../src/db/seed-data.js';
import { createTestApp } from '../support/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'store-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Parts store</title>');
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('reports a reachable database', async () => {
    const res = await ctx.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('routing', () => {
  it.each(['/api/nope', '/api/parts/extra/segments', '/api'])(
    'answers unknown API path %s with a JSON 404',
    async (url) => {
      const res = await ctx.http().get(url).expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: apiMessages.routeNotFound });
    },
  );

  it('answers an unsupported method on an API path with a JSON 404', async () => {
    const res = await ctx.http().delete('/api/parts').expect(404);
    expect(res.body).toEqual({ message: apiMessages.routeNotFound });
  });

  // The sign-in exchange reads its body before any token (signed-in routes only after theirs).
  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await ctx
      .http()
      .put('/api/user/json@example.com')
      .set('Authorization', 'Bearer an-id-token')
      .set('Content-Type', 'application/json')
      .send('{"broken":')
      .expect(400);
    expect(res.body).toEqual({ message: apiMessages.invalidJson });
  });

  it('answers an oversized JSON body with a 413', async () => {
    const res = await ctx
      .http()
      .put('/api/user/json@example.com')
      .set('Authorization', 'Bearer an-id-token')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ blob: 'x'.repeat(200_000) }))
      .expect(413);
    expect(res.body).toEqual({ message: apiMessages.payloadTooLarge });
  });

  it.each(['/', '/home', '/parts/123', '/purchase/123', '/dashboard/users'])(
    'serves the SPA for %s so the client router decides',
    async (url) => {
      const res = await ctx.http().get(url).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<title>Parts store</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with long-lived immutable caching', async () => {
    const res = await ctx.http().get('/assets/index-abc123.js').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing hashed asset with a 404, not index.html', async () => {
    await ctx.http().get('/assets/missing-000.js').expect(404);
  });

  it('serves the demo images', async () => {
    // Every image the demo catalog points at, as the seed writes it into parts.img.
    for (const { image } of seedParts) {
      const res = await ctx.http().get(`/media/parts/${image}`).expect(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml\b/);
      // Cached for a week (app.ts), revalidated by ETag after that.
      expect(res.headers['cache-control']).toBe('public, max-age=604800');
      expect(res.headers.etag).toBeTruthy();
      expect(String(res.body)).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
    }
    await ctx.http().get('/media/parts/does-not-exist.svg').expect(404);
  });
});

describe('security headers', () => {
  it('sends a CSP and the helmet defaults', async () => {
    const res = await ctx.http().get('/').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('allows only configured origins through CORS and exposes the total header', async () => {
    const allowed = await ctx.http().get('/api/parts').set('Origin', 'http://allowed.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('http://allowed.example');
    expect(allowed.headers['access-control-expose-headers']).toBe(
      'X-Total-Count,X-Total-Count-Capped,Link,X-Next-Cursor,X-Did-You-Mean',
    );
    const other = await ctx.http().get('/api/parts').set('Origin', 'http://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
