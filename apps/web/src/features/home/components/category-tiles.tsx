import { browseMessages as m } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { SectionHeading } from '../../../components/ui/section-heading';
import { ErrorState } from '../../../components/ui/states';
import { categoriesQuery } from '../../../lib/part-queries';

/** The home page's 'Shop by category': a tile per top-level category with its number of parts. */
export function CategoryTiles() {
  const tree = useQuery(categoriesQuery());
  const tops = tree.data?.filter((category) => category.parent === null) ?? [];
  if (tree.isSuccess && tops.length === 0) return null;
  return (
    <section
      aria-labelledby="categories-title"
      aria-busy={tree.isPending}
      className="mx-auto max-w-7xl px-6 py-16"
    >
      <SectionHeading id="categories-title" title={m.shopByCategory} />
      {tree.isError ? (
        <ErrorState onRetry={() => tree.refetch()} />
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {tree.isPending
            ? Array.from({ length: 8 }, (_, i) => <li key={i} className="skeleton h-20" aria-hidden="true" />)
            : tops.map((category) => (
                <li key={category.slug}>
                  <Link
                    to={`/c/${encodeURIComponent(category.slug)}`}
                    className="flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-4 shadow-sm transition hover:shadow-md"
                  >
                    <span className="font-semibold">{category.name}</span>
                    <span className="text-sm text-base-content/70">{m.partCount(category.partCount)}</span>
                  </Link>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
