import type { QueryClient } from '@tanstack/react-query';
import { session } from './session';

/**
 * Ends the session everywhere it lives: our token, the cached data (it was someone's), and the
 * Firebase session, which is loaded only now so it stays out of the entry bundle.
 */
export async function endSession(queryClient: QueryClient, goTo: () => unknown): Promise<void> {
  session.clear();
  queryClient.clear();
  goTo();
  const { signOutIdentity } = await import('./firebase');
  await signOutIdentity().catch(() => undefined);
}

/**
 * Sign Out on a server-rendered page (decision 023): no cache to clear, and the sign-in page is a
 * new document, so the Firebase session is ended before it loads: leaving the page would cut the
 * call short. The top bar shows the visitor signed out at once (the session's subscribers).
 */
export async function signOutOfDocument(): Promise<void> {
  session.clear();
  try {
    const { signOutIdentity } = await import('./firebase');
    await signOutIdentity();
  } catch {} // the token is gone either way; Firebase's own session expires on its own
  window.location.assign('/login');
}
