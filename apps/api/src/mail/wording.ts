import { emailMessages as w } from '@store/shared';

/**
 * Each e-mail put together: a subject, a greeting, paragraphs and a table of the order's
 * details, in the catalogue's sentences (packages/shared/src/messages/emails.ts); render.ts makes
 * the plain-text and HTML parts of it (escaping every value), so the wording never deals with markup.
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
  /** Before tax, and the tax with its rate, as the order stored them (decision 053). */
  net: string;
  tax: string;
  taxRate: number;
  total: string;
  /** Empty when the order had no bulk discount. */
  discount: string;
  placedAt: string;
  carrier: string | null;
  trackingNumber: string | null;
  /** The buyer's own purchase-order number, if they gave one. */
  poReference: string | null;
  /** A one-line order's SKU. */
  sku: string | null;
  /** A multi-line order's lines, each in words; empty for a one-line order. */
  lines: string[];
}

export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  details: [label: string, value: string][];
}

/** Who cancelled: the customer, the store (an admin), or the expiry sweep. */
export type Canceller = 'customer' | 'store' | 'expiry';

/** One labelled line; a list of them may leave some out. */
const line = (label: string, value: string): [string, string] => [label, value];

const orderLines = (o: OrderFacts): [string, string][] => [
  [w.details.order, o.number],
  ...(o.poReference ? [line(w.details.poReference, o.poReference)] : []),
  [w.details.placed, o.placedAt],
  ...(o.sku ? [line(w.details.sku, o.sku)] : []),
  [w.details.part, o.part],
  ...o.lines.map((text, i) => line(w.details.line(i + 1), text)),
  [w.details.quantity, o.quantity],
  ...(o.discount ? [line(w.details.bulkDiscount, o.discount)] : []),
  [w.details.net, o.net],
  [w.details.tax(o.taxRate), o.tax],
  [w.details.total, o.total],
];

const shipTo = (o: OrderFacts): [string, string][] => [
  [w.details.shipTo, o.address],
  [w.details.phone, o.phone],
];

/** Each e-mail assembled from the catalogue's sentences (emailMessages in @store/shared). */
export const emailWording = {
  placed: (
    o: OrderFacts,
    how: { paymentInstructions: string; expiresAfter: string | null },
  ): EmailContent => ({
    subject: w.placedSubject(o.number),
    greeting: w.greeting(o.customerName),
    paragraphs: [
      w.placedThanks(o.number),
      w.howToPay(how.paymentInstructions),
      ...(how.expiresAfter ? [w.expiresAfter(how.expiresAfter)] : []),
    ],
    details: [...orderLines(o), ...shipTo(o)],
  }),

  'new-order': (o: OrderFacts): EmailContent => ({
    subject: w.newOrderSubject(o.number, o.quantity, o.part),
    greeting: w.greetingNoName,
    paragraphs: [w.newOrderPlaced(o.customerName, o.number)],
    details: [
      ...orderLines(o),
      [w.details.customer, o.customerName],
      [w.details.email, o.customerEmail],
      ...shipTo(o),
    ],
  }),

  paid: (o: OrderFacts): EmailContent => ({
    subject: w.paidSubject(o.number),
    greeting: w.greeting(o.customerName),
    paragraphs: [w.paidReceived(o.number)],
    details: [...orderLines(o), ...shipTo(o)],
  }),

  shipped: (o: OrderFacts): EmailContent => ({
    subject: w.shippedSubject(o.number),
    greeting: w.greeting(o.customerName),
    paragraphs: [
      o.carrier && o.trackingNumber
        ? w.shippedWithCarrierAndTracking(o.number, o.carrier, o.trackingNumber)
        : o.carrier
          ? w.shippedWithCarrier(o.number, o.carrier)
          : o.trackingNumber
            ? w.shippedWithTracking(o.number, o.trackingNumber)
            : w.shippedPlain(o.number),
    ],
    details: [
      ...orderLines(o),
      ...(o.carrier ? [line(w.details.carrier, o.carrier)] : []),
      ...(o.trackingNumber ? [line(w.details.trackingNumber, o.trackingNumber)] : []),
      ...shipTo(o),
    ],
  }),

  cancelled: (o: OrderFacts, by: Canceller): EmailContent => ({
    subject: by === 'expiry' ? w.expiredSubject(o.number) : w.cancelledSubject(o.number),
    greeting: w.greeting(o.customerName),
    paragraphs: [
      by === 'expiry'
        ? w.expired(o.number)
        : by === 'customer'
          ? w.cancelledByCustomer(o.number)
          : w.cancelledByStore(o.number),
      w.nothingDue,
    ],
    details: orderLines(o),
  }),
};

/** A lifetime in words, in the largest unit that divides it: `72 hours`, `30 minutes`, `5 seconds`. */
export function durationInWords(ms: number): string {
  const units: ['hour' | 'minute', number][] = [
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  const [unit, size] = units.find(([, size]) => ms % size === 0) ?? ['second', 1_000];
  return w.duration(Math.round(ms / size), unit);
}
