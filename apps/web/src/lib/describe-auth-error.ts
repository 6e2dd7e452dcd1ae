import { accountDisabledMessage, authErrorMessages, authFallbackError } from '@store/shared';
import { ApiError } from './api-client';
import { storeSettings } from './store-settings';

/** The identity provider's or the API's error, in words a person understands. */
export function describeAuthError(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'auth/user-disabled') return accountDisabledMessage(storeSettings().contact);
  if (typeof code === 'string' && authErrorMessages[code]) return authErrorMessages[code];
  return authFallbackError;
}
