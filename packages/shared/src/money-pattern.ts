import { currencyFractionDigits } from './currency-digits.js';
import type { MoneyPattern } from './money.js';

/**
 * The store's money pattern, derived once from Intl on the server (decision 056): the narrow
 * symbol ('$', not 'US$': a store has one currency, and its customers know which), where it
 * stands, the spaces, separators, grouping and sign, read from formatToParts. The digits after
 * the decimal point are the currency's minor unit as Stripe charges it (currency-digits.ts).
 * Throws a RangeError for a currency or locale Intl does not know.
 */
export function moneyPattern(currency: string, locale: string): MoneyPattern {
  const fractionDigits = currencyFractionDigits(currency);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  const parts = (n: number) => format.formatToParts(n);
  const numeric = new Set(['integer', 'group', 'decimal', 'fraction']);
  /** What stands before and after the number. */
  const around = (n: number): [string, string] => {
    const all = parts(n);
    const first = all.findIndex((p) => numeric.has(p.type));
    const last = all.findLastIndex((p) => numeric.has(p.type));
    const text = (from: number, to: number) =>
      all
        .slice(from, to)
        .map((p) => p.value)
        .join('');
    return [text(0, first), text(last + 1, all.length)];
  };
  const big = parts(1_234_567_890_123);
  const integers = big.filter((p) => p.type === 'integer').map((p) => p.value);
  const lastGroup = integers.at(-1)?.length ?? 3;
  const eachGroup = integers.length > 2 ? (integers.at(-2)?.length ?? lastGroup) : lastGroup;
  // The smallest number written with a group separator tells where grouping starts.
  const grouped = (n: number) => parts(n).some((p) => p.type === 'group');
  let minimumGroupingDigits = 1;
  while (minimumGroupingDigits < 4 && !grouped(10 ** (lastGroup + minimumGroupingDigits - 1))) {
    minimumGroupingDigits += 1;
  }
  const localDigits = parts(1_234_567_890)
    .filter((p) => p.type === 'integer')
    .map((p) => p.value)
    .join('');
  const digits = Array.from({ length: 10 }, (_, d) => localDigits[(d + 9) % 10] ?? String(d)).join('');
  return {
    currency: currency.toLowerCase(),
    locale: format.resolvedOptions().locale,
    symbol: parts(1).find((p) => p.type === 'currency')?.value ?? currency.toUpperCase(),
    fractionDigits: format.resolvedOptions().maximumFractionDigits ?? fractionDigits,
    decimal: big.find((p) => p.type === 'decimal')?.value ?? '.',
    group: big.find((p) => p.type === 'group')?.value ?? '',
    groupSizes: [lastGroup, eachGroup],
    minimumGroupingDigits,
    positive: around(1),
    negative: around(-1),
    digits: digits === '0123456789' ? '' : digits,
  };
}
