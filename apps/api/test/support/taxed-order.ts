import type { OrderEventRow, OrderLineRow, OrderRow } from '../../src/features/orders/repo.js';

/** What a taxed one-line order's e-mails and documents print: its part, quantity and figures. */
type TaxedFigures = Pick<OrderLineRow, 'productName' | 'unitPriceCents'> &
  Pick<OrderRow, 'netCents' | 'taxCents' | 'totalCents' | 'taxRateBasisPoints' | 'phone' | 'address'> & {
    productQuantity: number;
  };

/**
 * A one-line order, unpaid and undiscounted, as the orders table stores it with tax on top of
 * its prices, and the event of its placing: for code that renders rows (the order e-mails)
 * without a database. The figures are the caller's, written out, never worked out here.
 */
export function taxedOrder({ productName, unitPriceCents, productQuantity, ...figures }: TaxedFigures): {
  order: OrderRow;
  lines: OrderLineRow[];
  event: OrderEventRow;
} {
  const at = new Date('2026-03-04T10:00:00Z');
  const order: OrderRow = {
    id: '00000000-0000-4000-8000-000000000001',
    number: 100_042,
    discountCents: 0,
    pricesIncludeTax: false,
    userName: 'Carla Customer',
    email: 'carla@example.com',
    companyName: null,
    vatNumber: null,
    status: 'unpaid',
    carrier: null,
    trackingNumber: null,
    lineCount: 1,
    poReference: null,
    idempotencyKey: null,
    idempotencyHash: null,
    createdAt: at,
    updatedAt: at,
    ...figures,
  };
  const event: OrderEventRow = {
    id: '00000000-0000-4000-8000-000000000003',
    orderId: order.id,
    status: 'unpaid',
    by: order.email,
    at,
  };
  const line: OrderLineRow = {
    orderId: order.id,
    position: 1,
    partId: '00000000-0000-4000-8000-000000000002',
    sku: 'TX-1',
    productName,
    unitPriceCents,
    quantity: productQuantity,
    discountPercent: 0,
    discountCents: 0,
    taxCents: figures.taxCents,
    netCents: figures.netCents,
    totalCents: figures.totalCents,
  };
  return { order, lines: [line], event };
}
