import { HOME_PARTS_COUNT, type PartSort } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiJson, apiList } from '../../lib/api-client';

export interface PartsListParams {
  page: number;
  limit: number;
  sort: PartSort;
  q?: string | undefined;
}

export const partKeys = {
  all: ['parts'] as const,
  list: (params: { page: number; limit: number; sort: PartSort }) =>
    [...partKeys.all, 'list', params] as const,
  detail: (id: string) => [...partKeys.all, 'detail', id] as const,
};

export const partsListQuery = (params: PartsListParams) =>
  queryOptions({
    queryKey: partKeys.list(params),
    queryFn: ({ signal }) => apiList('/parts', 'partSchema', { query: { ...params }, signal }),
  });

/** "Our Parts" on the home page: the newest three (spec §2). */
export const newestPartsQuery = () => partsListQuery({ page: 1, limit: HOME_PARTS_COUNT, sort: 'newest' });

export const partQuery = (id: string) =>
  queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: ({ signal }) => apiJson(`/part/${encodeURIComponent(id)}`, 'partSchema', { signal }),
  });
