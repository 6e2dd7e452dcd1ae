export { deleteReview, reviewKeys, reviewsQuery } from './api';
export { Rating } from './components/rating';
export { ReviewCard } from './components/review-card';
