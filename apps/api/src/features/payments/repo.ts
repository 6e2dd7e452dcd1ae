import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  checkoutSessions,
  orderEvents,
  orderLines,
  orders,
  paymentEvents,
  payments,
} from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];

/** An order as paying for it needs it. */
export interface OrderToPay {
  id: string;
  email: string;
  status: string;
  totalCents: number;
  createdAt: Date;
  lines: { sku: string; productName: string; quantity: number; totalCents: number }[];
}

/** A payment about to be recorded: what the provider's event says was charged. */
export type NewPayment = Pick<
  typeof payments.$inferInsert,
  | 'orderId'
  | 'provider'
  | 'sessionId'
  | 'paymentIntent'
  | 'amountMinor'
  | 'currency'
  | 'status'
  | 'refundRequestedBy'
>;

/** A refund Stripe made, with what the audit entry names: the order by its number. */
export interface MadeRefund {
  orderId: string;
  orderNumber: number;
  amountMinor: number;
  currency: string;
  refundRequestedBy: string | null;
  /** The state it was in until now: waiting for its first try, or failed before. */
  was: PaymentStatus;
}

/** The order's payments to check that an admin sent back (decision 057), as they were moved. */
export type RefundToCheck =
  | { kind: 'no-order' }
  | { kind: 'nothing-to-check' }
  | { kind: 'no-payment-intent' }
  | {
      kind: 'asked';
      order: { id: string; number: number };
      payments: { id: string; amountMinor: number; currency: string }[];
    };

/** Who the order's history names for a payment the provider confirmed (decision 048). */
export const PROVIDER_BY = 'stripe';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The row operations of one webhook's transaction: the event, the order, the payment, the jobs. */
function transactionRows(tx: Transaction, jobs: JobQueue) {
  return {
    /** True for the event's first delivery; a repeat (concurrent too) meets the primary key. */
    async claimEvent(event: { provider: string; id: string; type: string; orderId: string | undefined }) {
      const claimed = await tx
        .insert(paymentEvents)
        .values({ provider: event.provider, eventId: event.id, type: event.type, orderId: event.orderId })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.eventId });
      return claimed.length === 1;
    },

    /** The order, locked until the commit: a cancel or an expiry waits, or is waited for. */
    async lockOrder(id: string) {
      const [order] = await tx
        .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents })
        .from(orders)
        .where(eq(orders.id, id))
        .for('update');
      return order;
    },

    /** The payment's row, once per session: undefined when the session was recorded before. */
    async insertPayment(payment: NewPayment): Promise<string | undefined> {
      const [row] = await tx
        .insert(payments)
        .values(payment)
        .onConflictDoNothing()
        .returning({ id: payments.id });
      return row?.id;
    },

    /**
     * Marks the unpaid order paid with its history entry (by the provider) and the `order-event`
     * job that sends its e-mails, as an admin's move would (features/orders/record.ts).
     */
    async markPaid(orderId: string): Promise<boolean> {
      const [order] = await tx
        .update(orders)
        .set({ status: 'paid', updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'unpaid')))
        .returning({ id: orders.id, at: orders.updatedAt });
      if (!order) return false;
      const [event] = await tx
        .insert(orderEvents)
        .values({ orderId, status: 'paid', by: PROVIDER_BY, at: order.at })
        .returning({ id: orderEvents.id });
      if (!event) throw new Error('The order event insert returned no row');
      await jobs.enqueue(tx, 'order-event', { eventId: event.id });
      return true;
    },

    /** The refund runs once this commits (the job queue), and is retried until it succeeds. */
    enqueueRefund: (paymentId: string) => jobs.enqueue(tx, 'payment-refund', { paymentId }),
  };
}

export type PaymentsTransaction = ReturnType<typeof transactionRows>;

export function createPaymentsRepo(db: Database, jobs: JobQueue) {
  return {
    inTransaction<T>(work: (tx: PaymentsTransaction) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(transactionRows(tx, jobs)));
    },

    async orderToPay(id: string): Promise<OrderToPay | undefined> {
      const [order] = await db
        .select({
          id: orders.id,
          email: orders.email,
          status: orders.status,
          totalCents: orders.totalCents,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(eq(orders.id, id));
      if (!order) return undefined;
      const lines = await db
        .select({
          sku: orderLines.sku,
          productName: orderLines.productName,
          quantity: orderLines.quantity,
          totalCents: orderLines.totalCents,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, id))
        .orderBy(asc(orderLines.position));
      return { ...order, lines };
    },

    /**
     * The page of the order's newest session still open after `openUntil`, or else a new attempt
     * reserved (its number: the next), under the order's lock and only while it is unpaid.
     */
    async reserveAttempt(
      orderId: string,
      expiresAt: Date,
      openUntil: Date,
    ): Promise<{ kind: 'open'; url: string } | { kind: 'new'; attempt: number } | { kind: 'not-payable' }> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update');
        if (order?.status !== 'unpaid') return { kind: 'not-payable' };
        const [open] = await tx
          .select({ url: checkoutSessions.url })
          .from(checkoutSessions)
          .where(
            and(
              eq(checkoutSessions.orderId, orderId),
              isNotNull(checkoutSessions.url),
              gt(checkoutSessions.expiresAt, openUntil),
            ),
          )
          .orderBy(desc(checkoutSessions.attempt))
          .limit(1);
        if (open?.url) return { kind: 'open', url: open.url };
        const [reserved] = await tx
          .insert(checkoutSessions)
          .values({
            orderId,
            attempt: sql`coalesce((select max(${checkoutSessions.attempt}) from ${checkoutSessions} where ${checkoutSessions.orderId} = ${orderId}), 0) + 1`,
            expiresAt,
          })
          .returning({ attempt: checkoutSessions.attempt });
        if (!reserved) throw new Error('The checkout session insert returned no row');
        return { kind: 'new', attempt: reserved.attempt };
      });
    },

    async saveSession(orderId: string, attempt: number, session: { id: string; url: string }) {
      await db
        .update(checkoutSessions)
        .set({ sessionId: session.id, url: session.url })
        .where(and(eq(checkoutSessions.orderId, orderId), eq(checkoutSessions.attempt, attempt)));
    },

    async findPayment(id: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row;
    },

    /**
     * Marks the payment refunded, in one transaction with `also` (the audit entry, given the
     * transaction's handle). Only a payment still waiting for its refund moves: a late retry
     * changes nothing, and `also` is not called.
     */
    async setRefunded(
      id: string,
      refundId: string,
      also: (tx: Database, refund: MadeRefund) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [was] = await tx
          .select({ status: payments.status })
          .from(payments)
          .where(and(eq(payments.id, id), inArray(payments.status, ['refund-pending', 'refund-failed'])))
          .for('update');
        if (!was) return false;
        const [moved] = await tx
          .update(payments)
          .set({
            status: 'refunded',
            refundId,
            refundError: null,
            refundedAt: sql`now()`,
            updatedAt: sql`now()`,
          })
          .from(orders)
          .where(and(eq(payments.id, id), eq(orders.id, payments.orderId)))
          .returning({
            orderId: payments.orderId,
            orderNumber: orders.number,
            amountMinor: payments.amountMinor,
            currency: payments.currency,
            refundRequestedBy: payments.refundRequestedBy,
          });
        if (!moved) return false;
        await also(tx, { ...moved, was: was.status });
        return true;
      });
    },

    /**
     * The order's payments to check (`needs-review`) marked for their refund, asked by `by`, the
     * refund job enqueued with each and `also` (the audit entries) in the same transaction. Only
     * a payment still to check moves: of two admins at once, the second finds nothing (409).
     */
    async refundToCheck(
      orderId: string,
      by: string,
      also: (tx: Database, asked: Extract<RefundToCheck, { kind: 'asked' }>) => Promise<void>,
    ): Promise<RefundToCheck> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(eq(orders.id, orderId));
        if (!order) return { kind: 'no-order' };
        const toCheck = and(eq(payments.orderId, orderId), eq(payments.status, 'needs-review'));
        const moved = await tx
          .update(payments)
          .set({ status: 'refund-pending', refundRequestedBy: by, refundError: null, updatedAt: sql`now()` })
          // Without a payment intent there is nothing Stripe can refund through the API.
          .where(and(toCheck, isNotNull(payments.paymentIntent)))
          .returning({ id: payments.id, amountMinor: payments.amountMinor, currency: payments.currency });
        if (moved.length === 0) {
          const [left] = await tx.select({ id: payments.id }).from(payments).where(toCheck).limit(1);
          return { kind: left ? 'no-payment-intent' : 'nothing-to-check' };
        }
        for (const { id } of moved) await jobs.enqueue(tx, 'payment-refund', { paymentId: id });
        const asked = { kind: 'asked' as const, order, payments: moved };
        await also(tx, asked);
        return asked;
      });
    },

    async setRefundFailed(id: string, reason: string): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'refund-failed', refundError: reason.slice(0, 500), updatedAt: sql`now()` })
        .where(and(eq(payments.id, id), inArray(payments.status, ['refund-pending', 'refund-failed'])));
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
