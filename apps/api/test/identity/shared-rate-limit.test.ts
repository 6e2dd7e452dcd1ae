import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { apiMessages } from '@store/shared';
import { createClient } from 'redis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { createTestApp } from '../support/helpers.js';
import { uniqueEmail } from '../support/identities.js';
import { capturedLines } from '../support/log-capture.js';

/** The machine's Redis (CI's too); every test counts under a prefix of its own. */
const REDIS_URL = 'redis://127.0.0.1:6379';
const prefix = () => `test:sign-in:${randomBytes(6).toString('hex')}:`;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const apps: TestApp[] = [];
async function store(options: Parameters<typeof createTestApp>[0]) {
  const app = await createTestApp(options);
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** One sign-in attempt without an ID token: refused (401) unless the limit answers first (429). */
const attempt = (app: TestApp, email: string) => app.http().put(`/api/user/${email}`);

const redis = createClient({ url: REDIS_URL });
afterAll(async () => {
  if (redis.isOpen) await redis.close();
});
async function keysUnder(keyPrefix: string) {
  if (!redis.isOpen) await redis.connect();
  return redis.keys(`${keyPrefix}*`);
}

// Each test makes its stores (an in-memory database each): minutes on a busy machine, not seconds.
describe('sign-in limits shared through Redis', () => {
  it('counts sign-ins to two instances toward one limit', async () => {
    const shared = { url: REDIS_URL, prefix: prefix(), ready: true };
    const a = await store({ authRateLimit: 3, redis: shared });
    const b = await store({ authRateLimit: 3, redis: shared });
    const email = uniqueEmail();
    await attempt(a, email).expect(401);
    await attempt(b, email).expect(401);
    await attempt(a, email).expect(401);
    // B has seen one attempt only: the other two were counted in Redis.
    const res = await attempt(b, email).expect(429);
    expect(res.body).toEqual({ message: apiMessages.tooManySignIns });
    await attempt(a, email).expect(429);
    const keys = await keysUnder(shared.prefix);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0] as string))).toBe(5);
    expect(await redis.pTTL(keys[0] as string)).toBeGreaterThan(14 * 60_000);
    await redis.del(keys);

    const health = await a.http().get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'ok', redis: 'ok' });
  }, 60_000);

  it('without Redis, each instance counts on its own: no crash, no 5xx, still limited', async () => {
    const down = { url: `redis://127.0.0.1:${await closedPort()}`, prefix: prefix() };
    const a = await store({ authRateLimit: 2, redis: down });
    const b = await store({ authRateLimit: 2, redis: down });
    const email = uniqueEmail();
    await attempt(a, email).expect(401);
    await attempt(a, email).expect(401);
    await attempt(a, email).expect(429);
    await attempt(b, email).expect(401);
    // Had a request waited for Redis (an offline queue), it would never have been answered.
    const health = await a.http().get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'degraded', database: 'ok', redis: 'unreachable' });
    expect(capturedLines.some((line) => /Redis is unreachable/.test(line))).toBe(true);
  }, 60_000);

  it('falls back while Redis is down and shares the count again once it is back', async () => {
    const port = await closedPort();
    const own = { url: `redis://127.0.0.1:${port}`, prefix: prefix() };
    let server = await startRedis(port);
    try {
      const a = await store({ authRateLimit: 100, redis: own });
      await eventually(async () => expect((await a.http().get('/api/health')).body.redis).toBe('ok'), {
        timeout: 5_000,
        interval: 100,
      });
      const email = uniqueEmail();
      await attempt(a, email).expect(401);

      await stopRedis(server);
      await attempt(a, email).expect(401); // counted in this process
      await eventually(
        async () => expect((await a.http().get('/api/health')).body.redis).toBe('unreachable'),
        {
          timeout: 5_000,
          interval: 100,
        },
      );

      server = await startRedis(port);
      // The client reconnects by itself (at most 5 s apart).
      await eventually(async () => expect((await a.http().get('/api/health')).body.redis).toBe('ok'), {
        timeout: 10_000,
        interval: 100,
      });
      await attempt(a, email).expect(401);
      const client = createClient({ url: own.url });
      await client.connect();
      try {
        const keys = await client.keys(`${own.prefix}*`);
        expect(keys).toHaveLength(1);
        // The new server counts from the reconnect on (its scripts loaded anew).
        expect(Number(await client.get(keys[0] as string))).toBe(1);
      } finally {
        await client.close();
      }
      expect(capturedLines.some((line) => /Redis is back/.test(line))).toBe(true);
    } finally {
      await stopRedis(server);
    }
  }, 60_000);
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Redis server of the test's own (the machine's redis-server), in memory only. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`redis-server ended with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve();
    });
  });
  return child;
}

async function stopRedis(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
