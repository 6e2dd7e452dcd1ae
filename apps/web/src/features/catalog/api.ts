import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type CategoryView, facetsQueryOf, partsQueryOf } from './filters';

export const catalogKeys = {
  parts: (view: CategoryView) => ['parts', 'category', view] as const,
  facets: (view: CategoryView) => ['parts', 'facets', { ...view, page: 1 }] as const,
};

/** A category page's parts: its filters and page, as the URL names them. */
export const categoryPartsQuery = (view: CategoryView) =>
  queryOptions({
    queryKey: catalogKeys.parts(view),
    queryFn: ({ signal }) => api.parts.list({ query: partsQueryOf(view), signal }),
    // The list stays on screen while a tick's new one loads: the counts change, nothing jumps.
    placeholderData: keepPreviousData,
  });

/** The facets beside it: each facet's counts obey every filter but its own (decision 049). */
export const facetsQuery = (view: CategoryView) =>
  queryOptions({
    queryKey: catalogKeys.facets(view),
    queryFn: ({ signal }) => api.parts.facets({ query: facetsQueryOf(view), signal }),
    placeholderData: keepPreviousData,
  });
