import {
  type Cart,
  type CartLine,
  cartPageMessages,
  computeBill,
  fromCents,
  lineProblem,
  type Part,
  toCents,
} from '@store/shared';
import type { LocalLine } from './local-cart';

/**
 * A visitor's cart drawn as the server draws an account's (GET /api/cart): each line priced from
 * the part as it is today, by the same shared rules (bill.ts, cart-rules.ts), so the page shows
 * one kind of cart whoever looks. `part` is null for a part no longer listed, undefined while it
 * loads (the line is then left out until it arrives).
 */
export function visitorLine(line: LocalLine, part: Part | null): CartLine {
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
  const bill = computeBill(toCents(part.price), line.quantity, part.bulkDiscount);
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

/** The totals over every line, flagged ones too, in cents as the server adds them. */
export function visitorCart(lines: CartLine[]): Cart {
  let subtotal = 0;
  let discount = 0;
  let units = 0;
  for (const line of lines) {
    subtotal += toCents(line.unitPrice) * line.quantity;
    discount += toCents(line.discount);
    units += line.quantity;
  }
  return {
    lines,
    subtotal: fromCents(subtotal),
    discount: fromCents(discount),
    // A visitor's cart is priced before the store's tax rule is known to the browser: its tax
    // shows once signed in (the server's cart), and the order stores it (decision 053).
    net: fromCents(subtotal - discount),
    tax: 0,
    total: fromCents(subtotal - discount),
    units,
  };
}
