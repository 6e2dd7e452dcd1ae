import { HOME_PARTS_COUNT, homeMessages as m, pageMessages } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PartCard, PartCardSkeleton } from '../../../components/part-card';
import { SectionHeading } from '../../../components/ui/section-heading';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { newestPartsQuery } from '../../../lib/part-queries';

const grid = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

export function OurParts() {
  const parts = useQuery(newestPartsQuery());
  return (
    <section
      id="parts"
      aria-labelledby="parts-title"
      aria-busy={parts.isPending}
      className="mx-auto max-w-7xl scroll-mt-20 px-6 py-16"
    >
      <SectionHeading id="parts-title" title={m.partsTitle}>
        {m.partsText}
      </SectionHeading>
      {parts.isPending ? (
        <div className={grid}>
          {Array.from({ length: HOME_PARTS_COUNT }, (_, i) => (
            <PartCardSkeleton key={i} />
          ))}
        </div>
      ) : parts.isError ? (
        <ErrorState onRetry={() => parts.refetch()} />
      ) : parts.data.items.length === 0 ? (
        <EmptyState>{pageMessages.noParts}</EmptyState>
      ) : (
        <>
          <div className={grid}>
            {parts.data.items.map((part) => (
              <PartCard key={part._id} part={part} priority />
            ))}
          </div>
          <div className="mt-10 text-center">
            <Link to="/parts" className="btn btn-outline btn-primary">
              {m.seeAllParts}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
