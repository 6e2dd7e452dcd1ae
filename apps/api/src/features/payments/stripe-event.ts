import { z } from 'zod';

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

/** The events about a Checkout session: the only ones whose object the store reads. */
const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
]);

/*
 * Stripe's own shapes, as its API reference gives them, held to what the database can store: a
 * string the store keeps (ids, the type, the currency) is made of the characters Stripe uses, so
 * no NUL or broken UTF-8 reaches PostgreSQL, and an amount is a whole number of minor units, not
 * negative, that a JavaScript number holds exactly (`z.int()`: a safe integer).
 */
const stripeId = z.string().regex(/^\w{1,255}$/);
const eventType = z.string().regex(/^[a-z0-9_.]{1,200}$/);

const eventSchema = z.looseObject({
  id: stripeId,
  type: eventType,
  data: z.looseObject({ object: z.looseObject({}) }),
});

const sessionSchema = z.looseObject({
  id: stripeId,
  // Both are what the store sent when it made the session; anything else names no order of it.
  metadata: z.looseObject({ orderId: z.string().max(255).optional() }).nullish(),
  client_reference_id: z.string().max(255).nullish(),
  payment_status: z.string().max(100),
  amount_total: z.int().nonnegative().nullable(),
  currency: z
    .string()
    .regex(/^[a-z]{3}$/)
    .nullable(),
  // An id, or the payment intent itself when the event was expanded.
  payment_intent: z.union([stripeId, z.looseObject({ id: stripeId })]).nullable(),
});

/** Where a body departs from the schema: paths and codes only, never a value (it may be personal). */
export type EventIssue = { path: string; code: string };

/** The body as JSON, then as an event. */
export type ReadEvent =
  | { kind: 'event'; event: VerifiedEvent }
  | { kind: 'unreadable'; issues: EventIssue[]; id?: string; type?: string };

const issuesOf = (error: z.ZodError, prefix = ''): EventIssue[] =>
  error.issues.map((issue) => ({ path: prefix + issue.path.join('.'), code: issue.code }));

/** The event's id and type, each when it is one, to name an unreadable event by. */
function namesOf(json: unknown): { id?: string; type?: string } {
  const named = z.looseObject({
    id: stripeId.optional().catch(undefined),
    type: eventType.optional().catch(undefined),
  });
  const { id, type } = named.catch({}).parse(json);
  return { ...(id && { id }), ...(type && { type }) };
}

/** A signed body read with Stripe's schema: the event, or why it cannot be read. */
export function readStripeEvent(body: string): ReadEvent {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { kind: 'unreadable', issues: [{ path: '', code: 'invalid_json' }] };
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) return { kind: 'unreadable', issues: issuesOf(parsed.error), ...namesOf(json) };
  const { id, type } = parsed.data;
  if (!SESSION_EVENTS.has(type)) return { kind: 'event', event: { id, type } };
  const read = sessionSchema.safeParse(parsed.data.data.object);
  if (!read.success) return { kind: 'unreadable', issues: issuesOf(read.error, 'data.object.'), id, type };
  const session = read.data;
  const intent = session.payment_intent;
  return {
    kind: 'event',
    event: {
      id,
      type,
      session: {
        id: session.id,
        orderId: session.metadata?.orderId ?? session.client_reference_id ?? undefined,
        paymentStatus: session.payment_status,
        amountTotal: session.amount_total,
        currency: session.currency,
        paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? null),
      },
    },
  };
}
