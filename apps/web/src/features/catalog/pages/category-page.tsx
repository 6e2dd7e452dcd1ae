import { catalogMessages, browseMessages as m, partPageMessages } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../../../components/page-head';
import { PartCard, PartCardSkeleton } from '../../../components/part-card';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { type CategoryView, categoryList, categoryView } from '../../../lib/first-answers';
import { categoriesQuery, partQuery, partsListQuery } from '../../../lib/part-queries';
import { facetsQuery } from '../api';
import { ActiveFilterChipsIsland } from '../components/active-filter-chips';
import { CategoryPagerIsland } from '../components/category-pager';
import { CompareBarIsland } from '../components/compare-bar';
import { CompareToggleIsland } from '../components/compare-toggle';
import { FilterPanelIsland } from '../components/filter-panel';
import { FitsMyBoardIsland } from '../components/fits-my-board';
import { activeFilters, ignoredLabels } from '../filters';

/**
 * A category's page: its parts, the filter panel with counts beside them, the active
 * filters as chips, and the cards with Compare. Everything chosen is in the URL (`/c/memory?
 * brand=Kestrel&attr.capacity=32..`), so a link or a reload shows the same list. The store sends
 * it rendered (decision 023) from the answers it declares (lib/first-answers.ts, categoryPage);
 * the panel, chips, pager and Compare are islands.
 */
export default function CategoryPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const view = categoryView(slug, params);
  const tree = useQuery(categoriesQuery());
  const category = tree.data?.find((known) => known.slug === slug);
  usePageTitle(category?.name, category && m.categoryDescription(category.name));

  if (tree.isPending) return <LoadingState label={catalogMessages.title} />;
  if (tree.isError) {
    return (
      <div className="px-6 py-16">
        <ErrorState onRetry={() => tree.refetch()} />
      </div>
    );
  }
  if (!category) {
    return (
      <div className="mx-auto max-w-xl px-6 py-24 text-center" data-testid="category-not-found">
        <h1 className="text-3xl font-bold">{m.categoryNotFound}</h1>
        <Link to="/parts" className="btn btn-primary mt-8">
          {partPageMessages.toCatalog}
        </Link>
      </div>
    );
  }
  return <CategoryParts name={category.name} view={view} />;
}

function CategoryParts({ name, view }: { name: string; view: CategoryView }) {
  const parts = useQuery(partsListQuery(categoryList(view)));
  const facets = useQuery(facetsQuery(view));
  const matchedId = view.filters.compatibleWith;
  const matched = useQuery({ ...partQuery(matchedId ?? ''), enabled: Boolean(matchedId) });
  const ignored = ignoredLabels(view);

  return (
    <div className="mx-auto max-w-7xl px-6 py-12">
      <h1 className="text-4xl font-bold">{name}</h1>
      {ignored.length > 0 && (
        <p role="status" className="alert alert-warning mt-6 text-sm" data-testid="filters-ignored">
          {m.filtersIgnored(ignored.join(', '))}
        </p>
      )}
      <div className="mt-8 flex flex-col gap-8 lg:flex-row">
        {facets.data ? (
          <FilterPanelIsland view={view} facets={facets.data.facets} total={facets.data.total} />
        ) : facets.isError ? (
          <div className="lg:w-64">
            <ErrorState onRetry={() => facets.refetch()} />
          </div>
        ) : (
          <div className="lg:w-64" aria-hidden="true">
            <div className="skeleton h-64 w-full" />
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <FitsMyBoardIsland view={view} matchedName={matched.data?.name} />
            <ActiveFilterChipsIsland chips={activeFilters(view, facets.data?.facets)} />
          </div>
          <div aria-busy={parts.isFetching} data-testid="category-results">
            {parts.isPending ? (
              <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                {Array.from({ length: 6 }, (_, i) => (
                  <PartCardSkeleton key={i} />
                ))}
              </div>
            ) : parts.isError ? (
              <ErrorState onRetry={() => parts.refetch()} />
            ) : parts.data.items.length === 0 ? (
              <EmptyState>{m.noMatch}</EmptyState>
            ) : (
              <>
                <p
                  className="mb-4 text-sm text-base-content/70"
                  aria-live="polite"
                  data-testid="category-count"
                >
                  {m.results(parts.data.total)}
                </p>
                <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                  {parts.data.items.map((part, index) => (
                    <PartCard
                      key={part._id}
                      part={part}
                      priority={index < 3}
                      heading="h2"
                      extra={<CompareToggleIsland id={part._id} name={part.name} />}
                    />
                  ))}
                </div>
                <CategoryPagerIsland view={view} total={parts.data.total} />
              </>
            )}
          </div>
          <CompareBarIsland />
        </div>
      </div>
    </div>
  );
}
