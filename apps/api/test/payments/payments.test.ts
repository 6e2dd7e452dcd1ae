import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiMessages, paymentMessages } from '@store/shared';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayments } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import {
  auditEntries,
  orderEvents,
  orderLines,
  orders,
  parts,
  paymentEvents,
  payments,
  sentEmails,
} from '../../src/db/schema.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import type { StripeSettings } from '../../src/features/payments/index.js';
import { type StartedJobs, startJobs } from '../../src/jobs/start.js';
import { createLogger } from '../../src/lib/logger.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { eventually } from '../support/eventually.js';
import { createTestApp, openTestDatabase, partRow, TEST_PAYMENT_INSTRUCTIONS } from '../support/helpers.js';
import { unfinishedJobs } from '../support/job-queue.js';
import { capturedLines, logCapture } from '../support/log-capture.js';
import * as fixtures from '../support/orders.js';
import { type StandInSession, type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.js';

/**
 * Card payments through Stripe Checkout, with the official SDK against a Stripe
 * stand-in (stripe-stand-in.ts) and events signed as Stripe signs them; the e-mails and refunds
 * run on this file's own job queue (pg-boss). Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, where the repeated deliveries below really race.
 */
const WEBHOOK_SECRET = 'whsec_test_payments_secret_0123456789';
const PUBLIC_URL = 'http://shop.example';
const phone = '+44 117 496 0000';
const address = '7 Quay Street, Bristol BS1 4DJ';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Account = Awaited<ReturnType<typeof accountWithToken>>;

let database: DatabaseHandle;
let standIn: StripeStandIn;
let stripe: StripeSettings;
let ctx: TestApp;
let runner: StartedJobs;
let customer: Account;
let other: Account;
let admin: Account;
const dataDir = mkdtempSync(path.join(tmpdir(), 'store-payments-'));
const logger = createLogger('trace', logCapture);

/** The store's job queue and its workers (e-mails into the outbox, refunds through Stripe). */
async function startRunner(app: TestApp) {
  const started = await startJobs(
    database,
    {
      mail: {
        outboxDir: path.join(dataDir, 'outbox'),
        from: 'Parts Depot <orders@partsdepot.example>',
        notify: [],
      },
      seller: { name: 'Parts Depot Ltd', address: '1 Foundry Lane, Sheffield S1 2AB' },
      paymentInstructions: TEST_PAYMENT_INSTRUCTIONS,
      unpaidOrderTtlMs: 0,
      pollMs: 500,
      uploadsDir: app.uploadsDir,
    },
    logger,
  );
  await started.work({
    orders: createOrderMoves(createOrdersRepo(app.db, started.queue)),
    payments: createPayments(app.db, started.queue, { stripe }, logger),
  });
  return started;
}

beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  stripe = {
    secretKey: 'sk_test_store_0123456789',
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
    publicUrl: PUBLIC_URL,
  };
  database = await openTestDatabase();
  // The app enqueues into whichever runner is current (a test restarts it).
  ctx = await createTestApp({
    database,
    stripe,
    jobs: { enqueue: (tx, name, data) => runner.queue.enqueue(tx, name, data) },
  });
  runner = await startRunner(ctx);
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  other = await accountWithToken(ctx, 'customer', 'Oscar Other');
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(async () => {
  await runner?.stop();
  await ctx?.close();
  await standIn?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newPart(overrides: Partial<typeof parts.$inferInsert> = {}) {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ priceCents: 1250, minOrderQuantity: 1, availableQuantity: 10_000, ...overrides }))
    .returning();
  if (!part) throw new Error('no part');
  return part;
}

/** An order delivered to this file's address: its id. */
async function placeOrder(partId: string, productQuantity: number, who: Account = customer) {
  return (await fixtures.placeOrder(client(ctx.http, who.auth), partId, { productQuantity, phone, address }))
    .id;
}

/** An order of these lines, delivered to this file's address: its id. */
async function checkout(lines: { partId: string; quantity: number }[]) {
  return (await fixtures.checkout(client(ctx.http, customer.auth), { phone, address, lines })).id;
}

/** 'Pay by card': the session the stand-in made for it. */
async function pay(orderId: string, who: Account = customer): Promise<StandInSession> {
  const res = await ctx.http().post(`/api/order/${orderId}/pay`).set(who.auth).expect(200);
  const session = [...standIn.sessions.values()].find((s) => s.url === res.body.url);
  if (!session) throw new Error(`the answer ${res.body.url} names no session of the stand-in`);
  return session;
}

/** Delivers the event to the store's webhook as Stripe does, signed (dated `timestamp`: seconds). */
function deliver(event: unknown, secret = WEBHOOK_SECRET, timestamp?: number) {
  const { payload, header } = standIn.sign(event, secret, timestamp);
  return ctx
    .http()
    .post('/api/payments/stripe/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header)
    .send(payload);
}

/** The audit trail's entries about the order's refunds. */
const refundEntries = (id: string) =>
  ctx.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.targetId, id), eq(auditEntries.action, 'payment.refund')));

const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentsOf = (id: string) => ctx.db.select().from(payments).where(eq(payments.orderId, id));
const paidEvents = async (id: string) =>
  ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, id), eq(orderEvents.status, 'paid')));

/** Until the job queue has nothing left to do: e-mails written, refunds made or failed for good. */
async function jobsSettled() {
  await eventually(
    async () =>
      (await unfinishedJobs(database.executeSql)) === 0 &&
      (await unfinishedJobs(database.executeSql, 'payment-refund')) === 0,
    { what: 'the job queue to finish', timeout: 20_000 },
  );
}

describe('Pay by card: the Checkout session', () => {
  it('charges a one-line order with its discount, exactly, and sends the customer back to the order', async () => {
    const part = await newPart({ priceCents: 12_340, bulkDiscount: true, sku: 'PAY-ONE-1' });
    const id = await placeOrder(part.id, 1000); // 10% off: 12,340,000 − 1,234,000
    const order = await orderRow(id);
    const session = await pay(id);
    expect(order?.totalCents).toBe(11_106_000);
    expect(session.amount_total).toBe(order?.totalCents);
    expect(session).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      client_reference_id: id,
      metadata: { orderId: id },
      customer_email: customer.email,
      success_url: `${PUBLIC_URL}/dashboard/payment/${id}?card=returned`,
      cancel_url: `${PUBLIC_URL}/dashboard/payment/${id}?card=left`,
    });
    expect(session.line_items).toEqual([
      { name: `${part.name} (PAY-ONE-1)`, unit_amount: 11_106, quantity: 1000 },
    ]);
    const [request] = standIn
      .requestsTo('/v1/checkout/sessions')
      .filter((r) => r.body.client_reference_id === id);
    expect(request?.idempotencyKey).toBe(`order-${id}-attempt-1`);
    expect(request?.authorization).toBe(`Bearer ${stripe.secretKey}`);
    // No order expiry (UNPAID_ORDER_TTL 0): Stripe's longest, a day.
    expect(session.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 24 * 3600);
  });

  it('sends a line whose discount does not divide by its quantity as one item at its total, named with its quantity', async () => {
    const even = await newPart({ priceCents: 999, sku: 'PAY-EVEN-1' });
    const uneven = await newPart({ priceCents: 12_345, bulkDiscount: true, sku: 'PAY-ODD-1' });
    const id = await checkout([
      { partId: even.id, quantity: 3 },
      { partId: uneven.id, quantity: 500 }, // 6,172,500 − 5% = 5,863,875: not a multiple of 500
    ]);
    const session = await pay(id);
    expect(session.line_items).toEqual([
      { name: `${even.name} (PAY-EVEN-1)`, unit_amount: 999, quantity: 3 },
      { name: `500 × ${uneven.name} (PAY-ODD-1)`, unit_amount: 5_863_875, quantity: 1 },
    ]);
    expect(session.amount_total).toBe((await orderRow(id))?.totalCents);
    expect(session.amount_total).toBe(2997 + 5_863_875);
  });

  it('charges the gross total with tax, line items adding up to it exactly, before and after tax', async () => {
    // Decision 053: tax per line after its discount, half up; the order's is the lines' sum.
    for (const [tax, expected] of [
      [
        { rateBasisPoints: 2000, pricesIncludeTax: false },
        { net: 2997 + 5_863_875, tax: 599 + 1_172_775 },
      ],
      [
        { rateBasisPoints: 1750, pricesIncludeTax: true },
        { net: 2551 + 4_990_532, tax: 446 + 873_343 },
      ],
    ] as const) {
      const taxed = await createTestApp({ database, stripe, tax });
      try {
        const even = await newPart({ priceCents: 999 });
        const uneven = await newPart({ priceCents: 12_345, bulkDiscount: true });
        const res = await fixtures
          .sendCheckout(client(taxed.http, customer.auth), {
            phone,
            address,
            lines: [
              { partId: even.id, quantity: 3 },
              { partId: uneven.id, quantity: 500 }, // 6,172,500 − 5% = 5,863,875
            ],
          })
          .expect(201);
        const id = res.body.insertedId as string;
        const order = await orderRow(id);
        const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, id));
        expect({ net: order?.netCents, tax: order?.taxCents }).toEqual(expected);
        expect(order?.totalCents).toBe(expected.net + expected.tax);
        expect(lines.reduce((sum, l) => sum + l.taxCents, 0)).toBe(expected.tax);
        expect(order?.taxRateBasisPoints).toBe(tax.rateBasisPoints);
        const paid = await taxed.http().post(`/api/order/${id}/pay`).set(customer.auth).expect(200);
        const session = [...standIn.sessions.values()].find((s) => s.url === paid.body.url);
        expect(session?.amount_total).toBe(order?.totalCents);
        const items = session?.line_items ?? [];
        expect(items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0)).toBe(
          order?.totalCents,
        );
      } finally {
        await taxed.closeApp();
      }
    }
  });

  it('hands out the open session again rather than making another', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const first = await pay(id);
    const again = await pay(id);
    expect(again.id).toBe(first.id);
    expect(
      standIn.requestsTo('/v1/checkout/sessions').filter((r) => r.body.client_reference_id === id),
    ).toHaveLength(1);
  });

  it('is for the order’s owner, and only while it is unpaid', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    await ctx.http().post(`/api/order/${id}/pay`).expect(401);
    const peek = await ctx.http().post(`/api/order/${id}/pay`).set(other.auth).expect(404);
    expect(peek.body.message).toBe(apiMessages.orderNotFound);
    await ctx.http().post(`/api/order/${id}/pay`).set(admin.auth).expect(404);
    await ctx.http().post('/api/order/not-an-id/pay').set(customer.auth).expect(404);
    await ctx.http().delete(`/api/order/${id}`).set(customer.auth).expect(200);
    const refused = await ctx.http().post(`/api/order/${id}/pay`).set(customer.auth).expect(409);
    expect(refused.body.message).toBe(paymentMessages.notPayable);
  });

  it('answers 503 and keeps nothing open when Stripe cannot be reached', async () => {
    const down = await createTestApp({ database, stripe: { ...stripe, apiUrl: 'http://127.0.0.1:9' } });
    try {
      const id = await placeOrder((await newPart()).id, 2);
      const res = await down.http().post(`/api/order/${id}/pay`).set(customer.auth).expect(503);
      expect(res.body.message).toBe(paymentMessages.providerUnavailable);
      expect(res.headers['retry-after']).toBe('30');
      // The next click makes a new attempt, which Stripe (now reachable) answers.
      const session = await pay(id);
      expect(
        standIn.requestsTo('/v1/checkout/sessions').find((r) => r.body.client_reference_id === id)
          ?.idempotencyKey,
      ).toBe(`order-${id}-attempt-2`);
      expect(session.metadata.orderId).toBe(id);
    } finally {
      await down.closeApp();
    }
  });
});

describe('Pay by card: settings', () => {
  it('without the keys, is refused with a message that card payments are not set up', async () => {
    const bankOnly = await createTestApp({ database });
    try {
      const id = await placeOrder((await newPart()).id, 2);
      const res = await bankOnly.http().post(`/api/order/${id}/pay`).set(customer.auth).expect(409);
      expect(res.body.message).toBe(paymentMessages.notSetUp);
      const shown = await bankOnly.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
      expect(shown.body.cardPayments).toBe(false);
      expect(
        (await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200)).body.cardPayments,
      ).toBe(true);
    } finally {
      await bankOnly.closeApp();
    }
  });

  it('sends the customer back to the origin they paid from when PUBLIC_URL is not set', async () => {
    const here = await createTestApp({ database, stripe: { ...stripe, publicUrl: undefined } });
    try {
      const id = await placeOrder((await newPart()).id, 2);
      const res = await here.http().post(`/api/order/${id}/pay`).set(customer.auth).expect(200);
      const session = [...standIn.sessions.values()].find((s) => s.url === res.body.url);
      expect(session?.success_url).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:\\d+/dashboard/payment/${id}\\?card=returned$`),
      );
    } finally {
      await here.closeApp();
    }
  });

  it('ends the session no later than the order expires, and refuses when that is too soon for Stripe', async () => {
    const hour = 60 * 60 * 1000;
    const expiring = await createTestApp({ database, stripe, unpaidOrderTtlMs: 2 * hour });
    const soon = await createTestApp({ database, stripe, unpaidOrderTtlMs: 20 * 60 * 1000 });
    try {
      const id = await placeOrder((await newPart()).id, 2);
      const created = (await orderRow(id))?.createdAt.getTime() ?? 0;
      const res = await expiring.http().post(`/api/order/${id}/pay`).set(customer.auth).expect(200);
      const session = [...standIn.sessions.values()].find((s) => s.url === res.body.url);
      expect(session?.expires_at).toBe(Math.floor((created + 2 * hour) / 1000));
      const late = await placeOrder((await newPart()).id, 2);
      const refused = await soon.http().post(`/api/order/${late}/pay`).set(customer.auth).expect(409);
      expect(refused.body.message).toBe(paymentMessages.tooCloseToExpiry);
    } finally {
      await expiring.closeApp();
      await soon.closeApp();
    }
  });
});

describe('the webhook', () => {
  it('refuses an unsigned, forged or altered event with 400 and changes nothing', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const session = await pay(id);
    const event = standIn.event(standIn.pay(session.id));
    const before = (await ctx.db.select({ n: count() }).from(paymentEvents))[0]?.n;
    const unsigned = await ctx
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(event))
      .expect(400);
    expect(unsigned.body.message).toBe(paymentMessages.webhookUnsigned);
    const forged = await deliver(event, 'whsec_someone_else_0123456789').expect(400);
    expect(forged.body.message).toBe(paymentMessages.webhookUnsigned);
    // Signed, then altered on the way: the signature covers the exact bytes.
    const { header } = standIn.sign(event);
    await ctx
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 1 } } }))
      .expect(400);
    await ctx
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Stripe-Signature', 'garbage')
      .send('not json at all')
      .expect(400);
    expect((await ctx.db.select({ n: count() }).from(paymentEvents))[0]?.n).toBe(before);
    expect((await orderRow(id))?.status).toBe('unpaid');
    expect(await paymentsOf(id)).toEqual([]);
  });

  type PaidEvent = ReturnType<StripeStandIn['event']>;

  /** A new order's paid session, and Stripe's event for it. */
  async function paidEvent() {
    const id = await placeOrder((await newPart()).id, 2);
    return { id, event: standIn.event(standIn.pay((await pay(id)).id)) };
  }

  /** Nothing of the order changed: unpaid, no payment, no paid entry, the event not recorded. */
  async function unchanged(id: string, eventId: string) {
    expect((await orderRow(id))?.status).toBe('unpaid');
    expect(await paymentsOf(id)).toEqual([]);
    expect(await paidEvents(id)).toEqual([]);
    expect(await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId))).toEqual([]);
  }

  const withSession = (event: PaidEvent, changes: Record<string, unknown>) => ({
    ...event,
    data: { object: { ...event.data.object, ...changes } },
  });

  it.each<[string, (event: PaidEvent) => unknown]>([
    ['its session null', (event) => ({ ...event, data: { object: null } })],
    ['no data', ({ data: _, ...event }) => event],
    ['a body of [1,2]', () => [1, 2]],
    ['a body of null', () => null],
    ['an amount of 3702.4', (event) => withSession(event, { amount_total: 3702.4 })],
    ['an amount of −5', (event) => withSession(event, { amount_total: -5 })],
    ['an amount of 1e20', (event) => withSession(event, { amount_total: 1e20 })],
    [
      'an amount of 2^63',
      (event) =>
        JSON.stringify(withSession(event, { amount_total: 0 })).replace(
          '"amount_total":0',
          '"amount_total":9223372036854775808',
        ),
    ],
    ['a session id null', (event) => withSession(event, { id: null })],
    ['an event id holding a NUL', (event) => ({ ...event, id: `${event.id}\u0000` })],
  ])('acknowledges a signed event with %s (200), logs it and changes nothing', async (_, malform) => {
    const { id, event } = await paidEvent();
    const logged = capturedLines.length;
    const res = await deliver(malform(event));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    await unchanged(id, event.id);
    const warned = capturedLines.slice(logged).filter((line) => /cannot be read/.test(line));
    expect(warned.map((line) => JSON.parse(line).level)).toEqual([40]);
    // The event whole is taken afterwards: nothing of the unreadable one was kept.
    await deliver(event).expect(200);
    expect((await orderRow(id))?.status).toBe('paid');
  });

  it('refuses with 400 an event signed more than 5 minutes ahead, as one signed more than 5 minutes ago', async () => {
    const { id, event } = await paidEvent();
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now + 6 * 60, now + 365 * 24 * 3600, now - 6 * 60]) {
      const res = await deliver(event, WEBHOOK_SECRET, timestamp).expect(400);
      expect(res.body.message).toBe(paymentMessages.webhookOutOfTime);
    }
    await unchanged(id, event.id);
    // A sender's clock a few minutes ahead of the store's is within the tolerance.
    await deliver(event, WEBHOOK_SECRET, now + 4 * 60).expect(200);
    expect((await orderRow(id))?.status).toBe('paid');
  });

  it('marks the order paid before the customer returns: history by stripe, a payment row, one e-mail', async () => {
    const id = await placeOrder((await newPart({ priceCents: 4999 })).id, 3);
    const session = await pay(id);
    const event = standIn.event(standIn.pay(session.id));
    const res = await deliver(event).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect((await orderRow(id))?.status).toBe('paid');
    const [payment] = await paymentsOf(id);
    expect(payment).toMatchObject({
      provider: 'stripe',
      sessionId: session.id,
      paymentIntent: session.payment_intent,
      amountMinor: 14_997,
      currency: 'gbp',
      status: 'paid',
    });
    expect((await paidEvents(id)).map((e) => e.by)).toEqual(['stripe']);
    // The customer, back on the order's page, sees it paid, and by card.
    const shown = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(shown.body.order).toMatchObject({
      status: 'paid',
      payment: { method: 'card', status: 'paid', amount: 149.97, currency: 'gbp', refundedAt: null },
    });
    // A later repeat of the same event is acknowledged and does nothing.
    expect((await deliver(event).expect(200)).body).toEqual({ received: true, duplicate: true });
    await jobsSettled();
    expect(await paidEvents(id)).toHaveLength(1);
    const paidEventId = (await paidEvents(id))[0]?.id ?? '';
    const emails = await ctx.db
      .select()
      .from(sentEmails)
      .where(like(sentEmails.key, `${paidEventId}:%`));
    expect(emails).toHaveLength(1);
  });

  it('processes the same event delivered 3 times at once once: one paid event, one e-mail', async () => {
    const id = await placeOrder((await newPart({ priceCents: 2500 })).id, 4);
    const event = standIn.event(standIn.pay((await pay(id)).id));
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    await jobsSettled();
    const paid = await paidEvents(id);
    expect(paid).toHaveLength(1);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(sentEmails)
        .where(like(sentEmails.key, `${paid[0]?.id}:%`)),
    ).toHaveLength(1);
  });

  it('takes a 1-cent payment', async () => {
    const id = await placeOrder((await newPart({ priceCents: 1 })).id, 1);
    const session = await pay(id);
    expect(session.amount_total).toBe(1);
    expect(session.line_items).toEqual([expect.objectContaining({ unit_amount: 1, quantity: 1 })]);
    await deliver(standIn.event(standIn.pay(session.id))).expect(200);
    expect((await orderRow(id))?.status).toBe('paid');
  });

  it('leaves the order unpaid, for an admin to look at, when the amount or currency differs', async () => {
    const short = await placeOrder((await newPart()).id, 2);
    await deliver(standIn.event(standIn.pay((await pay(short)).id, { amount_total: 2499 }))).expect(200);
    const foreign = await placeOrder((await newPart()).id, 2);
    await deliver(standIn.event(standIn.pay((await pay(foreign)).id, { currency: 'usd' }))).expect(200);
    for (const id of [short, foreign]) {
      expect((await orderRow(id))?.status).toBe('unpaid');
      expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['needs-review']);
      expect(await paidEvents(id)).toEqual([]);
    }
    const desk = await ctx
      .http()
      .get(`/api/orders/${admin.email}?q=${customer.email}&limit=100`)
      .set(admin.auth)
      .expect(200);
    expect(desk.body.find((o: { _id: string }) => o._id === short)?.payment?.status).toBe('needs-review');
  });

  it('waits for an asynchronous payment, and records expired and failed sessions without changing the order', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const session = await pay(id);
    await deliver(standIn.event(session, 'checkout.session.completed')).expect(200); // payment_status unpaid
    await deliver(standIn.event(session, 'checkout.session.async_payment_failed')).expect(200);
    await deliver(standIn.event(session, 'checkout.session.expired')).expect(200);
    expect((await orderRow(id))?.status).toBe('unpaid');
    expect(await paymentsOf(id)).toEqual([]);
    await deliver(standIn.event(standIn.pay(session.id), 'checkout.session.async_payment_succeeded')).expect(
      200,
    );
    expect((await orderRow(id))?.status).toBe('paid');
    const recorded = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, id));
    expect(recorded.map((e) => e.type).sort()).toEqual([
      'checkout.session.async_payment_failed',
      'checkout.session.async_payment_succeeded',
      'checkout.session.completed',
      'checkout.session.expired',
    ]);
  });

  it('refunds a payment that arrives after the order was cancelled, once, and leaves the order cancelled', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const session = await pay(id);
    await ctx.http().delete(`/api/order/${id}`).set(customer.auth).expect(200);
    const paid = standIn.pay(session.id);
    await deliver(standIn.event(paid)).expect(200);
    // Stripe sends the session's async event too; a second payment row (or refund) never follows.
    await deliver(standIn.event(paid, 'checkout.session.async_payment_succeeded')).expect(200);
    await jobsSettled();
    expect((await orderRow(id))?.status).toBe('cancelled');
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_/) });
    const asked = standIn.refunds.filter((r) => r.payment_intent === paid.payment_intent);
    expect(asked).toEqual([expect.objectContaining({ idempotencyKey: `refund-${payment?.id}` })]);
    expect(await paidEvents(id)).toEqual([]);
    // Recorded in the audit trail as the store's own doing.
    expect(await refundEntries(id)).toEqual([
      expect.objectContaining({
        actor: 'system',
        targetType: 'order',
        targetLabel: `PD-${(await orderRow(id))?.number}`,
        before: { payment: 'refund-pending' },
        after: { payment: 'refunded', refundId: payment?.refundId, amount: 25, currency: 'gbp' },
      }),
    ]);
  });

  it('takes the webhook after a restart of the store between the session and the event', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const session = await pay(id);
    await runner.stop();
    await ctx.closeApp();
    // The store starts again on the same database: nothing of the payment was kept in memory.
    ctx = await createTestApp({
      database,
      stripe,
      jobs: { enqueue: (tx, name, data) => runner.queue.enqueue(tx, name, data) },
    });
    runner = await startRunner(ctx);
    await deliver(standIn.event(standIn.pay(session.id))).expect(200);
    expect((await orderRow(id))?.status).toBe('paid');
    await jobsSettled();
  });
});

describe('refunds', () => {
  it('refunds a card-paid order an admin cancels, once, and shows it on the desk and the order', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const paid = standIn.pay((await pay(id)).id);
    await deliver(standIn.event(paid)).expect(200);
    // Undoing the payment would leave the charge standing: refused, and nothing changes.
    const undo = await ctx
      .http()
      .patch(`/api/order/${id}/status`)
      .set(admin.auth)
      .send({ status: 'unpaid' })
      .expect(409);
    expect(undo.body.message).toBe(paymentMessages.cannotUndoCardPayment);
    expect((await orderRow(id))?.status).toBe('paid');
    await ctx
      .http()
      .patch(`/api/order/${id}/status`)
      .set(admin.auth)
      .send({ status: 'cancelled' })
      .expect(200);
    await jobsSettled();
    const [payment] = await paymentsOf(id);
    expect(payment?.status).toBe('refunded');
    expect(standIn.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect(
      standIn.requestsTo('/v1/refunds').find((r) => r.body.payment_intent === paid.payment_intent)
        ?.idempotencyKey,
    ).toBe(`refund-${payment?.id}`);
    const shown = await ctx.http().get(`/api/order/${id}`).set(customer.auth).expect(200);
    expect(shown.body.order).toMatchObject({ status: 'cancelled', payment: { status: 'refunded' } });
    expect(shown.body.order.payment.refundedAt).toEqual(expect.any(String));
    // In the audit trail, by the admin who cancelled, once.
    expect((await refundEntries(id)).map((e) => [e.actor, e.after?.payment])).toEqual([
      [admin.email, 'refunded'],
    ]);
  });

  it('retries a refund that failed, showing it to admins until it succeeds', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const paid = standIn.pay((await pay(id)).id);
    await deliver(standIn.event(paid)).expect(200);
    standIn.control.failRefunds = 1;
    await ctx
      .http()
      .patch(`/api/order/${id}/status`)
      .set(admin.auth)
      .send({ status: 'cancelled' })
      .expect(200);
    const desk = () =>
      ctx.http().get(`/api/orders/${admin.email}?q=${customer.email}&limit=100`).set(admin.auth);
    await eventually(async () => (await paymentsOf(id))[0]?.status === 'refund-failed', {
      what: 'the first refund to fail',
    });
    const failed = await desk().expect(200);
    expect(failed.body.find((o: { _id: string }) => o._id === id)?.payment?.status).toBe('refund-failed');
    await eventually(async () => (await paymentsOf(id))[0]?.status === 'refunded', {
      what: 'the job queue to retry the refund',
      timeout: 20_000,
    });
    const refunded = await desk().expect(200);
    expect(refunded.body.find((o: { _id: string }) => o._id === id)?.payment?.status).toBe('refunded');
    expect(standIn.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);
    expect((await refundEntries(id)).map((e) => e.before)).toEqual([{ payment: 'refund-failed' }]);
  });

  it('sends a payment to check back when an admin asks: once, audited, the order left as it was', async () => {
    const id = await placeOrder((await newPart()).id, 2); // 25.00
    const paid = standIn.pay((await pay(id)).id, { amount_total: 2499 });
    await deliver(standIn.event(paid)).expect(200);
    const refund = (orderId = id) => ctx.http().post(`/api/order/${orderId}/payment/refund`);
    await refund().expect(401);
    await refund().set(customer.auth).expect(403);
    await refund(crypto.randomUUID()).set(admin.auth).expect(404);
    await refund('not-an-id').set(admin.auth).expect(404);
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['needs-review']);
    const answer = await refund().set(admin.auth).expect(200);
    expect(answer.body).toEqual({
      method: 'card',
      status: 'refund-pending',
      amount: 24.99,
      currency: 'gbp',
      refundedAt: null,
    });
    // A second click, or a second admin: nothing left to check, nothing asked twice.
    const again = await refund().set(admin.auth).expect(409);
    expect(again.body.message).toBe(paymentMessages.nothingToCheck);
    await jobsSettled();
    expect((await orderRow(id))?.status).toBe('unpaid');
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ status: 'refunded', refundRequestedBy: admin.email });
    expect(standIn.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([
      expect.objectContaining({ idempotencyKey: `refund-${payment?.id}` }),
    ]);
    // The admin's ask and Stripe's refund, both in the trail under the admin's name.
    const trail = await ctx.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.targetId, id))
      .orderBy(auditEntries.at, auditEntries.action);
    expect(trail.map((e) => [e.action, e.actor, e.before, e.after])).toEqual([
      [
        'payment.refund-asked',
        admin.email,
        { payment: 'needs-review' },
        { payment: 'refund-pending', amount: 24.99, currency: 'gbp' },
      ],
      [
        'payment.refund',
        admin.email,
        { payment: 'refund-pending' },
        expect.objectContaining({ payment: 'refunded', amount: 24.99 }),
      ],
    ]);
    const shown = await ctx.http().get(`/api/order/${id}`).set(admin.auth).expect(200);
    expect(shown.body.order).toMatchObject({ status: 'unpaid', payment: { status: 'refunded' } });
    expect((await refund().set(admin.auth).expect(409)).body.message).toBe(paymentMessages.nothingToCheck);
  });

  it('answers 409 for an order with no payment to check, or one the store cannot refund', async () => {
    const none = await placeOrder((await newPart()).id, 2);
    const paidInFull = await placeOrder((await newPart()).id, 2);
    await deliver(standIn.event(standIn.pay((await pay(paidInFull)).id))).expect(200);
    for (const id of [none, paidInFull]) {
      const res = await ctx.http().post(`/api/order/${id}/payment/refund`).set(admin.auth).expect(409);
      expect(res.body.message).toBe(paymentMessages.nothingToCheck);
    }
    expect((await paymentsOf(paidInFull)).map((p) => p.status)).toEqual(['paid']);
    // A late payment Stripe gave no payment intent for (decision 048): refunded in Stripe by hand.
    const late = await placeOrder((await newPart()).id, 2);
    await ctx.db.insert(payments).values({
      orderId: late,
      provider: 'stripe',
      sessionId: `cs_test_no_intent_${late}`,
      paymentIntent: null,
      amountMinor: 2500,
      currency: 'gbp',
      status: 'needs-review',
    });
    const res = await ctx.http().post(`/api/order/${late}/payment/refund`).set(admin.auth).expect(409);
    expect(res.body.message).toBe(paymentMessages.noPaymentIntent);
    expect((await paymentsOf(late)).map((p) => p.status)).toEqual(['needs-review']);
  });

  // Last in the file: the sweep expires every unpaid order of the database.
  it('refunds a payment that arrives after its order expired unpaid, and records it as the store’s', async () => {
    const id = await placeOrder((await newPart()).id, 2);
    const session = await pay(id);
    const moves = createOrderMoves(createOrdersRepo(ctx.db, runner.queue));
    // A batch at a time, oldest first, until none is left.
    while ((await moves.expireUnpaid(0)) > 0);
    expect((await orderRow(id))?.status).toBe('cancelled');
    await deliver(standIn.event(standIn.pay(session.id))).expect(200);
    await jobsSettled();
    expect((await orderRow(id))?.status).toBe('cancelled');
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['refunded']);
    expect((await refundEntries(id)).map((e) => e.actor)).toEqual(['system']);
  });
});
