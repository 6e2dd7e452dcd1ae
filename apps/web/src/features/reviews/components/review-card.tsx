import type { Review } from '@store/shared';
import { Rating } from './rating';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-sm" data-testid="review-card">
      <div className="card-body gap-4">
        <Rating value={review.ratings} />
        <blockquote className="flex-1 text-base-content/80">
          <p>“{review.message}”</p>
        </blockquote>
        <figcaption className="flex items-center gap-3">
          <span className="avatar avatar-placeholder">
            <span className="size-10 rounded-full bg-primary text-primary-content" aria-hidden="true">
              {review.name.trim().charAt(0).toUpperCase()}
            </span>
          </span>
          <span className="font-semibold">{review.name}</span>
        </figcaption>
      </div>
    </figure>
  );
}
