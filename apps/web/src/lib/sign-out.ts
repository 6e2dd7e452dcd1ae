import type { QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { session } from './session';

/** How long Sign Out waits for the store to end the token before it gives up on that. */
const END_ON_SERVER_TIMEOUT_MS = 3_000;

/**
 * Asks the store to end our token (every token of the account: decision 028), so a copy of it
 * stops working at once rather than at its expiry. Started before the token is cleared here;
 * Sign Out goes on whatever the answer (signed out already, store unreachable…).
 */
function endOnServer(): Promise<unknown> {
  const token = session.token();
  if (!token) return Promise.resolve();
  return api.users
    .endSession({
      // Its own bearer: a refusal here must not start another Sign Out (api-client's onSessionDenied).
      bearer: token,
      signal: AbortSignal.timeout(END_ON_SERVER_TIMEOUT_MS),
    })
    .catch(() => undefined);
}

/**
 * Ends the session everywhere it lives: our token (on the store too), the cached data (it was
 * someone's), and the Firebase session, which is loaded only now so it stays out of the entry
 * bundle.
 */
export async function endSession(queryClient: QueryClient, goTo: () => unknown): Promise<void> {
  const ended = endOnServer();
  session.clear();
  queryClient.clear();
  goTo();
  const { signOutIdentity } = await import('./firebase');
  await Promise.all([signOutIdentity().catch(() => undefined), ended]);
}

/**
 * Sign Out on a server-rendered page (decision 023): no cache to clear, and the sign-in page is a
 * new document, so the Firebase session is ended before it loads: leaving the page would cut the
 * call short. The top bar shows the visitor signed out at once (the session's subscribers).
 */
export async function signOutOfDocument(): Promise<void> {
  const ended = endOnServer();
  session.clear();
  try {
    const { signOutIdentity } = await import('./firebase');
    await signOutIdentity();
  } catch {} // the token is gone either way; Firebase's own session expires on its own
  // Leaving the page would cut the store's call short.
  await ended;
  window.location.assign('/login');
}
