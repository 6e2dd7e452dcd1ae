import { type Review, reviewMessages, reviewPageMessages, uiMessages } from '@store/shared';
import { Rating } from './rating';

export function ReviewCard({ review, onDelete }: { review: Review; onDelete?: () => void }) {
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-sm" data-testid="review-card">
      <div className="card-body gap-4">
        <div className="flex items-center justify-between gap-2">
          <Rating value={review.ratings} />
          {review.verified && (
            <span className="badge badge-success badge-soft badge-sm" data-testid="verified-buyer">
              ✓ {reviewMessages.verifiedBuyer}
            </span>
          )}
        </div>
        <blockquote className="flex-1 text-base-content/80">
          <p>“{review.message}”</p>
        </blockquote>
        <figcaption className="flex items-center gap-3">
          <span className="avatar avatar-placeholder">
            <span
              // The placeholder's centring applies to a div child only: centre the initial here.
              className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-content"
              aria-hidden="true"
            >
              {review.name.trim().charAt(0).toUpperCase()}
            </span>
          </span>
          <span className="font-semibold">{review.name}</span>
          {onDelete && (
            <button type="button" className="btn btn-ghost btn-xs ml-auto text-error" onClick={onDelete}>
              {uiMessages.delete}
              <span className="sr-only"> {reviewPageMessages.deleteWhose(review.name)}</span>
            </button>
          )}
        </figcaption>
      </div>
    </figure>
  );
}
