import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay } from './query-client';

describe('query client (spec §9)', () => {
  const options = createQueryClient().getDefaultOptions().queries;

  it('keeps entries 5 minutes', () => {
    expect(options?.gcTime).toBe(5 * 60_000);
  });

  it('retries 3 times, but never a client error', () => {
    const retry = options?.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new Error('network'))).toBe(true);
    expect(retry(2, new Error('network'))).toBe(true);
    expect(retry(3, new Error('network'))).toBe(false);
    expect(retry(0, new ApiError(404, 'gone'))).toBe(false);
    expect(retry(0, new ApiError(503, 'down'))).toBe(true);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
