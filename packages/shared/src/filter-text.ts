/**
 * A catalog filter's text (issue 23) as the query string carries it: `brand=a,b`,
 * `attr.cores=8..16`, `price=..400`. Zod-free: the web's first load (a category page's panel and
 * chips) reads it too; the schemas that check it are in schemas/catalog-filter.ts.
 */

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
