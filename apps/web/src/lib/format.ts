import { DESCRIPTION_EXCERPT_LENGTH, formatAmount } from '@store/shared';
import { storeSettings } from './store-settings';

/*
 * Numbers are formatted by hand, not with Intl.NumberFormat: building the first Intl formatter
 * starts the browser's ICU data, ~20 ms of the home page's start-up on a fast machine (out of a tight
 * blocking-time budget), for what amounts to grouping digits in threes.
 */

/** '12500' -> '12,500' (en-US grouping). */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * An amount in the store's currency (the API's decimal numbers), written as the store's money
 * pattern says (decision 056): '£1,234.50' by default, '1.234,50 €' for eur in de-DE. By hand
 * (packages/shared money.ts), with the pattern the store derived from Intl.
 */
export function formatPrice(amount: number, { wholeUnits = false } = {}): string {
  const { money } = storeSettings();
  // A chart's axis: '£1,500', not '£1,500.00' (only for an amount with nothing after the point).
  return formatAmount(amount, wholeUnits ? { ...money, fractionDigits: 0 } : money);
}

/**
 * A whole number of millions in the store's currency, as a headline figure: '£12M', '12M €'. The
 * 'M' follows the digits, before whatever the pattern writes after them.
 */
export function formatMillions(millions: number): string {
  const { money } = storeSettings();
  const whole = formatAmount(millions, { ...money, fractionDigits: 0 });
  const [, after] = millions < 0 || Object.is(millions, -0) ? money.negative : money.positive;
  return `${whole.slice(0, whole.length - after.length)}M${after}`;
}

/** A whole quantity with en-US grouping: '12,500'. */
export function formatQuantity(n: number): string {
  const sign = n < 0 ? '-' : '';
  return `${sign}${groupThousands(String(Math.round(Math.abs(n))))}`;
}

/**
 * Dates as the reader's clock shows them; the `<time>` element carries the exact instant. The
 * formatters are made on first use: the home page and the catalog show no dates.
 */
const lazily = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};
// As the store's locale writes dates (LOCALE: '14 Mar 2026' in en-GB), like its prices.
const day = lazily(() => new Intl.DateTimeFormat(storeSettings().locale, { dateStyle: 'medium' }));
const moment = lazily(
  () => new Intl.DateTimeFormat(storeSettings().locale, { dateStyle: 'medium', timeStyle: 'short' }),
);
export const formatDate = (iso: string) => day().format(new Date(iso));
export const formatDateTime = (iso: string) => moment().format(new Date(iso));

/** The first 100 characters of a description, with an ellipsis when it was cut. */
export function excerpt(text: string, length = DESCRIPTION_EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}…`;
}
