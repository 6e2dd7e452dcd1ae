import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { answers } from './first-answers';

/** The customers' reviews: the home page shows them, and adding one makes the list stale. */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (params: { page: number; limit: number }) => [...reviewKeys.all, 'list', params] as const,
};

export const reviewsQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => api.reviews.list({ ...answers.reviews(params).input, signal }),
  });
