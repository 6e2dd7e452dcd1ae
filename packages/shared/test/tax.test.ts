import { describe, expect, it } from 'vitest';
import { applyTax, computeBill, NO_TAX, percentToBasisPoints, type TaxRule } from '../src/index.js';

const before = (percent: number): TaxRule => ({
  rateBasisPoints: percentToBasisPoints(percent),
  pricesIncludeTax: false,
});
const included = (percent: number): TaxRule => ({
  rateBasisPoints: percentToBasisPoints(percent),
  pricesIncludeTax: true,
});

describe('tax on a bill (decision 053)', () => {
  // [unit price, quantity, bulk discount?, rule, subtotal, discount, net, tax, gross], in cents.
  const table: [number, number, boolean, TaxRule, number, number, number, number, number][] = [
    // Prices before tax: tax = amount after discount × rate, half up.
    [999, 1, false, before(20), 999, 0, 999, 200, 1199], // 199.8 → 200
    [1999, 501, true, before(20), 1_001_499, 50_075, 951_424, 190_285, 1_141_709], // 190,284.8
    [10, 1, false, before(7.5), 10, 0, 10, 1, 11], // 0.75 → 1
    [2, 3, false, before(7.5), 6, 0, 6, 0, 6], // 0.45 → 0
    [20, 1, false, before(7.5), 20, 0, 20, 2, 22], // 1.5 → 2: half up
    [2, 1, false, before(17.5), 2, 0, 2, 0, 2], // 0.35 → 0
    [100, 2_500, true, before(17.5), 250_000, 62_500, 187_500, 32_813, 220_313], // 25% off; 32,812.5
    [3, 1, false, before(100), 3, 0, 3, 3, 6],
    [1, 1, false, before(0), 1, 0, 1, 0, 1],
    // Prices with tax: net = amount ÷ (1 + rate), half up; tax = amount − net.
    [1199, 1, false, included(20), 1199, 0, 999, 200, 1199], // 999.17 → 999
    [1000, 1, false, included(20), 1000, 0, 833, 167, 1000], // 833.33
    [3, 1, false, included(20), 3, 0, 3, 0, 3], // 2.5 → 3: half up
    [1999, 501, true, included(20), 1_001_499, 50_075, 792_853, 158_571, 951_424], // 792,853.33
    [3, 1, false, included(100), 3, 0, 2, 1, 3], // 1.5 → 2
    [1, 7, false, included(7.25), 7, 0, 7, 0, 7], // 6.527 → 7
    [500, 1, true, included(0), 500, 0, 500, 0, 500],
  ];

  it.each(table)('%i × %i (bulk %s) under %o', (price, quantity, eligible, rule, ...expected) => {
    const bill = computeBill(price, quantity, eligible, rule);
    expect([bill.subtotalCents, bill.discountCents, bill.netCents, bill.taxCents, bill.totalCents]).toEqual(
      expected,
    );
  });

  it('always adds up: net + tax = gross, and the amount listed is net or gross by the rule', () => {
    for (let n = 0; n < 5_000; n += 1) {
      const amount = Math.floor(Math.random() * 10_000_000);
      const rate = Math.floor(Math.random() * 10_001);
      const plus = applyTax(amount, { rateBasisPoints: rate, pricesIncludeTax: false });
      const incl = applyTax(amount, { rateBasisPoints: rate, pricesIncludeTax: true });
      expect(plus.netCents + plus.taxCents).toBe(plus.grossCents);
      expect(plus.netCents).toBe(amount);
      expect(incl.netCents + incl.taxCents).toBe(amount);
      expect(incl.grossCents).toBe(amount);
      // The tax is never more than half a cent from the exact one.
      expect(Math.abs(plus.taxCents - (amount * rate) / 10_000)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(incl.netCents - (amount * 10_000) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
    }
  });

  it('stays exact past 2^53 in the middle of the sum, for the largest order the API accepts', () => {
    const bill = computeBill(100_000_000, 1_000_000, true, before(19.99));
    expect(bill.netCents).toBe(75_000_000_000_000);
    expect(bill.taxCents).toBe(14_992_500_000_000);
    expect(bill.totalCents).toBe(89_992_500_000_000);
    expect(Number.isSafeInteger(bill.totalCents)).toBe(true);
  });

  it('is no tax by default: what orders before tax were', () => {
    expect(computeBill(1999, 501, true)).toEqual(computeBill(1999, 501, true, NO_TAX));
    expect(computeBill(1999, 501, true).taxCents).toBe(0);
    expect(percentToBasisPoints(7.25)).toBe(725);
  });
});
