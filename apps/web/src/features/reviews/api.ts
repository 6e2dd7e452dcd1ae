import type { ReviewInput } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiJson, apiList } from '../../lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (params: { page: number; limit: number }) => [...reviewKeys.all, 'list', params] as const,
};

export const reviewsQuery = (params: { page: number; limit: number }) =>
  queryOptions({
    queryKey: reviewKeys.list(params),
    queryFn: ({ signal }) => apiList('/reviews', 'reviewSchema', { query: params, signal }),
  });

export const deleteReview = (id: string) =>
  apiJson(`/review/${encodeURIComponent(id)}`, 'deleteResultSchema', { method: 'DELETE', auth: true });

export const addReview = (input: ReviewInput) =>
  apiJson('/review', 'insertResultSchema', { method: 'POST', auth: true, body: input });
