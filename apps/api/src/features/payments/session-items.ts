import { paymentMessages } from '@store/shared';
import { toMinorUnits } from './minor-units.js';
import type { SessionItem } from './stripe-gateway.js';

interface Line {
  sku: string;
  productName: string;
  quantity: number;
  /** The line's total after its discount, in hundredths. */
  totalCents: number;
}

const count = new Intl.NumberFormat('en-GB');

/**
 * The Checkout session's items for the order's lines, priced by the server with each line's
 * discount applied, so that they add up to the order's total exactly (no coupons, no rounding).
 * A line whose total does not divide evenly by its quantity goes as one item at its total, named
 * with its quantity. Undefined: some amount cannot be written exactly in the currency's minor units.
 */
export function sessionItems(lines: readonly Line[], currency: string): SessionItem[] | undefined {
  const items: SessionItem[] = [];
  for (const line of lines) {
    const evenly = line.totalCents % line.quantity === 0;
    const unitAmount = toMinorUnits(evenly ? line.totalCents / line.quantity : line.totalCents, currency);
    if (unitAmount === undefined) return undefined;
    items.push(
      evenly
        ? { name: paymentMessages.itemName(line.sku, line.productName), unitAmount, quantity: line.quantity }
        : {
            name: paymentMessages.itemNameWithQuantity(
              line.sku,
              line.productName,
              count.format(line.quantity),
            ),
            unitAmount,
            quantity: 1,
          },
    );
  }
  return items;
}

/** What the items charge in all, in minor units. */
export const itemsTotal = (items: readonly SessionItem[]) =>
  items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
