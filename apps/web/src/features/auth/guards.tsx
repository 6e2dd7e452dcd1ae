import { authPageMessages, toastMessages } from '@store/shared';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/ui/states';
import { useAdminStatus } from '../../hooks/use-admin-status';
import { useSessionUser } from '../../lib/session';
import { notify } from '../../lib/toast';
import { useSignOut } from './use-sign-out';

/** Sign-in-only pages: to /login, remembering where the visitor was going. */
export function RequireAuth() {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <Outlet />;
}

/** Admin-only pages: anyone else is signed out and sent to /login with the 'unauthorized' toast. */
export function RequireAdmin() {
  const user = useSessionUser();
  const admin = useAdminStatus();
  const signOut = useSignOut();
  // A refused call (401/403) is the API client's to handle: it signs out and goes to /.
  const refused = admin.data?.admin === false;

  useEffect(() => {
    if (!refused) return;
    notify.error(toastMessages.unauthorized, { toastId: 'unauthorized' });
    void signOut('/login');
  }, [refused, signOut]);

  if (!user || admin.isPending || refused) return <LoadingState label={authPageMessages.checkingAccess} />;
  if (admin.isError) return <ErrorState onRetry={() => admin.refetch()} />;
  return <Outlet />;
}
