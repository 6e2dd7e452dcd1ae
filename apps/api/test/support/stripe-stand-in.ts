import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small Stripe-compatible HTTP server for the tests: it answers the two calls the
 * store makes, `POST /v1/checkout/sessions` and `POST /v1/refunds`, as Stripe does (form-encoded
 * bodies, `Idempotency-Key` honoured: the same key answers the first answer again), records every
 * request, and plays the customer's side: a session is paid (`pay`), and its event is made and
 * signed with the official SDK's `webhooks.generateTestHeaderString`, as Stripe signs it.
 *
 * Also run as a process for the browser tests (stripe-stand-in-main.ts), where `POST
 * /_stand-in/sessions/:id/deliver` pays a session (at `amountTotal` when given) and delivers its
 * signed event to the store.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  livemode: false;
}

export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: StandInSession };
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `a[b][0][c]=1` → `{ a: { b: [{ c: '1' }] } }`: how stripe-node encodes a request's body. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    const last = path.pop() ?? key;
    let node = root;
    for (const segment of path) {
      const next = node[segment];
      if (typeof next !== 'object' || next === null) node[segment] = {};
      node = node[segment] as Record<string, unknown>;
    }
    node[last] = value;
  }
  return arrays(root) as Record<string, unknown>;
}

/** Objects whose keys are 0, 1, 2… become arrays. */
function arrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The card numbers the stand-in's checkout page takes, as in Stripe's test mode: Stripe's own
 * test cards, so the same numbers work against a real Stripe account in test mode.
 */
export const STAND_IN_CARDS = {
  /** Paid: the session completes and its signed event is delivered to the store. */
  paid: '4242424242424242',
  /** Declined ('generic_decline'): nothing is paid, the page says so and the session stays open. */
  declined: '4000000000000002',
} as const;

/** The store's webhook, beside the page Stripe sends the customer back to (the same origin). */
const WEBHOOK_PATH = '/api/payments/stripe/webhook';

/** The checkout page: the amount, a card form while the session is open, and the way back. */
function checkoutPage(session: StandInSession | undefined, note = ''): string {
  const amount = session ? `${session.amount_total} ${session.currency}` : 'no such session';
  const form =
    session?.status === 'open'
      ? `<form method="post" action="/c/pay/${escapeHtml(session.id)}"><p><label for="card">Card number</label> <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required></p><p>Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p><button type="submit">Pay</button></form>`
      : session?.payment_status === 'paid'
        ? '<p>Paid.</p>'
        : '';
  const said = note ? `<p role="alert">${escapeHtml(note)}</p>` : '';
  const back = session ? `<p><a href="${escapeHtml(session.success_url)}">Back to the store</a></p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in checkout</title></head><body><main><h1>Stand-in checkout</h1><p data-testid="stand-in-amount">${amount}</p>${said}${form}${back}</main></body></html>`;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export async function startStripeStandIn(options: {
  webhookSecret: string;
  port?: number;
  /** Where the checkout page delivers a paid session's event; by default the store's webhook at the session's success_url's origin. */
  webhookUrl?: string;
}) {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds: { id: string; payment_intent: string; idempotencyKey: string | undefined }[] = [];
  /** Answers already given, by idempotency key: a repeat gets the same one. */
  const answered = new Map<string, { status: number; body: unknown }>();
  const control = {
    /** The next this-many refunds fail (as Stripe refusing them): the store must retry. */
    failRefunds: 0,
  };
  const signer = new Stripe('sk_test_stand_in_signer');
  let base = '';

  function createSession(body: Record<string, unknown>): { status: number; body: unknown } {
    const items = Array.isArray(body.line_items) ? body.line_items : [];
    const lineItems = items.map((item: Record<string, Record<string, unknown>>) => ({
      name: text((item.price_data?.product_data as Record<string, unknown> | undefined)?.name),
      unit_amount: Number(item.price_data?.unit_amount),
      quantity: Number(item.quantity),
    }));
    const currencies = new Set(
      items.map((item: Record<string, Record<string, unknown>>) => item.price_data?.currency),
    );
    const expiresAt = Number(body.expires_at);
    const now = Math.floor(Date.now() / 1000);
    // Stripe's own rules: whole minor units, one currency, a session open 30 minutes to 24 hours.
    const problem =
      lineItems.length === 0
        ? 'line_items is required'
        : lineItems.some((l) => !Number.isInteger(l.unit_amount) || l.unit_amount < 0 || !(l.quantity >= 1))
          ? 'unit_amount must be a non-negative integer and quantity at least 1'
          : currencies.size !== 1
            ? 'all line items must have the same currency'
            : !(expiresAt >= now + 30 * 60 - 5 && expiresAt <= now + 24 * 3600)
              ? 'expires_at must be between 30 minutes and 24 hours from now'
              : undefined;
    if (problem) return { status: 400, body: { error: { type: 'invalid_request_error', message: problem } } };
    const sessionId = id('cs');
    const metadata = (body.metadata ?? {}) as Record<string, string>;
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      url: `${base}/c/pay/${sessionId}`,
      mode: text(body.mode),
      status: 'open',
      payment_status: 'unpaid',
      amount_total: lineItems.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
      currency: text([...currencies][0]),
      client_reference_id: text(body.client_reference_id) || null,
      customer_email: text(body.customer_email) || null,
      metadata,
      expires_at: expiresAt,
      success_url: text(body.success_url),
      cancel_url: text(body.cancel_url),
      payment_intent: null,
      line_items: lineItems,
      livemode: false,
    };
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  }

  function createRefund(body: Record<string, unknown>, key: string | undefined) {
    const paymentIntent = text(body.payment_intent);
    if (!paymentIntent)
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', message: 'payment_intent is required' } },
      };
    if (control.failRefunds > 0) {
      control.failRefunds -= 1;
      return {
        status: 402,
        body: {
          error: { type: 'invalid_request_error', message: 'The refund could not be made (stand-in).' },
        },
      };
    }
    const refund = { id: id('re'), object: 'refund', payment_intent: paymentIntent, status: 'succeeded' };
    refunds.push({ id: refund.id, payment_intent: paymentIntent, idempotencyKey: key });
    return { status: 200, body: refund };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', base);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/health') return send(200, { ok: true });
    if (url.pathname.startsWith('/c/pay/') && (req.method === 'GET' || req.method === 'POST')) {
      const session = sessions.get(url.pathname.slice('/c/pay/'.length));
      const page = (status: number, note?: string) => {
        res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(checkoutPage(session, note));
      };
      if (!session) return page(404);
      // The 'Back to the store' link returns before the event (the browser tests deliver it).
      if (req.method === 'GET') return page(200);
      const paid = await payByCard(session, new URLSearchParams(raw).get('card') ?? '');
      if ('note' in paid) return page(paid.status, paid.note);
      res.writeHead(303, { Location: paid.redirect });
      res.end();
      return;
    }
    const deliver = /^\/_stand-in\/sessions\/([\w]+)\/deliver$/.exec(url.pathname);
    if (req.method === 'POST' && deliver?.[1]) {
      // The browser tests' hook: pay the session and deliver its signed event to the store;
      // `amountTotal` pays another amount than the session's (a payment for an admin to check).
      const { webhookUrl, amountTotal } = JSON.parse(raw || '{}') as {
        webhookUrl?: string;
        amountTotal?: number;
      };
      const session = sessions.get(deliver[1]);
      if (!session || !webhookUrl) return send(404, { error: 'no such session, or no webhookUrl' });
      const paid = standIn.pay(session.id, amountTotal === undefined ? {} : { amount_total: amountTotal });
      const answer = await standIn.deliver(webhookUrl, standIn.event(paid));
      return send(200, { status: answer.status, session: session.id });
    }
    if (req.method !== 'POST' || !url.pathname.startsWith('/v1/'))
      return send(404, { error: { message: 'unknown route' } });
    const body = parseForm(raw);
    const key =
      typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    requests.push({
      method: req.method,
      path: url.pathname,
      idempotencyKey: key,
      authorization: req.headers.authorization,
      body,
    });
    const earlier = key && answered.get(`${url.pathname} ${key}`);
    if (earlier) return send(earlier.status, earlier.body, { 'Idempotent-Replayed': 'true' });
    const answer =
      url.pathname === '/v1/checkout/sessions'
        ? createSession(body)
        : url.pathname === '/v1/refunds'
          ? createRefund(body, key)
          : { status: 404, body: { error: { type: 'invalid_request_error', message: 'unknown route' } } };
    // Stripe keeps the result of a request that ran (not one refused before it ran).
    if (key && answer.status === 200) answered.set(`${url.pathname} ${key}`, answer);
    send(answer.status, answer.body);
  }

  /**
   * The page's form: a test card pays the session and delivers its signed event to the store,
   * then sends the customer back as Stripe does; the declined card and any other number do not.
   */
  async function payByCard(
    session: StandInSession,
    card: string,
  ): Promise<{ redirect: string } | { status: number; note: string }> {
    if (session.status !== 'open') return { status: 409, note: 'This checkout session is not open.' };
    const digits = card.replace(/[\s-]/g, '');
    if (digits === STAND_IN_CARDS.declined) return { status: 402, note: 'Your card was declined.' };
    if (digits !== STAND_IN_CARDS.paid) {
      return {
        status: 400,
        note: 'Use a test card: 4242 4242 4242 4242 (paid) or 4000 0000 0000 0002 (declined).',
      };
    }
    const webhookUrl = options.webhookUrl ?? new URL(WEBHOOK_PATH, session.success_url).href;
    const answer = await standIn
      .deliver(webhookUrl, standIn.event(standIn.pay(session.id)))
      .catch(() => ({ status: 'unreachable' }));
    if (answer.status !== 200) {
      return {
        status: 502,
        note: `Paid, but the store's webhook at ${webhookUrl} did not take the event (${answer.status}).`,
      };
    }
    return { redirect: session.success_url };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn = {
    url: base,
    requests,
    sessions,
    refunds,
    control,
    /** Requests to one path (`/v1/refunds`). */
    requestsTo: (path: string) => requests.filter((r) => r.path === path),

    /** The customer pays the session: it is complete, with a payment intent. */
    pay(sessionId: string, overrides: Partial<Pick<StandInSession, 'amount_total' | 'currency'>> = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(
        session,
        { status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent ?? id('pi') },
        overrides,
      );
      return session;
    },

    /** An event about the session, as Stripe sends it (a fresh id each time). */
    event(session: StandInSession, type = 'checkout.session.completed'): StandInEvent {
      return {
        id: id('evt'),
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        api_version: Stripe.API_VERSION,
        data: { object: { ...session } },
      };
    },

    /**
     * The event's body and the Stripe-Signature header that signs it, with `secret`, dated
     * `timestamp` (Unix seconds; now when not given). A string is signed as it is, any other
     * value as its JSON.
     */
    sign(event: unknown, secret = options.webhookSecret, timestamp?: number) {
      const payload = typeof event === 'string' ? event : JSON.stringify(event);
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret,
        ...(timestamp !== undefined && { timestamp }),
      });
      return { payload, header };
    },

    /** Posts the signed event to the store's webhook, as Stripe does. */
    async deliver(webhookUrl: string, event: object) {
      const { payload, header } = standIn.sign(event);
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header },
        body: payload,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return standIn;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
