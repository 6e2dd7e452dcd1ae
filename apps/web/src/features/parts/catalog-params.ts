import { PAGE_SIZE, type PartSort, pageSearch, partSortSchema } from '@store/shared';
import { pageParam } from '../../components/ui/paged-table';
import type { PartsListParams } from './api';

/**
 * The list the catalog shows for its URL: search, sort, page, the in-stock filter and cursor.
 * Read from `pageSearch` alone, by which the store keeps the rendered catalog (decision 024):
 * anything else in the URL must not change the page.
 */
export function catalogParams(url: URLSearchParams): PartsListParams & { q: string; inStock: boolean } {
  const params = new URLSearchParams(pageSearch('/parts', url));
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
