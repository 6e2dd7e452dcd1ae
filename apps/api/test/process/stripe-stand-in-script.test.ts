import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.js';
import { openPglite } from '../../src/db/client.js';
import { parts, users } from '../../src/db/schema.js';
import { apiRoot } from '../../src/lib/paths.js';
import { eventually } from '../support/eventually.js';
import { partRow } from '../support/helpers.js';
import { cleanUp, groupMembers, newDataDir, startedStore } from './store-process.js';

/**
 * The README's way to try card payments without a Stripe account: `npm run stripe:stand-in`
 * prints the settings to give the store; a store started with them takes a card on the stand-in's
 * page (the declined test card is refused, 4242… pays), the order turns paid, and the script
 * stops on SIGTERM leaving no process behind.
 */
const JWT_SECRET = 'stand-in-script-test-secret-long-enough';
const dataDir = newDataDir();

const { STRIPE_WEBHOOK_SECRET: _unset, ...parentEnv } = process.env;
const script = spawn('npm', ['run', '--silent', 'stripe:stand-in'], {
  cwd: path.resolve(apiRoot, '../..'),
  env: { ...parentEnv, STAND_IN_PORT: '0' },
  detached: true, // its own process group, as from a shell: all of it must go on SIGTERM
});
let output = '';
script.stdout.on('data', (chunk) => (output += chunk));
script.stderr.on('data', (chunk) => (output += chunk));
const exited = new Promise<number | null>((resolve) => script.on('exit', (code) => resolve(code)));
const pgid = script.pid ?? 0;

afterAll(async () => {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {} // already stopped by the test
  await cleanUp();
}, 60_000);

async function seed() {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    await database.migrate();
    const [part] = await database.db
      .insert(parts)
      .values(partRow({ priceCents: 1250, minOrderQuantity: 1, availableQuantity: 100 }))
      .returning();
    const [row] = await database.db
      .insert(users)
      .values({ email: 'card-buyer@example.com', name: 'Cara Card', role: 'customer' })
      .returning();
    if (!part || !row) throw new Error('nothing seeded');
    const token = createTokenService(JWT_SECRET).issue(row);
    return {
      partId: part.id,
      auth: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    };
  } finally {
    await database.close();
  }
}

it('prints the store’s settings, takes the test cards through a real store, and stops cleanly', async () => {
  await eventually(() => /^STRIPE_API_URL=/m.test(output) || script.exitCode !== null, {
    what: 'the stand-in’s settings',
    timeout: 60_000,
  });
  const printed = Object.fromEntries(
    [...output.matchAll(/^(STRIPE_[A-Z_]+)=(\S+)$/gm)].map(([, key, value]) => [key, value]),
  ) as Record<string, string>;
  expect(Object.keys(printed).sort()).toEqual([
    'STRIPE_API_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ]);
  expect(output).toContain('4242 4242 4242 4242');
  const health = await fetch(`${printed.STRIPE_API_URL}/health`);
  expect(health.status).toBe(200);

  // The store, with exactly the printed settings (it refuses to start with invalid ones).
  const { partId, auth } = await seed();
  const store = await startedStore(dataDir, {
    env: { JWT_SECRET, FIREBASE_PROJECT_ID: 'demo-stand-in-script', AUTH_EMULATOR: 'external', ...printed },
  });
  const base = `http://127.0.0.1:${store.port}`;
  const placed = await fetch(`${base}/api/order`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ partId, productQuantity: 2, phone: '+44 117 496 0000', address: '7 Quay Street' }),
  });
  expect(placed.status).toBe(201);
  const { insertedId: orderId } = (await placed.json()) as { insertedId: string };
  const status = async () =>
    (
      (await (await fetch(`${base}/api/order/${orderId}`, { headers: auth })).json()) as {
        order: { status: string };
      }
    ).order.status;
  const paying = await fetch(`${base}/api/order/${orderId}/pay`, { method: 'POST', headers: auth });
  expect(paying.status).toBe(200);
  const { url } = (await paying.json()) as { url: string };
  expect(url.startsWith(`${printed.STRIPE_API_URL}/c/pay/`)).toBe(true);

  // The stand-in's page: the amount, a card form and the test cards.
  const page = await (await fetch(url)).text();
  expect(page).toContain('2500 gbp');
  expect(page).toContain('Card number');
  const payWith = (card: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card }),
      redirect: 'manual',
    });
  const declined = await payWith('4000 0000 0000 0002');
  expect(declined.status).toBe(402);
  expect(await declined.text()).toContain('Your card was declined.');
  const unknown = await payWith('1234 5678 9012 3456');
  expect(unknown.status).toBe(400);
  expect(await status()).toBe('unpaid');

  // 4242…: paid, the event delivered to the store's webhook, the customer sent back to the store.
  const paid = await payWith('4242 4242 4242 4242');
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`${base}/dashboard/payment/${orderId}?card=returned`);
  expect(await status()).toBe('paid');
  expect((await (await fetch(url)).text()).includes('Card number')).toBe(false);

  // Stopped as a shell's Ctrl+C or a service manager stops it: nothing left running.
  process.kill(-pgid, 'SIGTERM');
  await exited;
  await eventually(() => groupMembers(pgid).length === 0, { what: 'the stand-in to stop', timeout: 10_000 });
}, 300_000);
