import { describe, expect, it } from 'vitest';
import {
  centsToMinor,
  creditLimitInputSchema,
  currencyFractionDigits,
  DEFAULT_MONEY_PATTERN,
  formatAmount,
  formatCents,
  formatMoney,
  moneyPattern,
} from '../src/index.js';

describe('formatCents', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [2_500_000, '£25,000.00'],
    [123_456_789, '£1,234,567.89'],
    [-350, '-£3.50'],
  ])('writes %d cents as %s by default (gbp, en-GB)', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('writes hundredths in the currency’s own minor unit', () => {
    expect(formatCents(123_456, moneyPattern('eur', 'de-DE'))).toBe('1.234,56\u00a0€');
    expect(formatCents(150_050, moneyPattern('jpy', 'ja-JP'))).toBe('￥1,501');
    expect(formatCents(1_234, moneyPattern('bhd', 'en-GB'))).toBe('BHD\u00a012.340');
  });
});

describe('the money pattern', () => {
  it('ships as Intl derives it for gbp in en-GB', () => {
    expect(moneyPattern('gbp', 'en-GB')).toEqual(DEFAULT_MONEY_PATTERN);
  });

  it('takes its decimals from the table Stripe charges by (currency-digits.ts)', () => {
    expect(moneyPattern('jpy', 'en-GB').fractionDigits).toBe(0);
    expect(moneyPattern('bhd', 'en-GB').fractionDigits).toBe(3);
    expect(moneyPattern('gbp', 'en-GB').fractionDigits).toBe(2);
    // Intl shows ISK without decimals; Stripe charges it in hundredths: the store shows what it charges.
    expect(currencyFractionDigits('isk')).toBe(2);
    expect(moneyPattern('isk', 'is-IS').fractionDigits).toBe(2);
  });

  it('is plain JSON: the web app is handed it as it is', () => {
    const pattern = moneyPattern('chf', 'de-CH');
    expect(JSON.parse(JSON.stringify(pattern))).toEqual(pattern);
  });

  // Every amount of a table, in every currency and locale, exactly as Intl writes it.
  const amounts: number[] = [0, 1, 5, 99, 100, 999, 1_000, 12_345, 99_999, 100_000, 123_456_789, 2 ** 40];
  for (let minor = 0; minor < 1e13; minor = minor * 7 + 3) amounts.push(minor);
  amounts.push(...amounts.map((n) => -n).filter((n) => n !== 0));
  it.each([
    ['gbp', 'en-GB'],
    ['usd', 'en-US'],
    ['eur', 'de-DE'],
    ['eur', 'fr-FR'],
    ['eur', 'es-ES'],
    ['eur', 'nl-NL'],
    ['jpy', 'ja-JP'],
    ['chf', 'de-CH'],
    ['bhd', 'ar-BH'],
    ['bhd', 'en-GB'],
    ['inr', 'en-IN'],
    ['sek', 'sv-SE'],
    ['krw', 'ko-KR'],
  ])('writes %s in %s as Intl does: negatives, zero and large amounts', (currency, locale) => {
    const pattern = moneyPattern(currency, locale);
    const digits = pattern.fractionDigits;
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    for (const minor of amounts) {
      expect(formatMoney(minor, pattern), `${minor}`).toBe(intl.format(minor / 10 ** digits));
    }
    expect(formatMoney(-0, pattern)).toBe(intl.format(-0));
  });

  it('writes the API’s decimal amounts as Intl does, rounding as it rounds', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const amount of [0, 0.5, 1.005, 9.99, 1234.5, 99999.99, 123456789.01, -3, -0.001, -0]) {
      expect(formatAmount(amount), String(amount)).toBe(intl.format(amount));
    }
    const yen = new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' });
    for (const amount of [0, 1500.5, 1500.49, -2.5, 123456.78]) {
      expect(formatAmount(amount, moneyPattern('jpy', 'ja-JP')), String(amount)).toBe(yen.format(amount));
    }
  });

  it('rounds hundredths half away from zero into a currency without decimals', () => {
    expect([150_050, 150_049, -150_050, 0].map((c) => centsToMinor(c, 0))).toEqual([1501, 1500, -1501, 0]);
    expect(centsToMinor(1_234, 3)).toBe(12_340);
    expect(centsToMinor(1_234, 2)).toBe(1_234);
  });
});

describe('creditLimitInputSchema', () => {
  it('takes dollars with at most 2 decimals, 0 to 100,000,000, or null for the default', () => {
    for (const creditLimit of [0, 0.01, 25_000, 100_000_000, null]) {
      expect(creditLimitInputSchema.safeParse({ creditLimit }).success, String(creditLimit)).toBe(true);
    }
    for (const creditLimit of [-0.01, 0.001, 100_000_000.01, '10', undefined, Number.NaN]) {
      expect(creditLimitInputSchema.safeParse({ creditLimit }).success, String(creditLimit)).toBe(false);
    }
  });
});
