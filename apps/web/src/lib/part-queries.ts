import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { answers, catalog, newestParts, type PartsList } from './first-answers';

/**
 * The parts' queries the store's pages read: the catalog, a category's list, a part, the home
 * page's newest parts, the cart's lines and the category tree. One key per answer, whichever page
 * asks, so they share the cache; the product admin's own calls are features/parts/api.ts.
 */

/** A page of the catalog's list: its query is keyed by this, and asks what lib/first-answers.ts says. */
export type PartsListParams = PartsList;

export const partKeys = {
  all: ['parts'] as const,
  list: (params: PartsListParams) => [...partKeys.all, 'list', params] as const,
  detail: (id: string) => [...partKeys.all, 'detail', id] as const,
};

export const partsListQuery = (params: PartsListParams) =>
  queryOptions({
    queryKey: partKeys.list(params),
    queryFn: ({ signal }) => api.parts.list({ ...answers.partsList(params).input, signal }),
  });

/**
 * The list /parts shows with nothing in its URL, which the router asks for as soon as the route
 * matches; catalog-params.test.ts checks it is the query the catalog page makes.
 */
export const plainCatalogQuery = () => partsListQuery(catalog(new URLSearchParams()).list);

/** "Our Parts" on the home page (lib/first-answers.ts). */
export const newestPartsQuery = () => partsListQuery(newestParts().list);

export const partQuery = (id: string) =>
  queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: ({ signal }) => api.parts.get({ ...answers.part(id).input, signal }),
  });

/** The category tree: names, and the labels and units of attributes. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => api.categories.list({ ...answers.categories().input, signal }),
    // The tree changes when an admin edits it, rarely: one read serves every part page for a while.
    staleTime: 5 * 60_000,
  });
