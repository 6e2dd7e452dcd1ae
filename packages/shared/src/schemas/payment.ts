import { z } from 'zod';
import { plainText } from './common.js';

/**
 * A card payment's state (decision 048). `paid`: applied to its order. `needs-review`: its amount
 * or currency differs from the order's, so the order was left unpaid for an admin to look at.
 * `refund-pending`: to be refunded (it arrived for an order no longer payable, or its order was
 * cancelled), the job queue at it. `refund-failed`: the last try failed; the queue tries again.
 * `refunded`: the provider confirmed the refund.
 */
export const paymentStatusSchema = z.enum([
  'paid',
  'needs-review',
  'refund-pending',
  'refund-failed',
  'refunded',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** How an order was paid by card, when it was: on the order, for the desk and the order pages. */
export const orderCardPaymentSchema = z.object({
  method: z.literal('card'),
  status: paymentStatusSchema,
  /** In the currency's units (decimal), as the provider charged it. */
  amount: z.number(),
  /** ISO 4217, lower case, as the provider writes it (`gbp`). */
  currency: z.string(),
  /** When the refund was confirmed. */
  refundedAt: z.string().nullable(),
});
export type OrderCardPayment = z.infer<typeof orderCardPaymentSchema>;

/** `POST /api/order/:id/pay`: where to send the customer to pay (the provider's page). */
export const cardCheckoutSchema = z
  .object({ url: z.url({ protocol: /^https?$/ }) })
  .meta({ id: 'CardCheckout' });
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;

/** The signature Stripe sends with each event, over the exact bytes of its body. */
export const stripeWebhookHeadersSchema = z.object({
  'stripe-signature': z.string().min(1).max(4000).refine(plainText()),
});

/** For the reference only: the store reads the event only once its signature checked out. */
export const stripeEventSchema = z
  .object({ id: z.string(), type: z.string(), data: z.object({ object: z.object({}).loose() }) })
  .loose()
  .meta({ id: 'StripeEvent' });

/** `duplicate`: the event id was seen before; nothing was done this time. */
export const webhookReceivedSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'WebhookReceived' });
