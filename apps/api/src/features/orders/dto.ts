import {
  orderExportColumns as column,
  formatOrderNumber,
  fromCents,
  type Order,
  type OrderDetail,
  type OrderLine,
  type OrderStatus,
} from '@store/shared';
import type { CsvValue } from '../../lib/csv.js';
import type { OrderEventRow, OrderLineRow, OrderRow } from './repo.js';

export function toOrderLineDto(line: OrderLineRow): OrderLine {
  return {
    partId: line.partId,
    sku: line.sku,
    productName: line.productName,
    unitPrice: fromCents(line.unitPriceCents),
    productQuantity: line.quantity,
    discountPercent: line.discountPercent,
    discount: fromCents(line.discountCents),
    price: fromCents(line.totalCents),
  };
}

/** The order with its lines (read with the order's page, `OrdersRepo.linesOf`). */
export function toOrderDto(row: OrderRow, lines: readonly OrderLineRow[]): Order {
  return {
    _id: row.id,
    number: formatOrderNumber(row.number),
    partId: row.partId,
    productName: row.productName,
    userName: row.userName,
    email: row.email,
    unitPrice: fromCents(row.unitPriceCents),
    productQuantity: row.productQuantity,
    price: fromCents(row.totalCents),
    discount: fromCents(row.discountCents),
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
  };
}

export function toOrderDetailDto(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  events: OrderEventRow[],
): OrderDetail {
  return {
    ...toOrderDto(row, lines),
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
  line: { description: string; quantity: number; unitPriceCents: number; amountCents: number };
  /** Absent when the order had no bulk discount. */
  discount?: { percent: number; amountCents: number };
  totalCents: number;
}

export function toInvoiceOrder(row: OrderRow): InvoiceOrder {
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
    line: {
      description: row.productName,
      quantity: row.productQuantity,
      unitPriceCents: row.unitPriceCents,
      amountCents: row.unitPriceCents * row.productQuantity,
    },
    ...(row.discountCents > 0 && {
      discount: { percent: row.discountPercent, amountCents: row.discountCents },
    }),
    totalCents: row.totalCents,
  };
}

/** `1250` → `12.50`: what a spreadsheet reads as the amount, in integer arithmetic. */
const amount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The orders CSV: each column's header and how it is read from an order. */
export const ORDER_CSV_COLUMNS: readonly (readonly [string, (row: OrderRow) => CsvValue])[] = [
  [column.number, (r) => formatOrderNumber(r.number)],
  [column.date, (r) => r.createdAt.toISOString()],
  [column.customer, (r) => r.userName],
  [column.email, (r) => r.email],
  [column.phone, (r) => r.phone],
  [column.address, (r) => r.address],
  [column.part, (r) => r.productName],
  [column.quantity, (r) => r.productQuantity],
  [column.unitPrice, (r) => amount(r.unitPriceCents)],
  [column.discount, (r) => amount(r.discountCents)],
  [column.bill, (r) => amount(r.totalCents)],
  [column.status, (r) => r.status],
  [column.carrier, (r) => r.carrier],
  [column.trackingNumber, (r) => r.trackingNumber],
];
