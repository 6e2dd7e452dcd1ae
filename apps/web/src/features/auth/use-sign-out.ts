import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { isDenied } from '../../lib/api-client';
import { session } from '../../lib/session';

/**
 * Sign Out (spec §4): clears our token, the cached data and the Firebase session, then goes to
 * `to` (/login by default).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to = '/login') => {
      session.clear();
      queryClient.clear();
      navigate(to, { replace: true });
      const { signOutIdentity } = await import('../../lib/firebase');
      await signOutIdentity().catch(() => undefined);
    },
    [navigate, queryClient],
  );
}

/** My Orders and Users (spec §7): a 401 or 403 signs the user out and goes to /. */
export function useSignOutWhenDenied(error: unknown) {
  const signOut = useSignOut();
  const denied = isDenied(error);
  useEffect(() => {
    if (denied) void signOut('/');
  }, [denied, signOut]);
}
