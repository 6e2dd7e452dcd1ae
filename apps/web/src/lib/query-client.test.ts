import { describe, expect, it } from 'vitest';
import { ApiError, UnexpectedAnswerError } from './api-client';
import { shouldRetry } from './query-client';

describe('query retries (spec §9)', () => {
  it('retries a failure 3 times', () => {
    expect(shouldRetry(0, new Error('network'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'down'))).toBe(true);
    expect(shouldRetry(3, new Error('network'))).toBe(false);
  });

  it('never retries a client error or an answer that breaks the contract', () => {
    expect(shouldRetry(0, new ApiError(404, 'gone'))).toBe(false);
    expect(shouldRetry(0, new UnexpectedAnswerError('/parts', []))).toBe(false);
  });
});
