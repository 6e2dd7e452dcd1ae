/**
 * What the shell may use of the home page: its reviews query, which app/first-views.test.ts holds
 * to the answer the router prefetches.
 */
export { homeReviewsQuery } from './queries';
