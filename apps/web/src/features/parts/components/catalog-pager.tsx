import { catalogMessages, MAX_PAGE, PAGE_SIZE } from '@store/shared';
import { island } from '../../../components/island';
import { useNavKit } from '../../../components/nav-kit';
import { Pagination } from '../../../components/ui/pagination';
import { catalogUrl } from './catalog-controls';

/**
 * The catalog's Previous and Next. "Next" follows the API's keyset cursor (kept in the URL with
 * the page number it labels), so every page of a large catalog is reachable; "Previous" asks for
 * the page by number; past the numbered pages the way back is the way the visitor came. An
 * island (decision 023).
 */
function CatalogPager({
  page,
  total,
  nextCursor,
}: {
  page: number;
  total: number;
  nextCursor?: string | undefined;
}) {
  const { go, back, search } = useNavKit();
  const toPage = (next: number) => {
    if (next === page + 1 && nextCursor) go(catalogUrl(search, { page: String(next), cursor: nextCursor }));
    else if (next <= MAX_PAGE) go(catalogUrl(search, { page: String(next), cursor: undefined }));
    else back();
  };
  return (
    <Pagination
      label={catalogMessages.pages}
      page={page}
      total={total}
      limit={PAGE_SIZE.default}
      onPage={toPage}
    />
  );
}

export const CatalogPagerIsland = island('catalog-pager', CatalogPager);
