import { describe, expect, it } from 'vitest';
import { bulkDiscountPercent, computeBill, toCents } from '../src/index.js';

describe('the premium promotion', () => {
  it('gives 5% per full 500 units, capped at 25%, to eligible parts only', () => {
    expect([0, 499, 500, 999, 1000, 2499, 2500, 10_000].map((q) => bulkDiscountPercent(q, true))).toEqual([
      0, 0, 5, 5, 10, 20, 25, 25,
    ]);
    expect(bulkDiscountPercent(10_000, false)).toBe(0);
  });
});

describe('computeBill', () => {
  it('multiplies in integer cents', () => {
    expect(computeBill(toCents(0.1), 3, false)).toEqual({
      subtotalCents: 30,
      discountPercent: 0,
      discountCents: 0,
      netCents: 30,
      taxCents: 0,
      totalCents: 30,
    });
  });

  it('rounds the discount half up to the cent', () => {
    // 1999 × 501 = 1,001,499 cents; 5% = 50,074.95 → 50,075.
    expect(computeBill(1999, 501, true)).toEqual({
      subtotalCents: 1_001_499,
      discountPercent: 5,
      discountCents: 50_075,
      netCents: 951_424,
      taxCents: 0,
      totalCents: 951_424,
    });
  });

  it('stays exact for the largest order the API accepts', () => {
    const bill = computeBill(100_000_000, 1_000_000, true);
    expect(Number.isSafeInteger(bill.subtotalCents)).toBe(true);
    expect(bill.totalCents).toBe(75_000_000_000_000);
  });
});
