import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { endSession } from '../../lib/sign-out';

/** Sign Out: ends the session, then goes to `to` (/login by default). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (to = '/login') => endSession(queryClient, () => navigate(to, { replace: true })),
    [navigate, queryClient],
  );
}
