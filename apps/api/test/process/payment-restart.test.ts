import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { emailMessages } from '@store/shared';
import { afterAll, expect, it } from 'vitest';
import { createTokenService } from '../../src/auth/tokens.js';
import { openPglite } from '../../src/db/client.js';
import { parts, users } from '../../src/db/schema.js';
import { parseEml } from '../../src/mail/eml.js';
import { eventually } from '../support/eventually.js';
import { partRow } from '../support/helpers.js';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.js';
import { cleanUp, newDataDir, startedStore } from './store-process.js';

/**
 * The store is killed (SIGKILL) between the customer starting a card payment and
 * Stripe's event, then started again: the event still finds its order, marks it paid, and the
 * 'paid' e-mail is written once. Nothing of a payment in progress lives in a process.
 */
const JWT_SECRET = 'payment-restart-test-secret-long-enough';
const WEBHOOK_SECRET = 'whsec_payment_restart_0123456789';

const dataDir = newDataDir();
let standIn: StripeStandIn | undefined;
afterAll(async () => {
  await standIn?.close();
  await cleanUp();
}, 60_000);

/** The part and the customer, written into the data folder before any store opens it. */
async function seed() {
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    await database.migrate();
    const [part] = await database.db
      .insert(parts)
      .values(partRow({ priceCents: 1999, minOrderQuantity: 1, availableQuantity: 100 }))
      .returning();
    const [row] = await database.db
      .insert(users)
      .values({ email: 'restart-buyer@example.com', name: 'Rita Restart', role: 'customer' })
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

it('marks the order paid when Stripe’s event comes after the store was killed and started again', async () => {
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  const { partId, auth } = await seed();
  const env = {
    JWT_SECRET,
    // No sign-in happens here: the API's own token was issued directly.
    FIREBASE_PROJECT_ID: 'demo-payment-restart',
    AUTH_EMULATOR: 'external',
    STRIPE_SECRET_KEY: 'sk_test_payment_restart_0123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  };
  const first = await startedStore(dataDir, { env });
  const base = `http://127.0.0.1:${first.port}`;
  const placed = await fetch(`${base}/api/order`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ partId, productQuantity: 3, phone: '+44 117 496 0000', address: '7 Quay Street' }),
  });
  expect(placed.status).toBe(201);
  const { insertedId: orderId } = (await placed.json()) as { insertedId: string };
  const paying = await fetch(`${base}/api/order/${orderId}/pay`, { method: 'POST', headers: auth });
  expect(paying.status).toBe(200);
  const { url } = (await paying.json()) as { url: string };
  const session = [...standIn.sessions.values()].find((s) => s.url === url);
  expect(session?.amount_total).toBe(5997);

  first.child.kill('SIGKILL');
  await first.exited;
  const second = await startedStore(dataDir, { env, port: first.port, emulatorHost: first.emulatorHost });

  const paid = standIn.pay(session?.id ?? '');
  const delivered = await standIn.deliver(`${base}/api/payments/stripe/webhook`, standIn.event(paid));
  expect(delivered).toEqual({ status: 200, body: { received: true, duplicate: false } });
  const shown = await fetch(`${base}/api/order/${orderId}`, { headers: auth });
  expect(((await shown.json()) as { order: { status: string } }).order.status).toBe('paid');
  // The 'paid' e-mail, once: the job was written with the payment and run by the new store.
  const { number } = (
    (await (await fetch(`${base}/api/order/${orderId}`, { headers: auth })).json()) as {
      order: { number: string };
    }
  ).order;
  const outbox = path.join(dataDir, 'outbox');
  const paidEmails = () =>
    readdirSync(outbox)
      .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
      .filter(
        (name) =>
          parseEml(readFileSync(path.join(outbox, name), 'utf8')).subject ===
          emailMessages.paidSubject(number),
      );
  await eventually(() => paidEmails().length >= 1, { what: 'the paid e-mail', timeout: 20_000 });
  second.child.kill('SIGTERM');
  await second.exited;
  expect(paidEmails()).toHaveLength(1);
}, 300_000);
