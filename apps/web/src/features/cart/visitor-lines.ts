import {
  applyTax,
  type Cart,
  type CartLine,
  cartPageMessages,
  computeBill,
  fromCents,
  lineProblem,
  NO_TAX,
  type Part,
  type TaxRule,
  toCents,
} from '@store/shared';
import type { LocalLine } from '../../lib/local-cart';

/**
 * A visitor's cart drawn as the server draws an account's (GET /api/cart): each line priced from
 * the part as it is today, by the same shared rules (bill.ts, cart-rules.ts), so the page shows
 * one kind of cart whoever looks. `part` is null for a part no longer listed, undefined while it
 * loads (the line is then left out until it arrives). `tax`: the store's rule, from its settings
 * (decision 056), so a line's total is what the server's cart shows, tax included.
 */
export function visitorLine(line: LocalLine, part: Part | null, tax: TaxRule = NO_TAX): CartLine {
  if (!part) {
    const problem = lineProblem({
      quantity: line.quantity,
      minOrderQuantity: 1,
      orderMultiple: 1,
      availableQuantity: 0,
      listed: false,
    });
    return {
      partId: line.partId,
      sku: '',
      name: cartPageMessages.unknownPart,
      img: '',
      thumb: '',
      unitPrice: 0,
      quantity: line.quantity,
      minOrderQuantity: 1,
      orderMultiple: 1,
      availableQuantity: 0,
      discountPercent: 0,
      discount: 0,
      lineTotal: 0,
      problem,
    };
  }
  const bill = computeBill(toCents(part.price), line.quantity, part.bulkDiscount, tax);
  return {
    partId: part._id,
    sku: part.sku,
    name: part.name,
    img: part.img,
    thumb: part.thumb,
    unitPrice: part.price,
    quantity: line.quantity,
    minOrderQuantity: part.minOrderQuantity,
    orderMultiple: part.orderMultiple,
    availableQuantity: part.availableQuantity,
    discountPercent: bill.discountPercent,
    discount: fromCents(bill.discountCents),
    lineTotal: fromCents(bill.totalCents),
    problem: lineProblem({
      quantity: line.quantity,
      minOrderQuantity: part.minOrderQuantity,
      orderMultiple: part.orderMultiple,
      availableQuantity: part.availableQuantity,
      listed: true,
    }),
  };
}

/**
 * The totals over every line, flagged ones too, in cents as the server adds them: each line taxed
 * once its discount is off, and the lines summed, never rounded again (decision 053).
 */
export function visitorCart(lines: CartLine[], tax: TaxRule = NO_TAX): Cart {
  let subtotal = 0;
  let discount = 0;
  let net = 0;
  let taxed = 0;
  let total = 0;
  let units = 0;
  for (const line of lines) {
    const lineSubtotal = toCents(line.unitPrice) * line.quantity;
    const bill = applyTax(lineSubtotal - toCents(line.discount), tax);
    subtotal += lineSubtotal;
    discount += toCents(line.discount);
    net += bill.netCents;
    taxed += bill.taxCents;
    total += bill.grossCents;
    units += line.quantity;
  }
  return {
    lines,
    subtotal: fromCents(subtotal),
    discount: fromCents(discount),
    net: fromCents(net),
    tax: fromCents(taxed),
    total: fromCents(total),
    units,
  };
}
