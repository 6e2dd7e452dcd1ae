import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatOrderNumber } from '@store/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.js';
import { openPglite } from '../../src/db/client.js';
import { parts, users } from '../../src/db/schema.js';
import { parseEml } from '../../src/mail/eml.js';
import { eventually } from '../support/eventually.js';
import { partRow } from '../support/helpers.js';
import { cleanUp, newDataDir, type Store, startedStore } from './store-process.js';

/**
 * The embedded store killed with SIGKILL in the middle of a burst of orders, twice, then started
 * again: every order's e-mails (the customer's and the desk's) end up in the outbox exactly once,
 * none lost for having been marked as sent before it was written.
 */
const JWT_SECRET = 'outbox-kill-test-secret-long-enough';
const DESK = 'desk@partsdepot.example';
const ADMIN = 'outbox-admin@example.com';
const CUSTOMERS = 4;
/** Orders each customer places in a round: the e-mails (about 10 orders' a second) keep up. */
const ORDERS_EACH = 15;
const ROUNDS = 2;
/** E-mails each round writes before its store is killed. */
const WRITTEN_BEFORE_KILL = 30;

const dataDir = newDataDir();
const outboxDir = path.join(dataDir, 'outbox');
afterAll(cleanUp, 60_000);

const env = {
  JWT_SECRET,
  ORDER_NOTIFY_EMAILS: DESK,
  // No sign-in happens here: the API's own tokens are issued directly.
  FIREBASE_PROJECT_ID: 'demo-outbox-kill',
  AUTH_EMULATOR: 'external',
  // Each customer keeps ordering: the caps on open orders are not under test.
  MAX_OPEN_ORDERS: '1000',
  MAX_UNPAID_TOTAL: '100000000',
};

/** The part and the accounts, written into the data folder before any store opens it. */
async function seed() {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    await database.migrate();
    const [part] = await database.db
      .insert(parts)
      .values(partRow({ priceCents: 100, minOrderQuantity: 1, availableQuantity: 1_000_000 }))
      .returning();
    const tokens = createTokenService(JWT_SECRET);
    const account = async (email: string, role: 'customer' | 'admin') => {
      const [row] = await database.db
        .insert(users)
        .values({ email, name: `Kill ${role}`, role, emailVerified: role === 'admin' })
        .returning();
      if (!row) throw new Error('no account');
      const token = tokens.issue({ ...row, emailVerified: row.emailVerified });
      return { authorization: `Bearer ${token}` };
    };
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await account(`kill-${i}@example.com`, 'customer'));
    return { partId: part?.id as string, customers, admin: await account(ADMIN, 'admin') };
  } finally {
    await database.close();
  }
}

const outboxFiles = () => {
  try {
    return readdirSync(outboxDir).filter((name) => name.endsWith('.eml') && !name.startsWith('.'));
  } catch {
    return [];
  }
};

/** Orders from every customer at once until `stop()`; failures (the killed store) are expected. */
function burst(store: Store, partId: string, customers: Record<string, string>[]) {
  let running = true;
  const loop = async (auth: Record<string, string>) => {
    for (let i = 0; running && i < ORDERS_EACH; i += 1) {
      await fetch(`http://127.0.0.1:${store.port}/api/order`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          partId,
          productQuantity: 1,
          phone: '+44 20 7946 0000',
          address: '1 Crash Lane',
        }),
      }).then(
        (res) => res.arrayBuffer(),
        () => {
          running = false;
        },
      );
    }
  };
  const loops = Promise.all(customers.map(loop));
  return async () => {
    running = false;
    await loops;
  };
}

describe('the embedded store killed during a burst of order e-mails', () => {
  it('writes every e-mail to the outbox exactly once after it starts again', async () => {
    const { partId, customers, admin } = await seed();

    for (let round = 0; round < ROUNDS; round += 1) {
      const store = await startedStore(dataDir, { env });
      const before = outboxFiles().length;
      const stop = burst(store, partId, customers);
      await eventually(() => outboxFiles().length >= before + WRITTEN_BEFORE_KILL, {
        what: 'e-mails in the outbox',
        timeout: 60_000,
      });
      process.kill(-store.pid, 'SIGKILL');
      await store.exited;
      await stop();
    }

    // Started again: every order's two e-mails arrive, however long the jobs left behind take.
    const store = await startedStore(dataDir, { env });
    const res = await fetch(`http://127.0.0.1:${store.port}/api/orders/${ADMIN}?limit=1`, { headers: admin });
    const orderCount = Number(res.headers.get('x-total-count'));
    expect(orderCount).toBeGreaterThan((ROUNDS * WRITTEN_BEFORE_KILL) / 2);
    await eventually(() => outboxFiles().length >= 2 * orderCount, {
      what: "every order's two e-mails in the outbox",
      timeout: 120_000,
      interval: 200,
    });
    store.child.kill('SIGTERM');
    expect(await store.exited).toBe(0);

    // The queue is empty, and the outbox holds each order's two e-mails, once each.
    const database = await openPglite(path.join(dataDir, 'pglite'));
    const { rows: orders } = await database.executeSql('select number from orders');
    const { rows: waiting } = await database.executeSql(
      "select id from pgboss.job where name = 'order-event' and state in ('created', 'retry', 'active')",
    );
    await database.close();
    expect(orders).toHaveLength(orderCount);
    expect(waiting).toEqual([]);

    const written = new Map<string, number>();
    for (const name of outboxFiles()) {
      const email = parseEml(readFileSync(path.join(outboxDir, name), 'utf8'));
      const number = /PD-\d+/.exec(email.subject)?.[0];
      const key = `${number} ${email.to[0] === DESK ? 'desk' : 'customer'}`;
      written.set(key, (written.get(key) ?? 0) + 1);
    }
    const wrong: string[] = [];
    for (const { number } of orders as { number: number }[]) {
      for (const who of ['desk', 'customer']) {
        const key = `${formatOrderNumber(number)} ${who}`;
        if (written.get(key) !== 1) wrong.push(`${key}: ${written.get(key) ?? 0}`);
        written.delete(key);
      }
    }
    expect(wrong).toEqual([]);
    expect([...written.keys()]).toEqual([]);
  }, 400_000);
});
