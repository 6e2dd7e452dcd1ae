import {
  orderExportColumns as column,
  formatOrderNumber,
  fromCents,
  type Order,
  type OrderCardPayment,
  type OrderDetail,
  type OrderLine,
  type OrderStatus,
  orderMessages,
} from '@store/shared';
import type { CsvValue } from '../../lib/csv.js';
import { fromMinorUnits } from '../payments/index.js';
import type { OrderEventRow, OrderLineRow, OrderPaymentRow, OrderRow } from './repo.js';

export function toOrderLineDto(line: OrderLineRow): OrderLine {
  return {
    partId: line.partId,
    sku: line.sku,
    productName: line.productName,
    unitPrice: fromCents(line.unitPriceCents),
    productQuantity: line.quantity,
    discountPercent: line.discountPercent,
    discount: fromCents(line.discountCents),
    net: fromCents(line.totalCents - line.taxCents),
    tax: fromCents(line.taxCents),
    price: fromCents(line.totalCents),
  };
}

/**
 * The card payment an order shows (decision 048), of those it had (oldest first): the one that
 * still asks for something (a refund under way or failed, a payment to check), else the newest.
 */
export function toOrderCardPayment(payments: readonly OrderPaymentRow[]): OrderCardPayment | undefined {
  const open = payments.filter((p) => p.status !== 'paid' && p.status !== 'refunded');
  const shown = open.at(-1) ?? payments.at(-1);
  if (!shown) return undefined;
  return {
    method: 'card',
    status: shown.status,
    amount: fromMinorUnits(shown.amountMinor, shown.currency),
    currency: shown.currency,
    refundedAt: shown.refundedAt?.toISOString() ?? null,
  };
}

/**
 * What the spec's single-part fields say of an order of any number of lines: the first line's
 * part and unit price, a name that is the first line's ('Ryzen 7 and 2 more' for three lines),
 * and the units of all lines. The lines are the truth; these are computed from them.
 */
export function firstLineFields(lines: readonly OrderLineRow[]) {
  const [first] = lines;
  if (!first) throw new Error('An order without lines');
  return {
    partId: first.partId,
    productName:
      lines.length === 1
        ? first.productName
        : orderMessages.firstAndMore(first.productName, lines.length - 1),
    unitPriceCents: first.unitPriceCents,
    productQuantity: lines.reduce((units, line) => units + line.quantity, 0),
  };
}

/** The order with its lines (read with the order's page, `OrdersRepo.linesOf`) and its card payment. */
export function toOrderDto(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  payments: readonly OrderPaymentRow[] = [],
): Order {
  const payment = toOrderCardPayment(payments);
  const first = firstLineFields(lines);
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    partId: first.partId,
    productName: first.productName,
    userName: row.userName,
    email: row.email,
    unitPrice: fromCents(first.unitPriceCents),
    productQuantity: first.productQuantity,
    price: fromCents(row.totalCents),
    discount: fromCents(row.discountCents),
    net: fromCents(row.totalCents - row.taxCents),
    tax: fromCents(row.taxCents),
    taxRate: row.taxRateBasisPoints / 100,
    phone: row.phone,
    address: row.address,
    ...(row.companyName && { companyName: row.companyName }),
    ...(row.vatNumber && { vatNumber: row.vatNumber }),
    status: row.status,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lines: lines.map(toOrderLineDto),
    lineCount: row.lineCount,
    poReference: row.poReference,
    ...(payment && { payment }),
  };
}

export function toOrderDetailDto(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  events: OrderEventRow[],
  payments: readonly OrderPaymentRow[] = [],
): OrderDetail {
  return {
    ...toOrderDto(row, lines, payments),
    events: events.map((e) => ({ status: e.status, at: e.at.toISOString(), by: e.by })),
  };
}

/** What an invoice shows of an order: money in integer cents, as it was charged. */
export interface InvoiceOrder {
  number: string;
  placedAt: Date;
  status: OrderStatus;
  carrier: string | null;
  trackingNumber: string | null;
  buyer: {
    name: string;
    email: string;
    phone: string;
    address: string;
    /** A business buyer's, from My Profile when ordering. */
    companyName?: string;
    vatNumber?: string;
  };
  /** The buyer's own purchase-order number, if they gave one. */
  poReference?: string | null;
  /** Every line, in order. `amountCents` is quantity × unit price, before the line's discount. */
  lines: InvoiceLine[];
  /**
   * Absent when no line had a bulk discount; `percent` is null when the lines' rates differ
   * (each line shows its own).
   */
  discount?: { percent: number | null; amountCents: number };
  /** Before tax, the tax at `taxRate` percent, and the total (gross) as stored (decision 053). */
  netCents: number;
  taxCents: number;
  taxRate: number;
  totalCents: number;
}

export interface InvoiceLine {
  sku: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
  discountPercent: number;
  discountCents: number;
}

export function toInvoiceOrder(row: OrderRow, lines: readonly OrderLineRow[]): InvoiceOrder {
  const shown: InvoiceLine[] = lines.map((line) => ({
    sku: line.sku,
    description: line.productName,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.unitPriceCents * line.quantity,
    discountPercent: line.discountPercent,
    discountCents: line.discountCents,
  }));
  const discounted = shown.filter((line) => line.discountCents > 0);
  const rates = new Set(discounted.map((line) => line.discountPercent));
  const discountCents = discounted.reduce((sum, line) => sum + line.discountCents, 0);
  return {
    number: formatOrderNumber(row.number),
    placedAt: row.createdAt,
    status: row.status,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    buyer: {
      name: row.userName,
      email: row.email,
      phone: row.phone,
      address: row.address,
      ...(row.companyName && { companyName: row.companyName }),
      ...(row.vatNumber && { vatNumber: row.vatNumber }),
    },
    poReference: row.poReference,
    lines: shown,
    ...(discountCents > 0 && {
      discount: { percent: rates.size === 1 ? ([...rates][0] ?? null) : null, amountCents: discountCents },
    }),
    netCents: row.totalCents - row.taxCents,
    taxCents: row.taxCents,
    taxRate: row.taxRateBasisPoints / 100,
    totalCents: row.totalCents,
  };
}

/** `1250` → `12.50`: what a spreadsheet reads as the amount, in integer arithmetic. */
export const amount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** What a CSV row shows of a line. */
export type CsvLine = Pick<
  OrderLineRow,
  'sku' | 'productName' | 'quantity' | 'unitPriceCents' | 'discountCents' | 'totalCents'
>;

/**
 * The orders CSV, one row per line (the order's columns repeated on each): each column's header
 * and how it is read from the order and the line. `Bill` is the order's total (gross: `Net` plus
 * `Tax`; orders placed before tax show tax 0), `Line total` the line's.
 */
type OrderCsvColumn = readonly [string, (row: OrderRow, line: CsvLine) => CsvValue];

/** A line's own columns, the same in the desk's export and a customer's. */
export const LINE_CSV_COLUMNS: readonly OrderCsvColumn[] = [
  [column.sku, (_, l) => l.sku],
  [column.part, (_, l) => l.productName],
  [column.quantity, (_, l) => l.quantity],
  [column.unitPrice, (_, l) => amount(l.unitPriceCents)],
  [column.discount, (_, l) => amount(l.discountCents)],
  [column.lineTotal, (_, l) => amount(l.totalCents)],
];

export const ORDER_CSV_COLUMNS: readonly OrderCsvColumn[] = [
  [column.number, (r) => formatOrderNumber(r.number)],
  [column.date, (r) => r.createdAt.toISOString()],
  [column.customer, (r) => r.userName],
  [column.email, (r) => r.email],
  [column.phone, (r) => r.phone],
  [column.address, (r) => r.address],
  [column.poReference, (r) => r.poReference],
  ...LINE_CSV_COLUMNS,
  // Per order, as `Bill`: the tax is rounded per line, so a line's share is not the order's (053).
  [column.net, (r) => amount(r.totalCents - r.taxCents)],
  [column.tax, (r) => amount(r.taxCents)],
  [column.bill, (r) => amount(r.totalCents)],
  [column.status, (r) => r.status],
  [column.carrier, (r) => r.carrier],
  [column.trackingNumber, (r) => r.trackingNumber],
];
