import { reviewsQuery } from '../reviews';

const HOME_REVIEWS_COUNT = 6;

/** The reviews the home page shows: the newest six. */
export const homeReviewsQuery = () => reviewsQuery({ page: 1, limit: HOME_REVIEWS_COUNT });
