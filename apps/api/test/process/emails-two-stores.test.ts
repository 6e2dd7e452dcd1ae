import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.js';
import { eventually } from '../support/eventually.js';
import { unfinishedJobs } from '../support/job-queue.js';
import { type ReceivedEmail, startSmtpServer, type TestSmtpServer } from '../support/smtp-server.js';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres.js';
import { cleanUp, freePort, newDataDir, type Store, startedStore } from './store-process.js';

/**
 * Two real store processes on one PostgreSQL database, both running the job queue's workers and
 * the expiry sweep, sending through one real SMTP server: orders placed, paid, shipped and
 * cancelled through both, and two left to expire. Every e-mail arrives exactly once.
 */
const JWT_SECRET = 'two-stores-emails-test-secret-long-enough';
const DESK = 'desk@partsdepot.example';

let postgres: PrivatePostgres | undefined;
let smtp: TestSmtpServer | undefined;
afterAll(async () => {
  await cleanUp();
  postgres?.destroy();
  await smtp?.close();
}, 60_000);

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const {
      rows: [part],
    } = await client.query(
      `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description)
       values ('Twin-store cable', '/media/parts/test.svg', 500, 1, 1000, 'A part ordered through two stores at once.')
       returning id`,
    );
    const tokens = createTokenService(JWT_SECRET);
    const account = async (email: string, role: 'customer' | 'admin') => {
      const { rows } = await client.query(
        // Admins with a verified e-mail: admin powers need one (docs/architecture.md, 'Admin powers').
        "insert into users (email, name, role, email_verified) values ($1, $2, $3, $3 = 'admin') returning token_version, created_at",
        [email, `Twin ${role}`, role],
      );
      const [{ token_version: tokenVersion, created_at: createdAt }] = rows;
      return {
        Authorization: `Bearer ${tokens.issue({ email, name: `Twin ${role}`, tokenVersion, createdAt })}`,
      };
    };
    return {
      partId: part.id as string,
      customer: await account('twin-customer@example.com', 'customer'),
      admin: await account('twin-admin@example.com', 'admin'),
    };
  } finally {
    await client.end();
  }
}

async function call(store: Store, method: string, path: string, auth: Record<string, string>, body?: object) {
  const res = await fetch(`http://127.0.0.1:${store.port}${path}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { order: { _id: string; number: string } } };
}

describe('two store processes on one database', () => {
  it('send each e-mail exactly once, and expire each unpaid order once', async () => {
    postgres = await startPrivatePostgres(await freePort());
    smtp = await startSmtpServer();
    const env = {
      DATABASE_URL: postgres.url,
      JWT_SECRET,
      SMTP_URL: smtp.url,
      ORDER_NOTIFY_EMAILS: DESK,
      // Long enough for the four paid below to be paid in time even on a busy machine.
      UNPAID_ORDER_TTL: '5s',
      // No sign-in happens here: the API's own tokens are issued directly.
      FIREBASE_PROJECT_ID: 'demo-two-stores',
      AUTH_EMULATOR: 'external',
    };
    // Started together on an empty database: one migrates and creates the queue, the other waits.
    const stores = await Promise.all([
      startedStore(newDataDir(), { env }),
      startedStore(newDataDir(), { env }),
    ]);
    const [a, b] = stores as [Store, Store];
    const { partId, customer, admin } = await seed(postgres.url);

    const placed: { _id: string; number: string }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const via = i % 2 ? b : a;
      const res = await call(via, 'POST', '/api/order', customer, {
        partId,
        productQuantity: 2,
        phone: '+44 20 7946 0000',
        address: '10 Downing Lane, London SW1A 2AA',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      placed.push(res.body.order);
      // Four are paid at once (long before their 5 s are up), through the other store.
      if (i < 4) {
        const paid = await call(
          via === a ? b : a,
          'PATCH',
          `/api/order/${res.body.order._id}/status`,
          admin,
          {
            status: 'paid',
          },
        );
        expect(paid.status).toBe(200);
      }
    }
    type Placed = (typeof placed)[number];
    const [o1, o2, o3, o4, o5, o6] = placed as [Placed, Placed, Placed, Placed, Placed, Placed];
    const status = (store: Store, id: string, body: object) =>
      call(store, 'PATCH', `/api/order/${id}/status`, admin, body).then((r) => expect(r.status).toBe(200));
    await status(a, o1._id, { status: 'shipped', carrier: 'Royal Mail', trackingNumber: 'RM100200300GB' });
    await status(b, o2._id, { status: 'shipped' });
    await status(a, o3._id, { status: 'cancelled' });
    // o4 stays paid; o5 and o6 are left unpaid, for the sweeps of both stores to expire.

    const expected = [
      ...placed.flatMap((o) => [
        `twin-customer@example.com Your order ${o.number} is confirmed`,
        `${DESK} New order ${o.number}: 2 × Twin-store cable`,
      ]),
      ...[o1, o2, o3, o4].map((o) => `twin-customer@example.com Payment received for your order ${o.number}`),
      `twin-customer@example.com Your order ${o1.number} has shipped`,
      `twin-customer@example.com Your order ${o2.number} has shipped`,
      `twin-customer@example.com Your order ${o3.number} is cancelled`,
      `twin-customer@example.com Your order ${o5.number} expired unpaid and was cancelled`,
      `twin-customer@example.com Your order ${o6.number} expired unpaid and was cancelled`,
    ];
    const line = (e: ReceivedEmail) => `${e.recipients.join()} ${e.subject}`;
    await smtp.waitFor(() => true, expected.length, 30_000);
    // A duplicate would be sent by a job still waiting or running: once none is, none can come.
    const queue = new pg.Client({ connectionString: postgres.url });
    await queue.connect();
    try {
      await eventually(
        async () => (await unfinishedJobs((text, values) => queue.query(text, values))) === 0,
        {
          what: 'the e-mail jobs to finish',
          timeout: 30_000,
        },
      );
    } finally {
      await queue.end();
    }
    expect(smtp.received.map(line).sort()).toEqual(expected.sort());
    const shipped = smtp.received.find((e) => e.subject === `Your order ${o1.number} has shipped`);
    expect(shipped?.text).toContain('RM100200300GB');

    // Both stores still run, and the expired orders are cancelled by `system`.
    for (const store of stores) expect(store.child.exitCode).toBeNull();
    const detail = await fetch(`http://127.0.0.1:${b.port}/api/order/${o5._id}`, { headers: customer });
    const { order } = (await detail.json()) as { order: { status: string; events: { by: string }[] } };
    expect(order.status).toBe('cancelled');
    expect(order.events.at(-1)?.by).toBe('system');
  }, 180_000);
});
