import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { png } from '../fixtures/images.js';
import { eventually } from '../support/eventually.js';
import { type Haproxy, startHaproxy } from './haproxy.js';
import { at, type SharedStack, signedIn, startSharedStack, stopSharedStack } from './shared-stack.js';
import type { Store } from './store-process.js';

/**
 * The CI test for several instances: two store processes on one PostgreSQL
 * and the local Redis behind Debian's HAProxy, configured by deploy/haproxy.cfg as in
 * docker-compose.yml. Everything is reached through the proxy except where an instance is named.
 */
let proxy: Haproxy | undefined;
afterAll(async () => {
  await proxy?.stop();
  await stopSharedStack();
}, 60_000);

/** How many request-log lines a store wrote for a route (every request gets one); `cached`: from its read cache. */
const served = (store: Store, route: string, cached = false) =>
  store
    .output()
    .split('\n')
    .filter((line) => line.includes(`"route":"${route}"`) && (!cached || line.includes('"cached":true')))
    .length;

/** Neither store's last health verdict in HAProxy's log is DOWN (its log says nothing while all is well). */
function inRotation(log: string): boolean {
  const last = new Map<string, string>();
  for (const [, server, state] of log.matchAll(/Server stores\/(\w+) is (UP|DOWN)/g))
    last.set(server ?? '', state ?? '');
  return ![...last.values()].includes('DOWN');
}

describe('two store processes behind HAProxy', () => {
  it('sell a stock exactly once, share the sign-in limit and images, and agree on edits', async () => {
    const stack: SharedStack = await startSharedStack('behind-haproxy', {
      AUTH_RATE_LIMIT: '4',
      TRUST_PROXY: '1',
      MAX_OPEN_ORDERS: '1000',
      ORDER_RATE_LIMIT: '100000',
    });
    const { a, b } = stack;
    const started = await startHaproxy([a, b]);
    proxy = started;
    const base = `http://127.0.0.1:${started.port}`;
    const admin = await signedIn(stack, 'proxy-admin@example.com', 'admin');
    const customer = await signedIn(stack, 'proxy-customer@example.com', 'customer');

    // An image uploaded through the proxy, served through it repeatedly (so by both instances).
    const form = new FormData();
    form.append('image', new Blob([await png(320, 240)], { type: 'image/png' }), 'part.png');
    const uploaded = await fetch(`${base}/api/image`, { method: 'POST', headers: admin, body: form });
    expect(uploaded.status).toBe(201);
    const { data: image } = (await uploaded.json()) as { data: { url: string } };
    const imageBefore = { a: served(a, '/uploads/:file'), b: served(b, '/uploads/:file') };
    const bodies = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await fetch(`${base}${image.url}`);
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      }),
    );
    for (const body of bodies) expect(Buffer.compare(body, bodies[0] as Buffer)).toBe(0);
    for (const store of [a, b]) expect((await at(store, image.url)).status).toBe(200);

    // A part with a stock of 20, added through the proxy.
    const part = {
      name: 'Proxied gearbox',
      sku: 'PROXY-GEARBOX',
      price: 12.5,
      availableQuantity: 20,
      minOrderQuantity: 1,
      description: 'Sold by two instances at once.',
      img: image.url,
    };
    const added = await fetch(`${base}/api/addproduct`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify(part),
    });
    expect(added.status).toBe(201);
    const { insertedId: partId } = (await added.json()) as { insertedId: string };

    // 200 concurrent orders of one each through the proxy: exactly 20 are sold.
    const ordersBefore = { a: served(a, '/api/order'), b: served(b, '/api/order') };
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${base}/api/order`, {
          method: 'POST',
          headers: { ...customer, 'content-type': 'application/json', 'Idempotency-Key': randomUUID() },
          body: JSON.stringify({
            partId,
            productQuantity: 1,
            phone: '+1 555 010 2030',
            address: '12 Harbour Street, Springfield 40001',
          }),
        }).then((res) => res.status),
      ),
    );
    const count = (status: number) => statuses.filter((s) => s === status).length;
    expect({ 201: count(201), 409: count(409) }).toEqual({ 201: 20, 409: 180 });
    const db = new pg.Client({ connectionString: stack.postgres.url });
    await db.connect();
    try {
      const stock = await db.query('select available_quantity from parts where id = $1', [partId]);
      expect(stock.rows[0].available_quantity).toBe(0);
      const orders = await db.query('select count(*)::int as n from order_lines where part_id = $1', [
        partId,
      ]);
      expect(orders.rows[0].n).toBe(20);
    } finally {
      await db.end();
    }
    // Both instances took orders, and served the image.
    await eventually(
      () => served(a, '/api/order') - ordersBefore.a + served(b, '/api/order') - ordersBefore.b === 200,
      { what: 'the log lines', timeout: 30_000 },
    );
    const ordersA = served(a, '/api/order') - ordersBefore.a;
    const ordersB = served(b, '/api/order') - ordersBefore.b;
    expect(ordersA + ordersB).toBe(200);
    expect(Math.min(ordersA, ordersB)).toBeGreaterThan(50);
    expect(served(a, '/uploads/:file') - imageBefore.a).toBeGreaterThan(1); // 1 direct, others proxied
    expect(served(b, '/uploads/:file') - imageBefore.b).toBeGreaterThan(1);

    // Sign-in attempts through the proxy land on both instances and count against one limit:
    // once HAProxy has both in rotation again (a health check slowed by the order burst on a
    // loaded machine takes an instance out for a while, and then every request goes to the other).
    await eventually(() => inRotation(started.output()), { what: 'HAProxy to have both stores up' });
    const signInsBefore = { a: served(a, '/api/user/:email'), b: served(b, '/api/user/:email') };
    const signIns: number[] = [];
    for (let i = 0; i < 6; i++)
      signIns.push((await fetch(`${base}/api/user/someone@example.com`, { method: 'PUT' })).status);
    expect(signIns).toEqual([401, 401, 401, 401, 429, 429]);
    // A store logs a request once its answer is sent, so the last line may still be on its way.
    const signInsAt = (store: Store, before: number) => served(store, '/api/user/:email') - before;
    await eventually(() => signInsAt(a, signInsBefore.a) + signInsAt(b, signInsBefore.b) === 6, {
      what: 'the log lines',
      timeout: 30_000,
    });
    expect(signInsAt(a, signInsBefore.a)).toBe(3);
    expect(signInsAt(b, signInsBefore.b)).toBe(3);

    // A part edited through A directly is served changed by B directly within 1 s, after B kept
    // it in its read cache (told of the edit by PostgreSQL's NOTIFY).
    const nameAtB = async () =>
      ((await (await at(b, `/api/part/${partId}`)).json()) as { name: string }).name;
    const keptBefore = served(b, '/api/part/:id', true);
    // Asked again until B sends it from its cache: a notification of an order placed through A
    // may still be on its way to B, and forget what B kept once.
    await eventually(
      async () => {
        expect(await nameAtB()).toBe(part.name);
        return served(b, '/api/part/:id', true) > keptBefore;
      },
      { what: 'B answering from its read cache', timeout: 30_000 },
    );
    const edited = await at(a, `/api/part/${partId}`, {
      method: 'PUT',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ ...part, availableQuantity: undefined, name: 'Proxied gearbox, renamed' }),
    });
    expect(edited.status).toBe(200);
    const editedAt = Date.now();
    await eventually(async () => expect(await nameAtB()).toBe('Proxied gearbox, renamed'), {
      timeout: 1000,
      interval: 25,
    });
    expect(Date.now() - editedAt).toBeLessThan(1000);
  }, 240_000);
});
