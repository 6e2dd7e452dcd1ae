/**
 * Tax on a bill (decision 053). The rate is kept in hundredths of a percent (20% is 2000, 7.5% is
 * 750) so every step is integer arithmetic; the amounts are integer minor units. One rule, applied
 * per line once the discount is off, rounded half up to the minor unit:
 *   prices before tax: tax = round(amount × rate), net = amount, gross = amount + tax;
 *   prices with tax:   net = round(amount ÷ (1 + rate)), tax = amount − net, gross = amount.
 * An order's net, tax and gross are the sums of its lines', never rounded again: the lines always
 * add up to the order. The SQL twin is `line_bill` (migration 0026).
 */
export interface TaxRule {
  /** Hundredths of a percent, 0 to 10,000. */
  rateBasisPoints: number;
  /** Prices on the list already include the tax (a shop), or not (a trade store, the default). */
  pricesIncludeTax: boolean;
  /**
   * What every amount of the bill (discount, tax, net) is rounded to, half up: the currency's
   * smallest amount in hundredths (`minorUnitCents`), so a yen store's tax is whole yen and its
   * total can be charged. Absent: 1, a hundredth.
   */
  minorUnitCents?: number;
}

/** No tax: the store's default, and every order placed before tax existed. */
export const NO_TAX: TaxRule = { rateBasisPoints: 0, pricesIncludeTax: false };

/** A rate in percent, as TAX_RATE writes it ('20', '7.5'), in hundredths of a percent. */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);

export interface Taxed {
  netCents: number;
  taxCents: number;
  grossCents: number;
}

/**
 * Net, tax and gross of a line's amount after its discount. BigInt inside: the largest line the
 * API accepts (10^14 minor units) times a rate in basis points is past 2^53.
 */
export function applyTax(amountCents: number, rule: TaxRule): Taxed {
  const amount = BigInt(amountCents);
  const rate = BigInt(rule.rateBasisPoints);
  const unit = BigInt(rule.minorUnitCents ?? 1);
  if (rule.pricesIncludeTax) {
    // amount × 10,000 ÷ (10,000 + rate) in units, half up: (2·a·10⁴ + d·u) ÷ 2·d·u, times u.
    const divisor = 10_000n + rate;
    const net = ((2n * amount * 10_000n + divisor * unit) / (2n * divisor * unit)) * unit;
    return { netCents: Number(net), taxCents: Number(amount - net), grossCents: amountCents };
  }
  const tax = ((amount * rate + 5_000n * unit) / (10_000n * unit)) * unit;
  return { netCents: amountCents, taxCents: Number(tax), grossCents: Number(amount + tax) };
}
