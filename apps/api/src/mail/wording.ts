/**
 * Every word of the store's e-mails, in one place. Each e-mail is a subject, a greeting,
 * paragraphs and a table of the order's details; render.ts makes the plain-text and HTML parts
 * of it (escaping every value), so the wording never deals with markup.
 */
export type EmailKind = 'placed' | 'new-order' | 'paid' | 'shipped' | 'cancelled';

/** What the e-mails say of an order, already formatted for people. */
export interface OrderFacts {
  number: string;
  customerName: string;
  customerEmail: string;
  phone: string;
  address: string;
  part: string;
  quantity: string;
  total: string;
  /** Empty when the order had no bulk discount. */
  discount: string;
  placedAt: string;
  carrier: string | null;
  trackingNumber: string | null;
}

export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  details: [label: string, value: string][];
}

/** Who cancelled: the customer, the store (an admin), or the expiry sweep. */
export type Canceller = 'customer' | 'store' | 'expiry';

const greet = (name: string) => `Hello ${name},`;

/** One labelled line; a list of them may leave some out. */
const line = (label: string, value: string): [string, string] => [label, value];

const orderLines = (o: OrderFacts): [string, string][] => [
  ['Order', o.number],
  ['Placed', o.placedAt],
  ['Part', o.part],
  ['Quantity', o.quantity],
  ...(o.discount ? [line('Bulk discount', o.discount)] : []),
  ['Total', o.total],
];

const shipTo = (o: OrderFacts): [string, string][] => [
  ['Ship to', o.address],
  ['Phone', o.phone],
];

export const emailWording = {
  placed: (
    o: OrderFacts,
    how: { paymentInstructions: string; expiresAfter: string | null },
  ): EmailContent => ({
    subject: `Your order ${o.number} is confirmed`,
    greeting: greet(o.customerName),
    paragraphs: [
      `Thank you for your order ${o.number}. The parts are reserved for you and ship once your payment arrives.`,
      `How to pay: ${how.paymentInstructions}`,
      ...(how.expiresAfter
        ? [
            `If your payment has not arrived within ${how.expiresAfter}, the order is cancelled and the parts are released.`,
          ]
        : []),
    ],
    details: [...orderLines(o), ...shipTo(o)],
  }),

  'new-order': (o: OrderFacts): EmailContent => ({
    subject: `New order ${o.number}: ${o.quantity} × ${o.part}`,
    greeting: 'Hello,',
    paragraphs: [`${o.customerName} placed order ${o.number}. It waits for payment.`],
    details: [...orderLines(o), ['Customer', o.customerName], ['E-mail', o.customerEmail], ...shipTo(o)],
  }),

  paid: (o: OrderFacts): EmailContent => ({
    subject: `Payment received for your order ${o.number}`,
    greeting: greet(o.customerName),
    paragraphs: [`We have received your payment for order ${o.number}. We are getting it ready to ship.`],
    details: [...orderLines(o), ...shipTo(o)],
  }),

  shipped: (o: OrderFacts): EmailContent => ({
    subject: `Your order ${o.number} has shipped`,
    greeting: greet(o.customerName),
    paragraphs: [
      o.carrier && o.trackingNumber
        ? `Your order ${o.number} is on its way with ${o.carrier}, tracking number ${o.trackingNumber}.`
        : o.carrier
          ? `Your order ${o.number} is on its way with ${o.carrier}.`
          : o.trackingNumber
            ? `Your order ${o.number} is on its way, tracking number ${o.trackingNumber}.`
            : `Your order ${o.number} is on its way.`,
    ],
    details: [
      ...orderLines(o),
      ...(o.carrier ? [line('Carrier', o.carrier)] : []),
      ...(o.trackingNumber ? [line('Tracking number', o.trackingNumber)] : []),
      ...shipTo(o),
    ],
  }),

  cancelled: (o: OrderFacts, by: Canceller): EmailContent => ({
    subject:
      by === 'expiry'
        ? `Your order ${o.number} expired unpaid and was cancelled`
        : `Your order ${o.number} is cancelled`,
    greeting: greet(o.customerName),
    paragraphs: [
      by === 'expiry'
        ? `Your order ${o.number} expired unpaid: we did not receive your payment in time, so the order is cancelled and the reserved parts are released.`
        : by === 'customer'
          ? `As you asked, your order ${o.number} is cancelled.`
          : `We have cancelled your order ${o.number}.`,
      'Nothing more is due for it. If you have paid, or this is a surprise, please reply to this e-mail.',
    ],
    details: orderLines(o),
  }),
};

/** A lifetime in words, in the largest unit that divides it: `72 hours`, `30 minutes`, `5 seconds`. */
export function durationInWords(ms: number): string {
  const units: [string, number][] = [
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  const [unit, size] = units.find(([, size]) => ms % size === 0) ?? ['second', 1_000];
  const n = Math.round(ms / size);
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
