import { pageMessages } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { SectionHeading } from '../../../components/ui/section-heading';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { ReviewCard, reviewsQuery } from '../../reviews';

const HOME_REVIEWS_COUNT = 6;

export function HomeReviews() {
  const reviews = useQuery(reviewsQuery({ page: 1, limit: HOME_REVIEWS_COUNT }));
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl scroll-mt-20 px-6 py-16">
        <SectionHeading id="reviews-title" title="What our customers say">
          Reviews from the builders, shops and IT teams we supply.
        </SectionHeading>
        {reviews.isPending ? (
          <LoadingState label="Loading reviews…" />
        ) : reviews.isError ? (
          <ErrorState onRetry={() => reviews.refetch()} />
        ) : reviews.data.items.length === 0 ? (
          <EmptyState>{pageMessages.noReviews}</EmptyState>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.data.items.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
