/**
 * A catalog filter's text as the query string carries it: `brand=a,b`,
 * `attr.cores=8..16`, `price=..400`. Zod-free: the web's first load (a category page's panel and
 * chips) reads it too; the schemas that check it are in schemas/catalog-filter.ts.
 */

import { MAX_PRICE } from './constants.js';
import { browseMessages } from './messages/browse.js';

/** An attribute's filter is `attr.<key>`. */
export const ATTRIBUTE_FILTER_PREFIX = 'attr.';

/** `min..max`, either side open: `8..16`, `100..`, `..400`. Never `..` alone. */
export interface Range {
  min?: number;
  max?: number;
}

const NUMBER = '-?\\d{1,12}(?:\\.\\d{1,6})?';
const RANGE = new RegExp(`^(${NUMBER})?\\.\\.(${NUMBER})?$`);

/** The range a query value names, or undefined when it is not one (`8-16`, `..`, `16..8`). */
export function parseRange(text: string): Range | undefined {
  const match = RANGE.exec(text.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const range: Range = {};
  if (match[1] !== undefined) range.min = Number(match[1]);
  if (match[2] !== undefined) range.max = Number(match[2]);
  if (range.min !== undefined && range.max !== undefined && range.min > range.max) return undefined;
  return range;
}

export const formatRange = ({ min, max }: Range): string => `${min ?? ''}..${max ?? ''}`;

/** `a,b,c`: the values a filter lists, trimmed, empty ones dropped. */
export const filterValues = (text: string): string[] =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);

/**
 * Whether a `price` filter is one the API takes: a range within what a price can be. The filter
 * schema refines with it, and a category page judges its link with it before asking (zod-free,
 * as the page's first load reads the link), so the page never asks for what the API refuses.
 */
export function isPriceRange(text: string): boolean {
  const range = parseRange(text);
  const within = (value: number | undefined) => value === undefined || (value >= 0 && value <= MAX_PRICE);
  return range !== undefined && within(range.min) && within(range.max);
}

/**
 * Why a range typed as its two sides (either may be empty) is not one to apply, in words for the
 * field, or undefined when it is. A price is also kept within 0 and the highest price, as
 * `isPriceRange` keeps the link's.
 */
export function typedRangeProblem(min: string, max: string, isPrice: boolean): string | undefined {
  const sides = [min.trim(), max.trim()].filter(Boolean);
  if (sides.some((side) => !new RegExp(`^${NUMBER}$`).test(side))) return browseMessages.rangeNotNumber;
  const values = sides.map(Number);
  if (isPrice && values.some((value) => value < 0)) return browseMessages.rangeNegative;
  if (isPrice && values.some((value) => value > MAX_PRICE))
    return browseMessages.rangeTooHigh(MAX_PRICE.toLocaleString('en-US'));
  if (min.trim() && max.trim() && Number(min) > Number(max)) return browseMessages.rangeReversed;
  return undefined;
}
