import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const overviewKeys = { all: ['overview'] as const };

/** The owner's figures (admin); read afresh each time the page opens, never older than a minute. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: overviewKeys.all,
    queryFn: ({ signal }) => api.overview.get({ signal }),
    staleTime: 0,
    refetchInterval: 60_000,
  });
