import { catalogMessages, browseMessages as m, PAGE_SIZE, partPageMessages } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useNavKit } from '../../../components/nav-kit';
import { usePageTitle } from '../../../components/page-head';
import { Pagination } from '../../../components/ui/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { categoriesQuery, PartCard, PartCardSkeleton, partQuery, useMatchPart } from '../../parts';
import { categoryPartsQuery, facetsQuery } from '../api';
import { ActiveFilterChips } from '../components/active-filter-chips';
import { CompareBarIsland } from '../components/compare-bar';
import { CompareToggleIsland } from '../components/compare-toggle';
import { FilterPanel } from '../components/filter-panel';
import { activeFilters, type CategoryView, categoryView, searchWith } from '../filters';

/**
 * A category's page (issue 23): its parts, the filter panel with counts beside them, the active
 * filters as chips, and the cards with Compare. Everything chosen is in the URL (`/c/memory?
 * brand=Kestrel&attr.capacity=32..`), so a link or a reload shows the same list.
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
  const { go: goTo, pathname } = useNavKit();
  const go = (search: string) => goTo(`${pathname}${search}`);
  const parts = useQuery(categoryPartsQuery(view));
  const facets = useQuery(facetsQuery(view));
  const matchPart = useMatchPart();
  const matchedId = view.filters.compatibleWith;
  const matched = useQuery({ ...partQuery(matchedId ?? ''), enabled: Boolean(matchedId) });

  return (
    <div className="mx-auto max-w-7xl px-6 py-12">
      <h1 className="text-4xl font-bold">{name}</h1>
      <div className="mt-8 flex flex-col gap-8 lg:flex-row">
        {facets.data ? (
          <FilterPanel view={view} facets={facets.data.facets} go={go} />
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
            {matchedId && (
              <button
                type="button"
                className="badge badge-lg gap-1 badge-secondary"
                aria-label={m.removeFilter(m.fitsChip(matched.data?.name ?? ''))}
                onClick={() => go(searchWith(view, { compatibleWith: undefined }))}
              >
                {m.fitsChip(matched.data?.name ?? '')}
                <span aria-hidden="true">{m.removeMark}</span>
              </button>
            )}
            {!matchedId && matchPart && (
              <button
                type="button"
                className="btn btn-outline btn-secondary btn-sm"
                onClick={() => go(searchWith(view, { compatibleWith: matchPart.id }))}
              >
                {m.fitsMyBoard(matchPart.name)}
              </button>
            )}
            <ActiveFilterChips chips={activeFilters(view, facets.data?.facets)} go={go} />
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
                <Pagination
                  label={catalogMessages.pages}
                  page={view.page}
                  total={parts.data.total}
                  limit={PAGE_SIZE.default}
                  onPage={(page) => {
                    const search = new URLSearchParams(searchWith(view, {}));
                    if (page > 1) search.set('page', String(page));
                    go(search.size ? `?${search}` : '');
                  }}
                />
              </>
            )}
          </div>
          <CompareBarIsland />
        </div>
      </div>
    </div>
  );
}
