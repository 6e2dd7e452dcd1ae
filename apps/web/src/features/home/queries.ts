import { api } from '../../lib/api';
import { homeReviews } from '../../lib/first-answers';
import { reviewsQuery } from '../../lib/review-queries';

/** The reviews the home page shows (lib/first-answers.ts). */
export const homeReviewsQuery = () => reviewsQuery(homeReviews().reviews);

/** An admin's delete, from the review's card on the home page. */
export const deleteReview = (id: string) => api.reviews.remove({ params: { id } });
