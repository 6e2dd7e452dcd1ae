import { DESCRIPTION_EXCERPT_LENGTH } from '@store/shared';

const currency = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const integer = new Intl.NumberFormat('en-US');

export const formatPrice = (amount: number) => currency.format(amount);
export const formatQuantity = (n: number) => integer.format(n);

/** Dates as the reader's clock shows them; the `<time>` element carries the exact instant. */
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatDate = (iso: string) => day.format(new Date(iso));
export const formatDateTime = (iso: string) => moment.format(new Date(iso));

/** The first 100 characters of a description (spec §2), with an ellipsis when it was cut. */
export function excerpt(text: string, length = DESCRIPTION_EXCERPT_LENGTH): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}…`;
}
