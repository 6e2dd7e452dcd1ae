import { authErrorMessages, authFallbackError } from '@store/shared';
import { ApiError } from '../../lib/api-client';

/** The identity provider's or the API's error, in words a person understands. */
export function describeAuthError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (typeof code === 'string' && authErrorMessages[code]) return authErrorMessages[code];
  return authFallbackError;
}
