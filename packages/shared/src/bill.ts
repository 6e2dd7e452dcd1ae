import { BULK_DISCOUNT } from './constants.js';
import { applyTax, NO_TAX, type TaxRule } from './tax.js';

export interface Bill {
  subtotalCents: number;
  discountPercent: number;
  discountCents: number;
  /** After the discount, before tax. */
  netCents: number;
  taxCents: number;
  /** What the customer pays: net plus tax. */
  totalCents: number;
}

/** The premium promotion: 5% per full 500 units of an eligible part, capped at 25%. */
export function bulkDiscountPercent(quantity: number, eligible: boolean): number {
  if (!eligible) return 0;
  const steps = Math.floor(quantity / BULK_DISCOUNT.unitsPerStep);
  return Math.min(steps * BULK_DISCOUNT.percentPerStep, BULK_DISCOUNT.maxPercent);
}

/**
 * The bill, in integer cents only: the discount is rounded half up to the currency's smallest
 * amount (a cent, a whole yen: `tax.minorUnitCents`), then the tax is
 * applied to what is left (tax.ts, decision 053), so the server (which charges it) and the
 * purchase page (which shows it) always agree. The SQL twin is `line_bill` (migration 0026).
 */
export function computeBill(
  unitPriceCents: number,
  quantity: number,
  eligible: boolean,
  tax: TaxRule = NO_TAX,
): Bill {
  const subtotalCents = unitPriceCents * quantity;
  const discountPercent = bulkDiscountPercent(quantity, eligible);
  // Half up to the currency's smallest amount (tax.ts), in integers: (s·p + 50·u) ÷ 100·u, times u.
  const unit = tax.minorUnitCents ?? 1;
  const discountCents = Math.floor((subtotalCents * discountPercent + 50 * unit) / (100 * unit)) * unit;
  const taxed = applyTax(subtotalCents - discountCents, tax);
  return {
    subtotalCents,
    discountPercent,
    discountCents,
    netCents: taxed.netCents,
    taxCents: taxed.taxCents,
    totalCents: taxed.grossCents,
  };
}

/** Decimal currency units (what the API shows) to integer cents, without float drift. */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

/**
 * The purchase page's rule for the quantity: not a number, below the part's minimum,
 * above what is available or not a whole number of packs makes the Order button
 * disabled, with no message.
 */
export function isOrderQuantityValid(
  quantity: number,
  part: { minOrderQuantity: number; availableQuantity: number; orderMultiple: number },
): boolean {
  return (
    Number.isInteger(quantity) &&
    quantity >= part.minOrderQuantity &&
    quantity <= part.availableQuantity &&
    quantity % Math.max(1, part.orderMultiple) === 0
  );
}
