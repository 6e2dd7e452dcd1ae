import { paymentMessages } from '@store/shared';
import type { RequestHandler } from 'express';
import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { PaymentsService } from './service.js';

/** Payments change no public table: no cached answer shows an order or its payment. */
export const paymentsHandlers = (
  service: PaymentsService,
  {
    writeLimits = [],
  }: {
    /** Per-account limits on starting card payments: each asks Stripe for a session. */
    writeLimits?: RequestHandler[];
  } = {},
) =>
  ({
    pay: {
      changes: [],
      limits: writeLimits,
      handle: ({ user, params, origin }) => service.pay(user, params.id, origin),
    },
    // Admins only (the route's access): a payment to check is given back (decision 057).
    refundToCheck: {
      changes: [],
      handle: ({ user, params }) => service.refundToCheck(user, params.id),
    },
    // Public, as Stripe calls it: the signature over the raw body is the only credential.
    webhook: {
      changes: [],
      invalidHeaders: paymentMessages.webhookUnsigned,
      handle: ({ rawBody, headers }) => service.receive(rawBody, headers['stripe-signature']),
    },
  }) satisfies FeatureHandlers<'payments'>;
