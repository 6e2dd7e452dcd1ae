import { ATTRIBUTE_FILTER_PREFIX, type Facet, filterValues, PAGE_SIZE, parseRange } from '@store/shared';

/**
 * A category page's filters live in its URL, in the API's own words (`brand=a,b`,
 * `attr.cores=8..16`, `price=..400`, `compatibleWith=<id>`), so a link shows the same list and
 * the page passes them on unchanged; the API checks them (a hand-edited URL gets its 400).
 */

/** The URL parameter of a facet: brand and price are named as they are, attributes as `attr.<key>`. */
export const paramOf = (facetKey: string): string =>
  facetKey === 'brand' || facetKey === 'price' ? facetKey : `${ATTRIBUTE_FILTER_PREFIX}${facetKey}`;

/** The parameters a category page reads: any other in its URL is ignored. */
const isFilterParam = (name: string) =>
  name === 'brand' ||
  name === 'price' ||
  name === 'compatibleWith' ||
  name.startsWith(ATTRIBUTE_FILTER_PREFIX);

/** The filters of a category page's URL, and its page and 'In stock only'. */
export interface CategoryView {
  slug: string;
  page: number;
  inStock: boolean;
  /** Filter parameter → value, as in the URL (`brand` → `VoltCore,Arcwell`). */
  filters: Record<string, string>;
}

export function categoryView(slug: string, search: URLSearchParams): CategoryView {
  const filters: Record<string, string> = {};
  for (const [name, value] of search) {
    if (isFilterParam(name) && value.trim() && !(name in filters)) filters[name] = value.trim();
  }
  return {
    slug,
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
    inStock: search.get('inStock') === '1',
    filters,
  };
}

/** What `GET /api/parts` is asked for this view (the facets: the same, less the paging). */
export function partsQueryOf(view: CategoryView): Record<string, string | number> {
  return {
    category: view.slug,
    ...view.filters,
    ...(view.inStock && { inStock: 'true' }),
    page: view.page,
    limit: PAGE_SIZE.default,
  };
}

export function facetsQueryOf(view: CategoryView): Record<string, string> {
  return { category: view.slug, ...view.filters, ...(view.inStock && { inStock: 'true' }) };
}

/** The values ticked in a list facet. */
export const chosenValues = (view: CategoryView, facetKey: string): string[] => {
  const text = view.filters[paramOf(facetKey)];
  return text ? filterValues(text) : [];
};

/** A query string for this view with `changes` made (undefined removes); any change is page 1. */
export function searchWith(view: CategoryView, changes: Record<string, string | undefined>): string {
  const next = new URLSearchParams();
  const merged: Record<string, string | undefined> = { ...view.filters, ...changes };
  for (const [name, value] of Object.entries(merged)) if (value) next.set(name, value);
  if (view.inStock && !('inStock' in changes)) next.set('inStock', '1');
  else if (changes.inStock) next.set('inStock', changes.inStock);
  return next.size ? `?${next}` : '';
}

/** A value ticked or unticked in a list facet. */
export function toggled(view: CategoryView, facetKey: string, value: string, on: boolean): string {
  const values = chosenValues(view, facetKey).filter((chosen) => chosen !== value);
  if (on) values.push(value);
  return searchWith(view, { [paramOf(facetKey)]: values.join(',') || undefined });
}

/** A range typed in: empty on both sides removes the filter. */
export function ranged(view: CategoryView, facetKey: string, min: string, max: string): string {
  const text = min.trim() || max.trim() ? `${min.trim()}..${max.trim()}` : undefined;
  return searchWith(view, { [paramOf(facetKey)]: text });
}

/** Every filter removed (the page's 'Clear all'). */
export const cleared = (view: CategoryView): string =>
  searchWith({ ...view, filters: {}, inStock: false }, {});

/** One active filter, as a chip shows it and the way to remove it. */
export interface ActiveFilter {
  param: string;
  facet: string;
  value: string;
  /** The query string without it. */
  without: string;
}

/** The view's filters as chips, labelled from the facets (the key itself until they load). */
export function activeFilters(view: CategoryView, facets: readonly Facet[] | undefined): ActiveFilter[] {
  const labelOf = (param: string) =>
    facets?.find((facet) => paramOf(facet.key) === param)?.label ??
    param.replace(ATTRIBUTE_FILTER_PREFIX, '');
  const chips: ActiveFilter[] = [];
  for (const [param, text] of Object.entries(view.filters)) {
    if (param === 'compatibleWith') continue; // shown as its own chip, naming the part
    const range = parseRange(text);
    if (range) {
      chips.push({
        param,
        facet: labelOf(param),
        value: text,
        without: searchWith(view, { [param]: undefined }),
      });
      continue;
    }
    for (const value of filterValues(text)) {
      const rest = filterValues(text).filter((other) => other !== value);
      chips.push({
        param,
        facet: labelOf(param),
        value,
        without: searchWith(view, { [param]: rest.join(',') || undefined }),
      });
    }
  }
  return chips;
}
