import { PART_SORTS } from './constants.js';

/**
 * The query string of a page the store renders, reduced to what the page reads (decision 024):
 * the catalog's search, sort, page, in-stock filter and cursor, each as the catalog reads it
 * (its first value; a search trimmed; page 1, an unknown sort and an empty value dropped), in a
 * fixed order. Every other page reads none, so a tracking parameter (`utm_source`, `fbclid`)
 * never makes another page. The store keys its kept pages by the path and this, and renders the
 * page from them; the catalog reads its list from this too (catalog-params.ts), so a page can
 * only show what its key names.
 */
export function pageSearch(pathname: string, search: SearchParams): [name: string, value: string][] {
  // The router's '/parts/' is '/parts'.
  const path = pathname.replace(/\/+$/, '');
  if (CATEGORY_PATH.test(path)) return categorySearch(search);
  if (path !== '/parts') return [];
  const kept: [string, string][] = [];
  const cursor = search.get('cursor');
  if (cursor) kept.push(['cursor', cursor]);
  if (search.get('inStock') === '1') kept.push(['inStock', '1']);
  const page = Math.max(1, Number(search.get('page')) || 1);
  if (page > 1) kept.push(['page', String(page)]);
  const q = search.get('q')?.trim();
  if (q) kept.push(['q', q]);
  // Zod-free: the web app's first load reads its catalog's URL with this.
  const sort = search.get('sort');
  if (sort && PART_SORTS.some((known) => known === sort)) kept.push(['sort', sort]);
  return kept;
}

/** A category's page, `/c/<slug>`, as the router matches it (any case). */
const CATEGORY_PATH = /^\/c\/[^/]+$/i;

/**
 * The parameters a category page reads as filters, in the API's own words (`brand`, `price`,
 * `attr.<key>`, `compatibleWith`): the page passes them on and the API checks them.
 */
export const isCategoryFilterParam = (name: string): boolean =>
  name === 'brand' ||
  name === 'price' ||
  name === 'compatibleWith' ||
  (name.startsWith('attr.') && name.length > 'attr.'.length);

/**
 * A category page's filters (first value of each, trimmed, empty ones dropped) by name, then its
 * in-stock filter and page: `?page=1&attr.cores=8..&brand=A` and `?brand=A&attr.cores=8..` are one.
 */
function categorySearch(search: SearchParams): [string, string][] {
  const names = [...new Set(search.keys())].filter(isCategoryFilterParam).sort();
  const kept: [string, string][] = [];
  for (const name of names) {
    const value = search.get(name)?.trim();
    if (value) kept.push([name, value]);
  }
  if (search.get('inStock') === '1') kept.push(['inStock', '1']);
  const page = Math.max(1, Math.floor(Number(search.get('page'))) || 1);
  if (page > 1) kept.push(['page', String(page)]);
  return kept;
}

/** What `pageSearch` reads: a URLSearchParams (this package assumes no DOM or Node). */
export interface SearchParams {
  get(name: string): string | null;
  keys(): Iterable<string>;
}

/** A query string's first value of each name, as URLSearchParams reads it ('+' is a space). */
function parseSearch(search: string): SearchParams {
  const values = new Map<string, string>();
  for (const pair of search.split('&')) {
    const [name = '', value = ''] = pair.split(/=(.*)/s).map(decode);
    if (name && !values.has(name)) values.set(name, value);
  }
  return { get: (name) => values.get(name) ?? null, keys: () => values.keys() };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text; // as URLSearchParams keeps a malformed escape
  }
}

/** `url` (path and query) with only what its page reads: `/?utm_source=x` is `/`. */
export function pageUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const pathname = url.slice(0, mark);
  const kept = pageSearch(pathname, parseSearch(url.slice(mark + 1)));
  if (kept.length === 0) return pathname;
  return `${pathname}?${kept.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`;
}
