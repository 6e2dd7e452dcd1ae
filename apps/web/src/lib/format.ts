import { DESCRIPTION_EXCERPT_LENGTH } from '@store/shared';

/*
 * Numbers are formatted by hand, not with Intl.NumberFormat: building the first Intl formatter
 * starts the browser's ICU data, ~20 ms of the home page's start-up on a fast machine (issue 12's
 * blocking-time budget), for what amounts to grouping digits in threes.
 */

/** '12500' -> '12,500' (en-US grouping). */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

/** US dollars with cents, as en-US writes them: '$1,234.50', '-$3.00'. */
export function formatPrice(amount: number): string {
  const [whole = '0', cents = '00'] = Math.abs(amount).toFixed(2).split('.');
  // As Intl: any negative keeps its sign, even one that rounds to zero (and -0).
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}$${groupThousands(whole)}.${cents}`;
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
const day = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
const moment = lazily(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
export const formatDate = (iso: string) => day().format(new Date(iso));
export const formatDateTime = (iso: string) => moment().format(new Date(iso));

/** The first 100 characters of a description (spec §2), with an ellipsis when it was cut. */
export function excerpt(text: string, length = DESCRIPTION_EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}…`;
}
