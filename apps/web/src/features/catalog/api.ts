import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { answers, type CategoryView } from '../../lib/first-answers';

/**
 * The facets beside a category's parts: each facet's counts obey every filter but its own
 * (decision 049). Keyed by the view less its page, which the facets do not read.
 */
export const facetsQuery = (view: CategoryView) =>
  queryOptions({
    queryKey: ['parts', 'facets', { ...view, page: 1 }] as const,
    queryFn: ({ signal }) => api.parts.facets({ ...answers.facets(view).input, signal }),
    // The panel stays on screen while a tick's new counts load: nothing jumps.
    placeholderData: keepPreviousData,
  });
