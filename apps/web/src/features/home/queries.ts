import { homeReviews } from '../../lib/first-answers';
import { reviewsQuery } from '../reviews';

/** The reviews the home page shows (lib/first-answers.ts). */
export const homeReviewsQuery = () => reviewsQuery(homeReviews().reviews);
