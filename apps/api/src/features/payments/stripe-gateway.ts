import Stripe from 'stripe';

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

/** What the store reads of a verified event: the Checkout session it is about, if any. */
export interface VerifiedEvent {
  id: string;
  type: string;
  session?: {
    id: string;
    orderId: string | undefined;
    paymentStatus: string;
    amountTotal: number | null;
    currency: string | null;
    paymentIntent: string | null;
  };
}

/** The provider could not be reached, or refused the call: the caller says so or retries. */
export class GatewayError extends Error {}

/** The signature did not check out: the body is not read. */
export class BadSignature extends Error {}

/** What the payments service needs of a card provider: the port the tests' stand-in answers. */
export interface CardGateway {
  createSession(session: NewSession): Promise<{ id: string; url: string }>;
  refund(paymentIntent: string, idempotencyKey: string): Promise<{ id: string; status: string }>;
  verify(rawBody: Buffer, signature: string): VerifiedEvent;
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
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new BadSignature('the Stripe signature did not check out', { cause: error });
      }
      return { id: event.id, type: event.type, ...sessionOf(event) };
    },
  };
}

/** The Checkout session a checkout.session.* event carries. */
function sessionOf(event: Stripe.Event): Pick<VerifiedEvent, 'session'> {
  if (
    event.type !== 'checkout.session.completed' &&
    event.type !== 'checkout.session.async_payment_succeeded' &&
    event.type !== 'checkout.session.async_payment_failed' &&
    event.type !== 'checkout.session.expired'
  )
    return {};
  const session = event.data.object;
  const intent = session.payment_intent;
  return {
    session: {
      id: session.id,
      orderId: session.metadata?.orderId ?? session.client_reference_id ?? undefined,
      paymentStatus: session.payment_status,
      amountTotal: session.amount_total,
      currency: session.currency,
      paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? null),
    },
  };
}
