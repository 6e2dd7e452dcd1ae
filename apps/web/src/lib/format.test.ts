import { DEFAULT_STORE_SETTINGS, moneyPattern } from '@store/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { excerpt, formatDate, formatDateTime, formatMillions, formatPrice, formatQuantity } from './format';
import { readSettingsFrom } from './store-settings';

describe('excerpt', () => {
  it('keeps a short text whole', () => {
    expect(excerpt('Fast and quiet.')).toBe('Fast and quiet.');
  });

  it('cuts to exactly 100 characters and marks the cut', () => {
    const text = 'x'.repeat(150);
    expect(excerpt(text)).toBe(`${'x'.repeat(100)}…`);
  });

  it('does not split a character made of two UTF-16 units', () => {
    const text = `${'a'.repeat(99)}😀tail`;
    expect(excerpt(text)).toBe(`${'a'.repeat(99)}😀…`);
  });
});

describe('formatting', () => {
  afterEach(() => {
    readSettingsFrom(() => undefined);
  });

  it('formats prices in the default currency until the store says otherwise: pounds with pence', () => {
    expect(formatPrice(389.99)).toBe('£389.99');
    expect(formatPrice(1234.5)).toBe('£1,234.50');
  });

  it('leaves out the decimals of a whole amount when asked (a chart’s axis)', () => {
    expect(formatPrice(1500, { wholeUnits: true })).toBe('£1,500');
    expect(formatPrice(-20, { wholeUnits: true })).toBe('-£20');
  });

  it('writes a headline figure in millions in the store’s currency, never a dollar sign of its own', () => {
    expect(formatMillions(12)).toBe('£12M');
    for (const [currency, locale, shown] of [
      ['usd', 'en-US', '$12M'],
      ['eur', 'de-DE', '12M\u00a0€'],
      ['jpy', 'ja-JP', '￥12M'],
    ] as const) {
      const money = moneyPattern(currency, locale);
      readSettingsFrom(() => ({ ...DEFAULT_STORE_SETTINGS, currency, locale, money }));
      expect(formatMillions(12), currency).toBe(shown);
    }
  });

  it('groups quantities', () => {
    expect(formatQuantity(12500)).toBe('12,500');
  });

  it('writes every amount and quantity exactly as Intl does for the default, gbp in en-GB', () => {
    const currency = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    const integer = new Intl.NumberFormat('en-US');
    const amounts = [
      0, 0.5, 1, 1.005, 9.99, 10, 999.99, 1000, 1234.5, 99999.99, 1000000, 123456789.01, -3, -0.001, -0,
    ];
    for (let cents = 0; cents < 200_000_000; cents = cents * 3 + 7) amounts.push(cents / 100);
    for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(currency.format(amount));
    for (const n of [0, 1, 12, 123, 1234, 12345, 123456, 1234567, 50, 500, 5000, -1234, 2 ** 31]) {
      expect(formatQuantity(n), String(n)).toBe(integer.format(n));
    }
  });

  // The pattern is the store's (written into the page); the browser formats by hand with it.
  it.each([
    ['usd', 'en-US'],
    ['eur', 'de-DE'],
    ['eur', 'fr-FR'],
    ['jpy', 'ja-JP'],
    ['chf', 'de-CH'],
    ['bhd', 'en-GB'],
  ])('writes prices as Intl does with the store’s pattern for %s in %s', (currency, locale) => {
    const money = moneyPattern(currency, locale);
    // As the server render hands them over (a page's JSON block is read the same way).
    const settings = JSON.parse(JSON.stringify({ ...DEFAULT_STORE_SETTINGS, currency, locale, money }));
    readSettingsFrom(() => settings);
    const intl = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: money.fractionDigits,
      maximumFractionDigits: money.fractionDigits,
    });
    for (const amount of [0, 0.29, 1, 9.99, 1234.5, 1500.5, 99999.99, 123456789.01, -3, -1234.56]) {
      expect(formatPrice(amount), String(amount)).toBe(intl.format(amount));
    }
  });
});

describe('dates', () => {
  // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
  const noon = '2026-03-14T12:00:00.000Z';

  it('shows the day in words, the same in any reasonable time zone', () => {
    expect(formatDate(noon)).toBe('14 Mar 2026');
  });

  it('adds the time of day for history entries', () => {
    expect(formatDateTime(noon)).toMatch(/^14 Mar 2026, \d{2}:\d{2}$/);
  });
});
