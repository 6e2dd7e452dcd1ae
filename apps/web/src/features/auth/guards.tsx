import { toastMessages } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { isDenied } from '../../lib/api-client';
import { useSessionUser } from '../../lib/session';
import { adminQuery } from './api';
import { useSignOut } from './use-sign-out';

/** Sign-in-only pages: to /login, remembering where the visitor was going (spec §6). */
export function RequireAuth() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** Admin-only pages: anyone else is signed out and sent to /login with the spec's toast. */
export function RequireAdmin() {
  const user = useSessionUser();
  const admin = useQuery({ ...adminQuery(user?.email ?? ''), enabled: Boolean(user) });
  const signOut = useSignOut();
  const refused = admin.data?.admin === false || isDenied(admin.error);

  useEffect(() => {
    if (!refused) return;
    toast.error(toastMessages.unauthorized, { toastId: 'unauthorized' });
    void signOut('/login');
  }, [refused, signOut]);

  if (!user || admin.isPending || refused) return <LoadingState label="Checking your access…" />;
  if (admin.isError) return <ErrorState onRetry={() => admin.refetch()} />;
  return <Outlet />;
}
