import {
  apiMessages,
  type CardCheckout,
  formatOrderNumber,
  idSchema,
  type OrderCardPayment,
  paymentMessages,
} from '@store/shared';
import type { Caller } from '../../auth/caller.js';
import { Conflict, Invalid, NotFound, Unavailable } from '../../lib/domain-errors.js';
import type { Logger } from '../../lib/logger.js';
import type { AuditTrail } from '../audit/index.js';
import { fromMinorUnits, toMinorUnits } from './minor-units.js';
import type { PaymentsRepo, PaymentsTransaction } from './repo.js';
import { itemsTotal, sessionItems } from './session-items.js';
import {
  BadSignature,
  type CardGateway,
  GatewayError,
  type ReadEvent,
  SignatureOutOfTime,
  type VerifiedEvent,
} from './stripe-gateway.js';

const PROVIDER = 'stripe';
/** Who asks for the refund of a payment that came for an order no longer payable: the store. */
const SYSTEM = 'system';
const MINUTE_MS = 60_000;
/** Stripe's bounds on a Checkout session's `expires_at`: 30 minutes to 24 hours from now. */
const SESSION_MIN_MS = 30 * MINUTE_MS;
const SESSION_MAX_MS = 24 * 60 * MINUTE_MS;
/** A session open at least this much longer is handed out again rather than a new one made. */
const REUSE_MIN_MS = 10 * MINUTE_MS;
/** The customer is told to try again after this long when Stripe cannot be reached. */
const RETRY_AFTER_SECONDS = 30;

/** The events that say a session was paid; `completed` only with `payment_status: 'paid'`. */
const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
/** An unreadable event's log line names this many of its faults at most. */
const MAX_ISSUES_LOGGED = 10;

export interface PaymentsSettings {
  /** Undefined: card payments are not set up (no Stripe keys); the store takes bank transfers. */
  gateway: CardGateway | undefined;
  /** Lower case ISO 4217 (CURRENCY). */
  currency: string;
  /** PUBLIC_URL: where Stripe sends the customer back; unset: the origin they asked to pay at. */
  publicUrl: string | undefined;
  /** UNPAID_ORDER_TTL in milliseconds, 0 for never: a session never outlives its order. */
  unpaidOrderTtlMs: number;
  logger: Logger;
  /** The clock (milliseconds), for tests about expiry. */
  now?: () => number;
  /** Where a refund is recorded (features/audit), with who asked for it, once Stripe made it. */
  audit: AuditTrail;
}

/**
 * Card payments through Stripe Checkout (decision 048): the order exists first; Stripe's
 * signed events alone mark it paid, each processed once; a payment that finds its order no longer
 * payable is refunded, never applied.
 */
export function createPaymentsService(repo: PaymentsRepo, settings: PaymentsSettings) {
  const { gateway, currency, logger } = settings;
  const now = settings.now ?? Date.now;

  /** The order's page, where the customer comes back to from Stripe's. */
  function returnUrl(origin: string, orderId: string, outcome: 'returned' | 'left'): string {
    const url = new URL(`/dashboard/payment/${encodeURIComponent(orderId)}`, settings.publicUrl ?? origin);
    url.searchParams.set('card', outcome);
    return url.toString();
  }

  /** When the session must close: within Stripe's day, and never after the order expires. */
  function sessionExpiry(createdAt: Date): number | undefined {
    const latest = now() + SESSION_MAX_MS;
    const expiry =
      settings.unpaidOrderTtlMs > 0
        ? Math.min(latest, createdAt.getTime() + settings.unpaidOrderTtlMs)
        : latest;
    // A minute's margin for the call's own time: Stripe measures from when it receives it.
    return expiry - now() >= SESSION_MIN_MS + MINUTE_MS ? expiry : undefined;
  }

  /**
   * A paid session: applied to its unpaid order when the amount and currency are the order's,
   * kept for an admin's look when not, refunded when the order is no longer unpaid.
   */
  async function applyPayment(tx: PaymentsTransaction, session: NonNullable<VerifiedEvent['session']>) {
    const order = session.orderId ? await tx.lockOrder(session.orderId) : undefined;
    if (!order) {
      // Another program's session on the same Stripe account, or an order this store never had.
      logger.warn({ session: session.id }, 'a paid Stripe session names no order of this store');
      return;
    }
    const payment = {
      orderId: order.id,
      provider: PROVIDER,
      sessionId: session.id,
      paymentIntent: session.paymentIntent,
      amountMinor: session.amountTotal ?? 0,
      currency: session.currency ?? '',
    };
    if (order.status !== 'unpaid') {
      // Cancelled or expired meanwhile, or paid already (a second session): given back.
      const status = payment.paymentIntent ? 'refund-pending' : 'needs-review';
      const id = await tx.insertPayment({ ...payment, status, refundRequestedBy: SYSTEM });
      if (id && status === 'refund-pending') await tx.enqueueRefund(id);
      logger.warn(
        { order: order.id, status: order.status },
        'a card payment came for an order no longer unpaid',
      );
      return;
    }
    const exact =
      payment.currency === currency && payment.amountMinor === toMinorUnits(order.totalCents, currency);
    const id = await tx.insertPayment({ ...payment, status: exact ? 'paid' : 'needs-review' });
    if (!id) return; // This session was recorded by an earlier event.
    if (exact) await tx.markPaid(order.id);
    else logger.warn({ order: order.id }, 'a card payment differs from its order: left for an admin');
  }

  return {
    /**
     * A Checkout session for the caller's unpaid order: the page to send them to. `origin`: where
     * they asked from, which Stripe sends them back to unless PUBLIC_URL says otherwise (a
     * customer can only ever send themselves elsewhere).
     */
    async pay(customer: Caller, orderId: string, origin: string): Promise<CardCheckout> {
      if (!gateway) throw new Conflict(paymentMessages.notSetUp);
      const order = await repo.orderToPay(orderId);
      if (!order || order.email !== customer.email) throw new NotFound(apiMessages.orderNotFound);
      if (order.status !== 'unpaid') throw new Conflict(paymentMessages.notPayable);
      const items = sessionItems(order.lines, currency);
      const total = toMinorUnits(order.totalCents, currency);
      if (!items || total === undefined) throw new Conflict(paymentMessages.notExact(currency));
      // The lines add up to the order (the orders service writes both): a difference is our bug.
      if (itemsTotal(items) !== total) throw new Error(`The lines of order ${order.id} do not add up to it`);
      const expiresAt = sessionExpiry(order.createdAt);
      if (expiresAt === undefined) throw new Conflict(paymentMessages.tooCloseToExpiry);

      const reserved = await repo.reserveAttempt(
        order.id,
        new Date(expiresAt),
        new Date(now() + REUSE_MIN_MS),
      );
      if (reserved.kind === 'not-payable') throw new Conflict(paymentMessages.notPayable);
      if (reserved.kind === 'open') return { url: reserved.url };
      try {
        const session = await gateway.createSession({
          orderId: order.id,
          items,
          currency,
          customerEmail: order.email,
          expiresAt: Math.floor(expiresAt / 1000),
          successUrl: returnUrl(origin, order.id, 'returned'),
          cancelUrl: returnUrl(origin, order.id, 'left'),
          idempotencyKey: `order-${order.id}-attempt-${reserved.attempt}`,
        });
        await repo.saveSession(order.id, reserved.attempt, session);
        return { url: session.url };
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        logger.warn({ err: error, order: order.id }, 'Stripe did not make a Checkout session');
        throw new Unavailable(paymentMessages.providerUnavailable, RETRY_AFTER_SECONDS, { cause: error });
      }
    },

    /**
     * One of Stripe's events: its signature checked over the exact bytes first, then its body read
     * with Stripe's schema, then processed once by its id, in one transaction with everything it
     * implies.
     */
    async receive(rawBody: Buffer, signature: string): Promise<{ received: true; duplicate: boolean }> {
      if (!gateway) throw new Invalid(paymentMessages.webhookUnsigned);
      let read: ReadEvent;
      try {
        read = gateway.verify(rawBody, signature);
      } catch (error) {
        if (error instanceof BadSignature) throw new Invalid(paymentMessages.webhookUnsigned);
        if (error instanceof SignatureOutOfTime) throw new Invalid(paymentMessages.webhookOutOfTime);
        throw error;
      }
      if (read.kind === 'unreadable') {
        // Acknowledged (200), not refused: the body is signed, so Stripe sends these very bytes
        // again on every retry, and it retries any answer but a 2xx for days. No retry can read
        // it better; a person can, from this line and the event kept in Stripe's dashboard.
        logger.warn(
          { event: read.id, type: read.type, issues: read.issues.slice(0, MAX_ISSUES_LOGGED) },
          'a signed Stripe event cannot be read: acknowledged and ignored',
        );
        return { received: true, duplicate: false };
      }
      const { event } = read;
      const { session } = event;
      const orderId =
        session?.orderId && idSchema.safeParse(session.orderId).success ? session.orderId : undefined;
      const claimed = await repo.inTransaction(async (tx) => {
        if (!(await tx.claimEvent({ provider: PROVIDER, id: event.id, type: event.type, orderId })))
          return false;
        const paid =
          session &&
          PAID_EVENTS.has(event.type) &&
          (event.type !== 'checkout.session.completed' || session.paymentStatus === 'paid');
        if (paid) await applyPayment(tx, { ...session, orderId });
        // Expired and failed sessions, and every other event, are recorded and change nothing.
        return true;
      });
      return { received: true, duplicate: !claimed };
    },

    /**
     * An admin's answer to a payment to check (decision 057): given back in full through the
     * refund job, which names the admin in its own audit entry once Stripe made it. The order
     * keeps its status (the payment was never applied to it).
     */
    async refundToCheck(admin: Caller, orderId: string): Promise<OrderCardPayment> {
      const asked = await repo.refundToCheck(orderId, admin.email, (tx, { order, payments }) =>
        settings.audit.recordMany(
          tx,
          payments.map((payment) => ({
            actor: admin.email,
            action: 'payment.refund-asked' as const,
            target: { type: 'order' as const, id: order.id, label: formatOrderNumber(order.number) },
            before: { payment: 'needs-review' },
            after: {
              payment: 'refund-pending',
              amount: fromMinorUnits(payment.amountMinor, payment.currency),
              currency: payment.currency,
            },
          })),
        ),
      );
      if (asked.kind === 'no-order') throw new NotFound(apiMessages.orderNotFound);
      if (asked.kind === 'nothing-to-check') throw new Conflict(paymentMessages.nothingToCheck);
      if (asked.kind === 'no-payment-intent') throw new Conflict(paymentMessages.noPaymentIntent);
      const [first] = asked.payments;
      if (!first) throw new Error('A refund was asked for no payment');
      return {
        method: 'card',
        status: 'refund-pending',
        amount: fromMinorUnits(first.amountMinor, first.currency),
        currency: first.currency,
        refundedAt: null,
      };
    },

    /**
     * The refund job: gives the payment back through Stripe, under a key made of the payment, so
     * a retry (or a job run twice) never refunds twice. A failure is recorded for the admins and
     * thrown, so the job queue tries again.
     */
    async refund(paymentId: string, { lastAttempt = false }: { lastAttempt?: boolean } = {}): Promise<void> {
      const payment = await repo.findPayment(paymentId);
      if (!payment || (payment.status !== 'refund-pending' && payment.status !== 'refund-failed')) return;
      if (!payment.paymentIntent) {
        await repo.setRefundFailed(payment.id, 'the payment has no payment intent to refund');
        return;
      }
      try {
        if (!gateway) throw new GatewayError('card payments are no longer set up (no Stripe keys)');
        const refund = await gateway.refund(payment.paymentIntent, `refund-${payment.id}`);
        if (refund.status === 'failed' || refund.status === 'canceled')
          throw new GatewayError(`Stripe answered the refund with status ${refund.status}`);
        await repo.setRefunded(payment.id, refund.id, (tx, made) =>
          settings.audit.record(tx, {
            actor: made.refundRequestedBy ?? SYSTEM,
            action: 'payment.refund',
            target: { type: 'order', id: made.orderId, label: formatOrderNumber(made.orderNumber) },
            before: { payment: made.was },
            after: {
              payment: 'refunded',
              refundId: refund.id,
              amount: fromMinorUnits(made.amountMinor, made.currency),
              currency: made.currency,
            },
          }),
        );
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'unknown error';
        await repo.setRefundFailed(payment.id, reason);
        if (lastAttempt) {
          // The desk keeps showing it as failed; from here a person refunds it in Stripe.
          logger.error(
            { err: error, payment: payment.id },
            'a card refund failed for good: refund it in Stripe',
          );
        } else
          logger.warn({ err: error, payment: payment.id }, 'a card refund failed; the job queue retries it');
        throw error;
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
