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
