import { apiMessages } from '../messages/index.js';
import {
  cardCheckoutSchema,
  orderCardPaymentSchema,
  stripeEventSchema,
  stripeWebhookHeadersSchema,
  webhookReceivedSchema,
} from '../schemas/payment.js';
import { error, type FeatureContract, idParams, notFound, route } from './define.js';
import { routeTable } from './route-table.js';

export const payments = {
  pay: route(routeTable.payments.pay, {
    summary: 'Pay an order by card: a Stripe Checkout session (owner)',
    description:
      'Creates a Checkout session for the unpaid order: a line item per order line priced by the server (a line whose discounted total does not divide by its quantity goes as one item at its total), adding up to the order’s total in the currency’s minor units; it expires no later than the order does. A session of the order still open for at least 10 minutes is answered again rather than a new one made. The web app sends the customer to `url`; Stripe sends them back to the order’s Payment page. The order is marked paid only by Stripe’s signed event (`/api/payments/stripe/webhook`).',
    params: idParams,
    notFound: apiMessages.orderNotFound,
    responses: {
      200: { description: 'The session’s page, where the customer pays.', schema: cardCheckoutSchema },
      404: notFound,
      409: error(
        'Card payments are not set up (no Stripe keys), the order is not unpaid, it expires too soon, or its total cannot be charged exactly in the currency.',
      ),
      503: error('Stripe cannot be reached, or refused to make the session; retry after `Retry-After`.'),
    },
  }),
  refundToCheck: route(routeTable.payments.refundToCheck, {
    summary: 'Refund the order’s card payment to check (admin)',
    description:
      'A card payment whose amount or currency differed from the order’s (`needs-review`, decision 048) was never applied; this gives it back in full through the refund job (retried until Stripe makes it), and records who asked in the audit trail (decision 057). The order keeps its status: an unpaid order can still be paid, by card or by transfer. Answers the payment as the order now shows it (`refund-pending`).',
    params: idParams,
    notFound: apiMessages.orderNotFound,
    responses: {
      200: { description: 'The refund is queued.', schema: orderCardPaymentSchema },
      404: notFound,
      409: error(
        'The order has no card payment to check (none, or it was dealt with already), or the payment has no payment intent the store can refund (refund it in Stripe’s dashboard).',
      ),
    },
  }),
  webhook: route(routeTable.payments.webhook, {
    summary: 'Stripe’s events, signed with the webhook secret',
    description:
      'The signature (`Stripe-Signature`) is checked over the body’s exact bytes before anything is read, and refused when it is dated more than 5 minutes before or after now. The body is then read with Stripe’s event schema: a signed body that does not fit it (no session object, an amount that is not a whole number of minor units, and the like) is logged, changes nothing and is answered 200, since Stripe would only send the same bytes again. Each event id is processed once: a repeat answers 200 with `duplicate: true` and does nothing. `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` mark the order paid, with its history entry (by `stripe`), e-mail and payment row, when the amount and currency equal the order’s; otherwise the payment is kept for an admin to look at. A payment for an order no longer unpaid is refunded. `checkout.session.expired` and `checkout.session.async_payment_failed` are recorded and change no order. Other events are recorded and ignored.',
    headers: stripeWebhookHeadersSchema,
    body: stripeEventSchema,
    responses: {
      200: {
        description: 'Received: processed, seen before, or signed but unreadable (and ignored).',
        schema: webhookReceivedSchema,
      },
      400: error(
        'No signature, a wrong one, or one dated more than 5 minutes before or after now: nothing is read or changed.',
      ),
    },
  }),
} satisfies FeatureContract<'payments'>;
