import { QUERY_CACHE } from '@store/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError, UnexpectedAnswerError } from './api-client';

/**
 * The cache time (5 minutes) and back-off (doubling, capped at 30 s) the app uses are TanStack Query's
 * defaults. Its retries are too, except that a client mistake (4xx) or an answer that breaks the
 * contract will not change on retry.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof UnexpectedAnswerError) return false;
  return failureCount < QUERY_CACHE.retries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry } } });
}

/**
 * The app's one cache: the providers hand it to the pages, and the router's loaders start a public
 * page's first requests in it as its route matches (app/router.tsx).
 */
export const queryClient = createQueryClient();
