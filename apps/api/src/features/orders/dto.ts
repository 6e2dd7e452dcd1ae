import { formatOrderNumber, fromCents, type Order, type OrderDetail } from '@store/shared';
import type { OrderEventRow, OrderRow } from './repo.js';

export function toOrderDto(row: OrderRow): Order {
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
    status: row.status,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toOrderDetailDto(row: OrderRow, events: OrderEventRow[]): OrderDetail {
  return {
    ...toOrderDto(row),
    events: events.map((e) => ({ status: e.status, at: e.at.toISOString(), by: e.by })),
  };
}
