import { TOAST_OPTIONS, toastMessages } from '@store/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { onSessionDenied } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { endSession } from '../lib/sign-out';
import { notify } from '../lib/toast';
import { router } from './router';

/**
 * The toast container (and react-toastify with its styles) loads after the first paint: the home
 * route's JavaScript budget has no room for it, and a toast shown earlier waits in its queue.
 */
const ToastContainer = lazy(() =>
  import('react-toastify').then((module) => ({ default: module.ToastContainer })),
);

export function Providers({ children }: { children: ReactNode }) {
  // Any call refused with 401 or 403 signs the user out and goes to /. A 401 says
  // why, once: the first refused call ends the session, the others find none to end.
  useEffect(
    () =>
      onSessionDenied((status) => {
        if (status === 401 && session.token()) notify.error(toastMessages.sessionEnded);
        void endSession(queryClient, () => router.navigate('/', { replace: true }));
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <ToastContainer {...TOAST_OPTIONS} />
      </Suspense>
    </QueryClientProvider>
  );
}
