import {
  MAX_PAGE,
  PAGE_SIZE,
  type PartOrder,
  pageMessages,
  productMessages,
  stockMessages,
} from '@store/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Pagination } from '../../../components/ui/pagination';
import { SearchBox } from '../../../components/ui/search-box';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { partsListQuery } from '../api';
import { catalogParams } from '../catalog-params';
import { PagePastEnd } from '../components/page-past-end';
import { PartCard, PartCardSkeleton } from '../components/part-card';

const sorts: { value: PartOrder; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
];

/** A search with no sort named ranks the closest names first (decision 012). */
const bestMatch = { value: 'relevance', label: 'Best match' } as const;

/**
 * Every part: search, sort and page, all kept in the URL so a link shows the same list. "Next"
 * follows the API's keyset cursor (kept in the URL with the page number it labels), so every
 * page of a large catalog is reachable; "Previous" asks for the page by number.
 */
export default function CatalogPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const list = catalogParams(params);
  const { q, sort, page, inStock } = list;
  const shownSort: PartOrder = sort ?? (q ? 'relevance' : 'newest');
  const parts = useQuery({
    ...partsListQuery({ ...list, q: q || undefined }),
    placeholderData: keepPreviousData,
  });

  const toPage = (next: number) => {
    const nextCursor = parts.data?.nextCursor;
    if (next === page + 1 && nextCursor) update({ page: String(next), cursor: nextCursor });
    else if (next <= MAX_PAGE) update({ page: String(next), cursor: undefined });
    // Past the numbered pages the way back is the way the visitor came.
    else navigate(-1);
  };

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <div className="mx-auto max-w-7xl px-6 py-12">
      <h1 className="text-4xl font-bold">All parts</h1>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchBox
          label="Search parts by name"
          placeholder="Search parts by name"
          value={q}
          maxLength={100}
          onSearch={(term) => update({ q: term, page: undefined, cursor: undefined })}
        />
        <label className="flex cursor-pointer items-center gap-2 whitespace-nowrap text-sm">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            // Uncontrolled: the box ticks at once; the URL (changed after a tick) remounts it.
            defaultChecked={inStock}
            key={String(inStock)}
            onChange={(event) =>
              update({ inStock: event.target.checked ? '1' : undefined, page: undefined, cursor: undefined })
            }
          />
          {stockMessages.inStockOnly}
        </label>
        <label className="flex items-center gap-2 whitespace-nowrap text-sm">
          Sort
          <select
            className="select select-sm w-48"
            value={shownSort}
            onChange={(event) =>
              update({
                sort: event.target.value === bestMatch.value ? undefined : event.target.value,
                page: undefined,
                cursor: undefined,
              })
            }
          >
            {(q ? [bestMatch, ...sorts] : sorts).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="mt-8" aria-busy={parts.isFetching} data-testid="catalog-results">
        {parts.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <PartCardSkeleton key={i} />
            ))}
          </div>
        ) : parts.isError ? (
          <ErrorState onRetry={() => parts.refetch()} />
        ) : parts.data.items.length === 0 && parts.data.total > 0 ? (
          <PagePastEnd
            label="Catalog pages"
            page={page}
            total={parts.data.total}
            limit={PAGE_SIZE.default}
            onPage={(next) => update({ page: String(next), cursor: undefined })}
          />
        ) : parts.data.items.length === 0 ? (
          <EmptyState>
            {inStock ? stockMessages.noneInStock : q ? productMessages.noMatch(q) : pageMessages.noParts}
          </EmptyState>
        ) : (
          <>
            <p className="mb-4 text-sm text-base-content/70" aria-live="polite">
              {parts.data.total}
              {parts.data.totalCapped && '+'} {parts.data.total === 1 ? 'part' : 'parts'}
              {q && ` matching “${q}”`}
            </p>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {/* The first row is above the fold (and the first image the page's largest paint). */}
              {parts.data.items.map((part, index) => (
                <PartCard key={part._id} part={part} priority={index < 3} heading="h2" />
              ))}
            </div>
            <Pagination
              label="Catalog pages"
              page={page}
              total={
                // A capped search total may go on: while a next page exists, Next stays enabled.
                parts.data.totalCapped && parts.data.nextCursor
                  ? Math.max(parts.data.total, (page + 1) * PAGE_SIZE.default)
                  : parts.data.total
              }
              limit={PAGE_SIZE.default}
              onPage={toPage}
            />
          </>
        )}
      </div>
    </div>
  );
}
