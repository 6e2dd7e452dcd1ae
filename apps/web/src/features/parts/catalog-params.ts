import { PAGE_SIZE, type PartSort, partSortSchema } from '@store/shared';
import { pageParam } from '../../components/ui/paged-table';
import type { PartsListParams } from './api';

/** The list the catalog shows for its URL: search, sort, page, the in-stock filter and cursor. */
export function catalogParams(params: URLSearchParams): PartsListParams & { q: string; inStock: boolean } {
  const q = params.get('q')?.trim() ?? '';
  const parsedSort = partSortSchema.safeParse(params.get('sort'));
  const sort: PartSort | undefined = parsedSort.success ? parsedSort.data : undefined;
  return {
    page: pageParam(params),
    limit: PAGE_SIZE.default,
    sort,
    q,
    inStock: params.get('inStock') === '1',
    cursor: params.get('cursor') || undefined,
  };
}
