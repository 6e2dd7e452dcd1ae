import {
  ATTRIBUTE_FILTER_PREFIX,
  categoryMessages,
  type Facet,
  filterValues,
  parseRange,
} from '@store/shared';
import { useNavKit } from '../../components/nav-kit';
import type { CategoryView } from '../../lib/first-answers';

export type { CategoryView };

/**
 * A category page's filters live in its URL, in the API's own words (`brand=a,b`,
 * `attr.cores=8..16`, `price=..400`, `compatibleWith=<id>`), so a link shows the same list and
 * the page passes them on unchanged. A price the API would refuse is left out before asking
 * (`categoryView`), and the page names it (`ignoredLabels`); the API checks the rest.
 */

/** The URL parameter of a facet: brand and price are named as they are, attributes as `attr.<key>`. */
export const paramOf = (facetKey: string): string =>
  facetKey === 'brand' || facetKey === 'price' ? facetKey : `${ATTRIBUTE_FILTER_PREFIX}${facetKey}`;

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

/** The filters the URL named but the page left out (`categoryView`), as the panel names them. */
export const ignoredLabels = (view: CategoryView): string[] =>
  (view.ignored ?? []).map((param) => (param === 'price' ? categoryMessages.facetPrice : param));

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

/** Shows this page at another query string (a filter changed): the router's or the document's. */
export function useGoToSearch(): (search: string) => void {
  const { go, pathname } = useNavKit();
  return (search) => go(`${pathname}${search}`);
}
