import { homeMessages as m, pageMessages, reviewMessages, uiMessages } from '@store/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { SectionHeading } from '../../../components/ui/section-heading';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { useAdminStatus } from '../../../hooks/use-admin-status';
import { reviewKeys } from '../../../lib/review-queries';
import { useSessionUser } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { deleteReview, homeReviewsQuery } from '../queries';
import { ReviewCard } from './review-card';

export function HomeReviews() {
  const reviews = useQuery(homeReviewsQuery());
  const user = useSessionUser();
  // Admins may delete a review where they see it; only signed-in visitors ask.
  const admin = useAdminStatus();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const remove = useMutation({
    mutationFn: deleteReview,
    onSuccess: () => {
      notify.success(reviewMessages.deleted);
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
    },
    onError: (error) => notify.error(error.message),
  });
  const canDelete = Boolean(user) && admin.data?.admin === true;

  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl scroll-mt-20 px-6 py-16">
        <SectionHeading id="reviews-title" title={m.reviewsTitle}>
          {m.reviewsText}
        </SectionHeading>
        {reviews.isPending ? (
          <LoadingState label={m.loadingReviews} />
        ) : reviews.isError ? (
          <ErrorState onRetry={() => reviews.refetch()} />
        ) : reviews.data.items.length === 0 ? (
          <EmptyState>{pageMessages.noReviews}</EmptyState>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reviews.data.items.map((review) => (
              <li key={review._id}>
                <ReviewCard
                  review={review}
                  {...(canDelete && {
                    onDelete: async () => {
                      if (await confirm(reviewMessages.confirmDelete, uiMessages.delete))
                        remove.mutate(review._id);
                    },
                  })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {dialog}
    </section>
  );
}
