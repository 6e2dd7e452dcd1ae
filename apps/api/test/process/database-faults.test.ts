import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.js';
import { freePort } from '../../src/lib/free-port.js';
import { apiRoot } from '../../src/lib/paths.js';
import { eventually } from '../support/eventually.js';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres.js';

/**
 * The real store process on a PostgreSQL of the test's own, under steady load, while that
 * database restarts twice, has every backend terminated, and is stopped for 5 seconds. The store
 * must ride it all out: never exit, answer 503 (never another 5xx) while the database is away,
 * recover by itself, and lose no acknowledged order.
 */
const JWT_SECRET = 'database-faults-test-secret-long-enough';
const STARTING_STOCK = 1_000_000;
const WORKERS = 6;

interface Outcome {
  at: number;
  done: number;
  status: number; // 0: the request failed at the network level
  orderId?: string;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'store-faults-'));
let postgres: PrivatePostgres | undefined;
let store: ChildProcess | undefined;
afterAll(() => {
  if (store?.exitCode === null) store.kill('SIGKILL');
  postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [part],
    } = await client.query(
      `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description)
       values ('Fault-tolerant fan', '/media/parts/test.svg', 1999, 1, $1, 'A part ordered while the database restarts.')
       returning id`,
      [STARTING_STOCK],
    );
    const tokens = createTokenService(JWT_SECRET);
    const customers: string[] = [];
    for (let i = 0; i < WORKERS; i += 1) {
      const email = `faults-${i}@example.com`;
      const { rows } = await client.query(
        'insert into users (email, name) values ($1, $2) returning token_version, created_at',
        [email, `Customer ${i}`],
      );
      const [{ token_version: tokenVersion, created_at: createdAt }] = rows;
      customers.push(tokens.issue({ email, name: `Customer ${i}`, tokenVersion, createdAt }));
    }
    return { partId: part.id as string, customers };
  } finally {
    await client.end();
  }
}

async function ledger(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const stock = await client.query('select available_quantity from parts');
    const live = await client.query(
      `select o.id, sum(l.quantity)::int as units from orders o join order_lines l on l.order_id = o.id
       where o.status <> 'cancelled' group by o.id`,
    );
    return {
      stock: stock.rows[0].available_quantity as number,
      orders: new Map(live.rows.map((row) => [row.id as string, row.units as number])),
    };
  } finally {
    await client.end();
  }
}

describe('a store whose database restarts, drops its connections and goes away', () => {
  it('never exits, answers 503 meanwhile, recovers within 2 s and loses no order', async () => {
    const [dbPort, storePort, unusedPort] = [await freePort(), await freePort(), await freePort()];
    postgres = await startPrivatePostgres(dbPort);
    const db = postgres;

    let output = '';
    store = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(storePort),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        JWT_SECRET,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // Each customer places an order every other request: the caps on unpaid orders are not under test.
        MAX_OPEN_ORDERS: '1000',
        ORDER_RATE_LIMIT: '100000',
        MAX_UNPAID_TOTAL: '100000000',
        // No sign-in happens here: our own tokens are issued directly.
        FIREBASE_PROJECT_ID: 'demo-faults',
        AUTH_EMULATOR: 'external',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${unusedPort}`,
      },
    });
    store.stdout?.on('data', (chunk) => (output += chunk));
    store.stderr?.on('data', (chunk) => (output += chunk));
    let exited: number | null | undefined;
    store.on('exit', (code) => {
      exited = code;
    });
    const base = `http://127.0.0.1:${storePort}`;
    await eventually(
      async () =>
        exited !== undefined ||
        fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 60_000, interval: 100, what: 'the store to become healthy' },
    );
    if (exited !== undefined) throw new Error(`the store did not start:\n${output}`);
    const { partId, customers } = await seed(db.url);

    // Steady load: each worker alternates placing an order and reading the catalog.
    const outcomes: Outcome[] = [];
    let running = true;
    const worker = async (token: string) => {
      for (let n = 0; running; n += 1) {
        const at = Date.now();
        try {
          if (n % 2 === 0) {
            const res = await fetch(`${base}/api/order`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                partId,
                productQuantity: 1 + (n % 3),
                phone: '+44 20 7946 0000',
                address: '1 Restart Road, Failover Town',
              }),
            });
            const body = (await res.json()) as { insertedId?: string };
            outcomes.push({
              at,
              done: Date.now(),
              status: res.status,
              ...(body.insertedId && { orderId: body.insertedId }),
            });
          } else {
            const res = await fetch(n % 4 === 1 ? `${base}/api/parts?limit=5` : `${base}/api/part/${partId}`);
            await res.arrayBuffer();
            outcomes.push({ at, done: Date.now(), status: res.status });
          }
        } catch {
          outcomes.push({ at, done: Date.now(), status: 0 });
        }
        // Pacing, not waiting for anything: while the database is away the store answers at
        // once, and six unpaced clients would take the machine's CPU from the store's recovery.
        await sleep(5);
      }
    };
    const load = Promise.all(customers.map(worker));

    // Each fault, then the moment the database accepted connections again.
    const recovered: { fault: string; at: number }[] = [];
    /** Every client (about) has had an answer since `since`: the store serves the load. */
    const serving = (since: number) =>
      eventually(() => outcomes.filter((o) => o.done >= since && o.status < 300).length >= WORKERS, {
        timeout: 30_000,
        what: 'answers to the load',
      });
    await serving(0);
    for (const fault of ['restart', 'restart', 'terminate', 'stop for 5 s'] as const) {
      if (fault === 'restart') await db.restart();
      if (fault === 'terminate') await db.terminateBackends();
      if (fault === 'stop for 5 s') {
        await db.stop();
        // The fault itself: an outage of 5 s, as long as a request waits for a connection.
        await sleep(5_000);
        await db.start();
      }
      const at = await db.waitUntilAccepting();
      recovered.push({ fault, at });
      // The next fault once the store serves again (how soon is measured below).
      await serving(at);
    }
    running = false;
    await load;

    expect(exited, `the store exited:\n${output}`).toBeUndefined();
    const statuses = new Map<number, number>();
    for (const { status } of outcomes) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const summary = JSON.stringify(Object.fromEntries(statuses));
    expect(statuses.get(0) ?? 0, `network failures: ${summary}`).toBe(0);
    expect(
      outcomes.filter(({ status }) => status >= 500 && status !== 503),
      summary,
    ).toEqual([]);
    expect(
      outcomes.filter(({ status }) => ![200, 201, 503].includes(status)),
      summary,
    ).toEqual([]);
    // The faults were felt (so this test can fail), and the store answered through them.
    expect(statuses.get(503) ?? 0, summary).toBeGreaterThan(0);

    const delays = recovered.map(({ fault, at }) => {
      const answered = outcomes.filter((o) => o.done >= at && o.status < 300).map((o) => o.done);
      return { fault, ms: answered.length > 0 ? Math.min(...answered) - at : Number.POSITIVE_INFINITY };
    });
    for (const { fault, ms } of delays) expect(ms, `first 2xx after "${fault}"`).toBeLessThanOrEqual(2_000);

    // Every acknowledged order is there, and no stock was lost or invented.
    const { stock, orders } = await ledger(db.url);
    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.orderId);
    expect(acknowledged.filter((id) => !id || !orders.has(id))).toEqual([]);
    const reserved = [...orders.values()].reduce((sum, quantity) => sum + quantity, 0);
    expect(stock + reserved).toBe(STARTING_STOCK);

    console.log(
      `database faults: ${outcomes.length} requests ${summary}; first 2xx after recovery (ms): ${delays
        .map(({ fault, ms }) => `${fault} ${ms}`)
        .join(', ')}`,
    );
    store.kill('SIGTERM');
    expect(await new Promise((resolve) => store?.once('exit', resolve))).toBe(0);
  }, 120_000);
});
