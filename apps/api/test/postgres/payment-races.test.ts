import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEntries, orders, parts, payments } from '../../src/db/schema.js';
import type { JobName } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { ordersOpenForCard } from '../support/card-orders.js';
import { createTestApp } from '../support/helpers.js';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.js';

/**
 * Real PostgreSQL only (PGlite runs one statement at a time): Stripe's event for a paid session
 * and the customer's cancel of the same order, for many orders at once, some at the same moment.
 * Whichever wins, the money and the order agree (decision 048): a paid order has its payment
 * applied, a cancelled one has its payment on the way back, never a cancelled order holding a
 * payment, and the stock matches.
 */
const WEBHOOK_SECRET = 'whsec_payment_races_0123456789';
const ORDERS = 20;

let standIn: StripeStandIn;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
/** The refund jobs the store enqueued, by payment. */
const refundJobs: string[] = [];

beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET });
  ctx = await createTestApp({
    stripe: { secretKey: 'sk_test_races_0123456789', webhookSecret: WEBHOOK_SECRET, apiUrl: standIn.url },
    jobs: {
      enqueue: async (_tx, name: JobName, data) => {
        if (name === 'payment-refund' && 'paymentId' in data) refundJobs.push(data.paymentId);
      },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

it('keeps each order and its payment in agreement when the event and the cancel race', async () => {
  const { customer, partId, orders: open } = await ordersOpenForCard(ctx, standIn, ORDERS);
  const ids = open.map((order) => order.id);
  const events = open.map((order) => standIn.sign(standIn.event(standIn.pay(order.sessionId))));

  // Half the orders: the event and the cancel sent at the same moment (the event tends to win,
  // its path being shorter); the other half: the cancel just ahead, all pairs at once.
  const deliver = (i: number) =>
    ctx
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', events[i]?.header ?? '')
      .send(events[i]?.payload ?? '');
  const cancel = (id: string) => ctx.http().delete(`/api/order/${id}`).set(customer.auth);
  const answers = await Promise.all(
    ids.map(async (id, i) => {
      if (i % 2 === 0) {
        const [event, cancelled] = await Promise.all([deliver(i), cancel(id)]);
        return { event: event.status, cancel: cancelled.status };
      }
      const cancelled = await cancel(id);
      return { event: (await deliver(i)).status, cancel: cancelled.status };
    }),
  );
  // The event is always taken; the cancel either wins (200) or finds the order paid (409).
  expect(answers.map((a) => a.event)).toEqual(ids.map(() => 200));
  expect(answers.every((a) => a.cancel === 200 || a.cancel === 409)).toBe(true);

  const rows = await ctx.db.select().from(orders).where(inArray(orders.id, ids));
  const paymentRows = await ctx.db.select().from(payments).where(inArray(payments.orderId, ids));
  for (const order of rows) {
    const mine = paymentRows.filter((p) => p.orderId === order.id);
    expect(mine, order.id).toHaveLength(1);
    const [payment] = mine;
    if (order.status === 'paid') expect(payment?.status).toBe('paid');
    else {
      expect(order.status).toBe('cancelled');
      expect(payment?.status).toBe('refund-pending');
      expect(refundJobs).toContain(payment?.id);
    }
  }
  const cancelled = rows.filter((o) => o.status === 'cancelled').length;
  console.info(`payment races: ${ORDERS - cancelled} paid, ${cancelled} cancelled and refunded`);
  expect(refundJobs).toHaveLength(cancelled);
  // The stock: every cancelled order's unit back, every paid order's taken.
  const [after] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
  expect(after?.availableQuantity).toBe(1000 - rows.filter((o) => o.status === 'paid').length);
});

it('refunds a payment to check once when admins ask for it at the same moment (decision 057)', async () => {
  const { orders: open } = await ordersOpenForCard(ctx, standIn, 10);
  const admin = await accountWithToken(ctx, 'admin');
  const ids = open.map((order) => order.id);
  for (const { sessionId } of open) {
    // A penny short: kept for an admin to check.
    const { payload, header } = standIn.sign(standIn.event(standIn.pay(sessionId, { amount_total: 499 })));
    await ctx
      .http()
      .post('/api/payments/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload)
      .expect(200);
  }
  const jobsBefore = refundJobs.length;
  const ask = (id: string) => ctx.http().post(`/api/order/${id}/payment/refund`).set(admin.auth);
  const answers = await Promise.all(ids.map((id) => Promise.all([ask(id), ask(id), ask(id)])));
  for (const statuses of answers.map((three) => three.map((a) => a.status).sort()))
    expect(statuses).toEqual([200, 409, 409]);
  const paymentRows = await ctx.db.select().from(payments).where(inArray(payments.orderId, ids));
  expect(paymentRows.map((p) => p.status)).toEqual(ids.map(() => 'refund-pending'));
  expect(refundJobs.slice(jobsBefore).sort()).toEqual(paymentRows.map((p) => p.id).sort());
  const asked = await ctx.db
    .select()
    .from(auditEntries)
    .where(and(inArray(auditEntries.targetId, ids), eq(auditEntries.action, 'payment.refund-asked')));
  expect(asked.map((e) => e.targetId).sort()).toEqual([...ids].sort());
  const unpaid = await ctx.db.select().from(orders).where(inArray(orders.id, ids));
  expect(unpaid.map((o) => o.status)).toEqual(ids.map(() => 'unpaid'));
});
