import { type Cart, type CartLine, computeBill, fromCents, lineProblem } from '@store/shared';
import { thumbnailUrl } from '../images/index.js';
import type { CartRepo } from './repo.js';

export type CartLineRow = Awaited<ReturnType<CartRepo['lines']>>[number];

/** A line priced from today's part, with its first broken rule (cart-rules.ts). */
export function toCartLine(row: CartLineRow): CartLine {
  const bill = computeBill(row.priceCents, row.quantity, row.bulkDiscount);
  return {
    partId: row.partId,
    sku: row.sku,
    name: row.name,
    img: row.img,
    thumb: thumbnailUrl(row.img),
    unitPrice: fromCents(row.priceCents),
    quantity: row.quantity,
    minOrderQuantity: row.minOrderQuantity,
    orderMultiple: row.orderMultiple,
    availableQuantity: row.availableQuantity,
    discountPercent: bill.discountPercent,
    discount: fromCents(bill.discountCents),
    lineTotal: fromCents(bill.totalCents),
    problem: lineProblem({ ...row, listed: Boolean(row.listed) }),
  };
}

/**
 * The cart priced line by line (the bulk discount is per line, as for a one-part order) and
 * summed in cents. Flagged lines count at their quantity (decision 040): the totals are what the
 * cart holds, so fixing a line moves them in plain sight rather than at checkout.
 */
export function toCart(rows: CartLineRow[]): Cart {
  let subtotalCents = 0;
  let discountCents = 0;
  let units = 0;
  for (const row of rows) {
    const bill = computeBill(row.priceCents, row.quantity, row.bulkDiscount);
    subtotalCents += bill.subtotalCents;
    discountCents += bill.discountCents;
    units += row.quantity;
  }
  return {
    lines: rows.map(toCartLine),
    subtotal: fromCents(subtotalCents),
    discount: fromCents(discountCents),
    total: fromCents(subtotalCents - discountCents),
    units,
  };
}
