/** What other parts of the app may use of the home page: its data, for the router to prefetch. */
export { homeReviewsQuery } from './queries';
