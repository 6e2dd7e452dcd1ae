import type { Review } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { getList } from '../../lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (params: { page: number; limit: number }) => [...reviewKeys.all, 'list', params] as const,
};

export const reviewsQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => getList<Review>('/reviews', params, signal),
  });
