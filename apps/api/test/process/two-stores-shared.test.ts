import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.js';
import { png } from '../fixtures/images.js';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres.js';
import { cleanUp, freePort, newDataDir, type Store, startedStore } from './store-process.js';

/**
 * Two real store processes on one PostgreSQL and the machine's Redis (server.ts's wiring): the
 * sign-in limit counts requests to both, an image uploaded through one is served by the other,
 * and both stop cleanly with their Redis client open.
 */
const JWT_SECRET = 'two-stores-shared-test-secret-long-enough';
const REDIS_URL = 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `test:two-stores:${randomBytes(6).toString('hex')}:`;

let postgres: PrivatePostgres | undefined;
afterAll(async () => {
  await cleanUp();
  postgres?.destroy();
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  const keys = await redis.keys(`${REDIS_PREFIX}*`);
  if (keys.length) await redis.del(keys);
  await redis.close();
}, 60_000);

async function adminAuth(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const email = 'shared-admin@example.com';
    const { rows } = await client.query(
      `insert into users (email, name, role) values ($1, 'Shared admin', 'admin') returning token_version, created_at`,
      [email],
    );
    const [{ token_version: tokenVersion, created_at: createdAt }] = rows;
    const token = createTokenService(JWT_SECRET).issue({
      email,
      name: 'Shared admin',
      tokenVersion,
      createdAt,
    });
    return { Authorization: `Bearer ${token}` };
  } finally {
    await client.end();
  }
}

const at = (store: Store, path: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${store.port}${path}`, init);

describe('two store processes on one PostgreSQL and Redis', () => {
  it('share the sign-in limit and the uploaded images, and stop cleanly', async () => {
    postgres = await startPrivatePostgres(await freePort());
    const env = {
      DATABASE_URL: postgres.url,
      JWT_SECRET,
      REDIS_URL,
      REDIS_PREFIX,
      AUTH_RATE_LIMIT: '3',
      FIREBASE_PROJECT_ID: 'demo-two-stores-shared',
      AUTH_EMULATOR: 'external',
    };
    const [a, b] = (await Promise.all([
      startedStore(newDataDir(), { env }),
      startedStore(newDataDir(), { env }),
    ])) as [Store, Store];
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
      headers: await adminAuth(postgres.url),
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
