import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { png } from '../fixtures/images.js';
import { at, signedIn, startSharedStack, stopSharedStack } from './shared-stack.js';
import type { Store } from './store-process.js';

/**
 * Two real store processes on one PostgreSQL and the machine's Redis (server.ts's wiring): the
 * sign-in limit counts requests to both, an image uploaded through one is served by the other,
 * and both stop cleanly with their Redis client open.
 */
afterAll(stopSharedStack, 60_000);

describe('two store processes on one PostgreSQL and Redis', () => {
  it('share the sign-in limit and the uploaded images, and stop cleanly', async () => {
    const stack = await startSharedStack('two-stores', { AUTH_RATE_LIMIT: '3' });
    const { a, b } = stack;
    for (const store of [a, b]) {
      const health = await at(store, '/api/health');
      expect(await health.json()).toMatchObject({ database: 'ok', redis: 'ok' });
    }

    // Sign-in attempts without a token: refused (401) until the shared limit answers (429).
    const signIn = (store: Store) => at(store, '/api/user/someone@example.com', { method: 'PUT' });
    expect((await signIn(a)).status).toBe(401);
    expect((await signIn(b)).status).toBe(401);
    expect((await signIn(a)).status).toBe(401);
    expect((await signIn(b)).status).toBe(429);

    const form = new FormData();
    form.append('image', new Blob([await png(320, 240)], { type: 'image/png' }), 'part.png');
    const uploaded = await at(a, '/api/image', {
      method: 'POST',
      headers: await signedIn(stack, 'shared-admin@example.com', 'admin'),
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { data } = (await uploaded.json()) as { data: { url: string; thumb: string } };
    const fromA = Buffer.from(await (await at(a, data.url)).arrayBuffer());
    const fromB = await at(b, data.url);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromB.arrayBuffer());
    expect(Buffer.compare(bytes, fromA)).toBe(0);
    expect(data.url).toBe(`/uploads/${createHash('sha256').update(bytes).digest('hex')}.webp`);
    expect((await at(b, data.thumb)).status).toBe(200);

    for (const store of [a, b]) store.child.kill('SIGTERM');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    for (const store of [a, b]) expect(store.output()).toContain('"msg":"stopped"');
  }, 240_000);
});
