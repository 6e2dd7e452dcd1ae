import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { createTokenService } from '../../src/auth/tokens.js';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres.js';
import { cleanUp, freePort, newDataDir, type Store, startedStore } from './store-process.js';

/**
 * Two real store processes on one private PostgreSQL and the machine's Redis (under a key prefix
 * of the test's own), as several instances run in production. Shared by the process tests that
 * need them; `stopSharedStack()` in afterAll kills what was started, passed or failed.
 */
export const REDIS_URL = 'redis://127.0.0.1:6379';

export interface SharedStack {
  a: Store;
  b: Store;
  postgres: PrivatePostgres;
  jwtSecret: string;
  redisPrefix: string;
}

let postgres: PrivatePostgres | undefined;
const prefixes = new Set<string>();

export async function startSharedStack(name: string, env: Record<string, string> = {}): Promise<SharedStack> {
  const jwtSecret = `${name}-test-secret-${randomBytes(16).toString('hex')}`;
  const redisPrefix = `test:${name}:${randomBytes(6).toString('hex')}:`;
  prefixes.add(redisPrefix);
  postgres = await startPrivatePostgres(await freePort());
  const storeEnv = {
    DATABASE_URL: postgres.url,
    JWT_SECRET: jwtSecret,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    FIREBASE_PROJECT_ID: `demo-${name}`,
    AUTH_EMULATOR: 'external',
    ...env,
  };
  const [a, b] = (await Promise.all([
    startedStore(newDataDir(), { env: storeEnv }),
    startedStore(newDataDir(), { env: storeEnv }),
  ])) as [Store, Store];
  return { a, b, postgres, jwtSecret, redisPrefix };
}

export async function stopSharedStack() {
  await cleanUp();
  postgres?.destroy();
  postgres = undefined;
  const redis = createClient({ url: REDIS_URL });
  await redis.connect();
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(keys);
  }
  prefixes.clear();
  await redis.close();
}

/** A user row written straight into the database and the store's own bearer token for it. */
export async function signedIn(stack: SharedStack, email: string, role: 'admin' | 'customer') {
  const client = new pg.Client({ connectionString: stack.postgres.url });
  await client.connect();
  try {
    const name = role === 'admin' ? 'Shared admin' : 'Shared customer';
    const { rows } = await client.query(
      // Admins with a verified e-mail: admin powers need one (docs/architecture.md, 'Admin powers').
      "insert into users (email, name, role, email_verified) values ($1, $2, $3, $3 = 'admin') returning token_version, created_at",
      [email, name, role],
    );
    const [{ token_version: tokenVersion, created_at: createdAt }] = rows;
    const token = createTokenService(stack.jwtSecret).issue({ email, name, tokenVersion, createdAt });
    return { Authorization: `Bearer ${token}` };
  } finally {
    await client.end();
  }
}

export const at = (store: Store, path: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${store.port}${path}`, init);
