import {
  DEFAULT_MONEY_PATTERN,
  emailMessages,
  formatCents,
  formatOrderNumber,
  type MoneyPattern,
} from '@store/shared';
import { firstLineFields } from '../features/orders/dto.js';
import type { OrderEventRow, OrderLineRow, OrderRow } from '../features/orders/repo.js';
import { type RenderedEmail, renderEmail, type Seller } from './render.js';
import { type Canceller, durationInWords, type EmailKind, emailWording, type OrderFacts } from './wording.js';

export interface OrderEmail extends RenderedEmail {
  kind: EmailKind;
  /** One recipient per e-mail: each is sent, and remembered as sent, on its own. */
  to: string;
}

export interface OrderEmailSettings {
  /** Who hears of each new order (ORDER_NOTIFY_EMAILS). */
  notify: string[];
  seller: Seller;
  paymentInstructions: string;
  /** 0: unpaid orders never expire. */
  unpaidOrderTtlMs: number;
  /** How the store writes money (decision 056); the default's (£, en-GB) when not given. */
  money?: MoneyPattern | undefined;
}

const count = new Intl.NumberFormat('en-US');
/** As the store's locale writes a moment (LOCALE), in UTC: the e-mail says so. */
const when = (locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

function facts(order: OrderRow, lines: readonly OrderLineRow[], money: MoneyPattern): OrderFacts {
  const price = (cents: number) => formatCents(cents, money);
  const first = firstLineFields(lines);
  return {
    number: formatOrderNumber(order.number),
    customerName: order.userName,
    customerEmail: order.email,
    phone: order.phone,
    address: order.address,
    part: first.productName,
    quantity: count.format(first.productQuantity),
    net: price(order.totalCents - order.taxCents),
    tax: price(order.taxCents),
    taxRate: order.taxRateBasisPoints / 100,
    total: price(order.totalCents),
    // A multi-line order's lines may have different rates: the sum alone.
    discount: order.discountCents
      ? lines.length > 1
        ? `−${price(order.discountCents)}`
        : `${lines[0]?.discountPercent ?? 0}% (−${price(order.discountCents)})`
      : '',
    placedAt: `${when(money.locale).format(order.createdAt)} UTC`,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    poReference: order.poReference,
    sku: lines.length === 1 ? (lines[0]?.sku ?? null) : null,
    // A multi-line order lists each line; a one-line order keeps the part and quantity rows.
    lines:
      lines.length > 1
        ? lines.map((l) =>
            emailMessages.lineSummary(
              l.sku,
              l.productName,
              count.format(l.quantity),
              price(l.unitPriceCents),
              price(l.totalCents),
            ),
          )
        : [],
  };
}

function canceller(event: OrderEventRow, order: OrderRow): Canceller {
  if (event.by === 'system') return 'expiry';
  return event.by === order.email ? 'customer' : 'store';
}

/**
 * The e-mails one history entry calls for. `placement`: the entry is the order's first (an
 * `unpaid` entry is otherwise an admin undoing a payment, which e-mails no one).
 */
export function orderEmails(
  { event, order, lines }: { event: OrderEventRow; order: OrderRow; lines: readonly OrderLineRow[] },
  placement: boolean,
  settings: OrderEmailSettings,
): OrderEmail[] {
  const o = facts(order, lines, settings.money ?? DEFAULT_MONEY_PATTERN);
  const toCustomer = (kind: EmailKind, content: Parameters<typeof renderEmail>[0]): OrderEmail => ({
    kind,
    to: order.email,
    ...renderEmail(content, settings.seller),
  });
  switch (event.status) {
    case 'unpaid': {
      if (!placement) return [];
      const placed = emailWording.placed(o, {
        paymentInstructions: settings.paymentInstructions,
        expiresAfter: settings.unpaidOrderTtlMs > 0 ? durationInWords(settings.unpaidOrderTtlMs) : null,
      });
      const newOrder = renderEmail(emailWording['new-order'](o), settings.seller);
      return [
        toCustomer('placed', placed),
        ...settings.notify.map((to): OrderEmail => ({ kind: 'new-order', to, ...newOrder })),
      ];
    }
    case 'paid':
      return [toCustomer('paid', emailWording.paid(o))];
    case 'shipped':
      return [toCustomer('shipped', emailWording.shipped(o))];
    case 'cancelled':
      return [toCustomer('cancelled', emailWording.cancelled(o, canceller(event, order)))];
  }
}
