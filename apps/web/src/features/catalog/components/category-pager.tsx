import { catalogMessages, PAGE_SIZE } from '@store/shared';
import { island } from '../../../components/island';
import { Pagination } from '../../../components/ui/pagination';
import { type CategoryView, searchWith, useGoToSearch } from '../filters';

/** A category page's Previous and Next, by page number in the URL. An island. */
function CategoryPager({ view, total }: { view: CategoryView; total: number }) {
  const go = useGoToSearch();
  return (
    <Pagination
      label={catalogMessages.pages}
      page={view.page}
      total={total}
      limit={PAGE_SIZE.default}
      onPage={(page) => {
        const search = new URLSearchParams(searchWith(view, {}));
        if (page > 1) search.set('page', String(page));
        go(search.size ? `?${search}` : '');
      }}
    />
  );
}

export const CategoryPagerIsland = island('category-pager', CategoryPager);
