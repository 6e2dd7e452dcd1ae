import type { ReviewInput } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { answers } from '../../lib/first-answers';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (params: { page: number; limit: number }) => [...reviewKeys.all, 'list', params] as const,
};

export const reviewsQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => api.reviews.list({ ...answers.reviews(params).input, signal }),
  });

export const deleteReview = (id: string) => api.reviews.remove({ params: { id } });

export const addReview = (input: ReviewInput) => api.reviews.add({ body: input });
