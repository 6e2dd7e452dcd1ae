import { QUERY_CACHE } from '@store/shared';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client mistakes (4xx) will not change on retry; everything else is retried per spec §9. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_CACHE.retries;
}

export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, QUERY_CACHE.maxRetryDelayMs);

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: QUERY_CACHE.gcTimeMs, staleTime: 30_000, retry: shouldRetry, retryDelay },
    },
  });
}
