import { TOAST_OPTIONS } from '@store/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { onSessionDenied } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { endSession } from '../lib/sign-out';
import { router } from './router';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // Any call refused with 401 or 403 signs the user out and goes to / (spec §6-§8).
  useEffect(
    () =>
      onSessionDenied(() => {
        void endSession(queryClient, () => router.navigate('/', { replace: true }));
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer {...TOAST_OPTIONS} />
    </QueryClientProvider>
  );
}
