import Stripe from 'stripe';
import { type ReadEvent, readStripeEvent } from './stripe-event.js';

export type { ReadEvent, VerifiedEvent } from './stripe-event.js';

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL and the origin customers return to. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server (tests); unset: api.stripe.com. */
  apiUrl?: string | undefined;
  /** PUBLIC_URL: Stripe sends the customer back to the order's page here; unset: the origin they paid from. */
  publicUrl?: string | undefined;
}

/** One item of a Checkout session, priced in the currency's minor units. */
export interface SessionItem {
  name: string;
  unitAmount: number;
  quantity: number;
}

export interface NewSession {
  orderId: string;
  items: SessionItem[];
  currency: string;
  customerEmail: string;
  /** Unix seconds. */
  expiresAt: number;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** The provider could not be reached, or refused the call: the caller says so or retries. */
export class GatewayError extends Error {}

/** The signature did not check out: the body is not read. */
export class BadSignature extends Error {}

/** The signature checked out, but was made too long before or after now: the body is not read. */
export class SignatureOutOfTime extends Error {}

/** What the payments service needs of a card provider: the port the tests' stand-in answers. */
export interface CardGateway {
  createSession(session: NewSession): Promise<{ id: string; url: string }>;
  refund(paymentIntent: string, idempotencyKey: string): Promise<{ id: string; status: string }>;
  /** The signed body read as an event, or why it cannot be; throws when it is not to be read. */
  verify(rawBody: Buffer, signature: string): ReadEvent;
}

/** How long one call to Stripe may take before the customer is told to try again. */
const TIMEOUT_MS = 15_000;

/**
 * The official SDK, pointed at STRIPE_API_URL when given (its host, port and protocol). The SDK
 * retries a lost call itself, under the same idempotency key, so it is never made twice.
 */
export function createStripeGateway(settings: StripeSettings): CardGateway {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: TIMEOUT_MS,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new GatewayError(error instanceof Error ? error.message : 'Stripe call failed', { cause: error });
    }
  }

  return {
    async createSession(s) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: s.items.map((item) => ({
              quantity: item.quantity,
              price_data: {
                currency: s.currency,
                unit_amount: item.unitAmount,
                product_data: { name: item.name },
              },
            })),
            client_reference_id: s.orderId,
            metadata: { orderId: s.orderId },
            // The order id travels on the payment too: it shows in Stripe's dashboard beside it.
            payment_intent_data: { metadata: { orderId: s.orderId } },
            customer_email: s.customerEmail,
            expires_at: s.expiresAt,
            success_url: s.successUrl,
            cancel_url: s.cancelUrl,
          },
          { idempotencyKey: s.idempotencyKey },
        ),
      );
      if (!session.url) throw new GatewayError('Stripe made a session without a page to pay on');
      return { id: session.id, url: session.url };
    },

    async refund(paymentIntent, idempotencyKey) {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey }),
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    },

    verify(rawBody, signature) {
      const check = stripe.webhooks.signature;
      if (!check) throw new Error('The Stripe SDK has no signature check');
      const signedAt = timestampOf(signature);
      if (signedAt === undefined) throw new BadSignature('the Stripe signature has no single timestamp');
      try {
        // Tolerance 0: the SDK's own check refuses only the old, so the window is checked below.
        check.verifyHeader(rawBody, signature, settings.webhookSecret, 0);
      } catch (error) {
        throw new BadSignature('the Stripe signature did not check out', { cause: error });
      }
      // The SDK's tolerance (5 minutes), its age in whole seconds, both ways: a signature dated
      // ahead would otherwise stay good to replay for longer than one made now.
      const age = Math.floor(Date.now() / 1000) - signedAt;
      if (Math.abs(age) > stripe.webhooks.DEFAULT_TOLERANCE)
        throw new SignatureOutOfTime('the Stripe signature is dated outside the tolerance');
      return readStripeEvent(rawBody.toString('utf8'));
    },
  };
}

/**
 * The header's timestamp (`t=…`, Unix seconds), the one the signature is made over: exactly one,
 * all digits, so that it is the very number the SDK reads (it takes the last, with parseInt).
 */
function timestampOf(header: string): number | undefined {
  const stamps = header.split(',').filter((item) => item.split('=')[0] === 't');
  const [stamp] = stamps;
  if (stamps.length !== 1 || !stamp || !/^t=\d{1,12}$/.test(stamp)) return undefined;
  return Number(stamp.slice(2));
}
