import {
  type Cart,
  type CartLine,
  computeBill,
  fromCents,
  lineProblem,
  NO_TAX,
  type TaxRule,
} from '@store/shared';
import { thumbnailUrl } from '../images/index.js';
import type { CartRepo } from './repo.js';

export type CartLineRow = Awaited<ReturnType<CartRepo['lines']>>[number];

/** A line priced from today's part, with its first broken rule (cart-rules.ts). */
export function toCartLine(row: CartLineRow, tax: TaxRule = NO_TAX): CartLine {
  const bill = computeBill(row.priceCents, row.quantity, row.bulkDiscount, tax);
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
export function toCart(rows: CartLineRow[], tax: TaxRule = NO_TAX): Cart {
  let subtotalCents = 0;
  let discountCents = 0;
  let netCents = 0;
  let taxCents = 0;
  let totalCents = 0;
  let units = 0;
  // Taxed line by line and summed, as the placement stores it (decision 053).
  for (const row of rows) {
    const bill = computeBill(row.priceCents, row.quantity, row.bulkDiscount, tax);
    subtotalCents += bill.subtotalCents;
    discountCents += bill.discountCents;
    netCents += bill.netCents;
    taxCents += bill.taxCents;
    totalCents += bill.totalCents;
    units += row.quantity;
  }
  return {
    lines: rows.map((row) => toCartLine(row, tax)),
    subtotal: fromCents(subtotalCents),
    discount: fromCents(discountCents),
    net: fromCents(netCents),
    tax: fromCents(taxCents),
    total: fromCents(totalCents),
    units,
  };
}
