import { catalogMessages, PAGE_SIZE, pageMessages, productMessages, stockMessages } from '@store/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PartCard, PartCardSkeleton } from '../../../components/part-card';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { catalogAnswer } from '../../../lib/first-answers';
import { partsListQuery } from '../../../lib/part-queries';
import { catalogParams } from '../catalog-params';
import { CatalogControlsIsland } from '../components/catalog-controls';
import { CatalogPagerIsland } from '../components/catalog-pager';
import { DidYouMean } from '../components/did-you-mean';
import { PagePastEnd } from '../components/page-past-end';

/**
 * Every part: search, sort and page, all kept in the URL so a link shows the same list. Its
 * controls and pager are islands: the store sends the catalog rendered (decision 023).
 */
export default function CatalogPage() {
  const [params] = useSearchParams();
  const list = catalogParams(params);
  const { q, sort, page, inStock } = list;
  const parts = useQuery({
    ...partsListQuery(catalogAnswer(list).list),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="mx-auto max-w-7xl px-6 py-12">
      <h1 className="text-4xl font-bold">{catalogMessages.title}</h1>
      <CatalogControlsIsland q={q} inStock={inStock} sort={sort ?? (q ? 'relevance' : 'newest')} />

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
          <PagePastEnd page={page} total={parts.data.total} limit={PAGE_SIZE.default}>
            <CatalogPagerIsland page={page} total={parts.data.total} />
          </PagePastEnd>
        ) : parts.data.items.length === 0 ? (
          <EmptyState>
            {inStock ? stockMessages.noneInStock : q ? productMessages.noMatch(q) : pageMessages.noParts}
          </EmptyState>
        ) : (
          <>
            {parts.data.suggestion && <DidYouMean suggestion={parts.data.suggestion} />}
            <p className="mb-4 text-sm text-base-content/70" aria-live="polite">
              {catalogMessages.count(parts.data.total, Boolean(parts.data.totalCapped), q)}
            </p>
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {/* The first row is above the fold (and the first image the page's largest paint). */}
              {parts.data.items.map((part, index) => (
                <PartCard key={part._id} part={part} priority={index < 3} heading="h2" />
              ))}
            </div>
            <CatalogPagerIsland
              page={page}
              total={
                // A capped search total may go on: while a next page exists, Next stays enabled.
                parts.data.totalCapped && parts.data.nextCursor
                  ? Math.max(parts.data.total, (page + 1) * PAGE_SIZE.default)
                  : parts.data.total
              }
              nextCursor={parts.data.nextCursor}
            />
          </>
        )}
      </div>
    </div>
  );
}
