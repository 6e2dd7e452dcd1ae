import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * What the store knows of the signed-in account: read by the guards, checkout, My Profile and the
 * admin's own actions, so one key per answer serves them all.
 */
export const authKeys = {
  admin: (email: string) => ['auth', 'admin', email] as const,
  /** My Profile's defaults and what checkout starts from: an order placed changes the latter. */
  profile: (email: string) => ['auth', 'profile', email] as const,
};

/** Admin status is asked of the backend per signed-in e-mail. */
export const adminQuery = (email: string) =>
  queryOptions({
    queryKey: authKeys.admin(email),
    queryFn: ({ signal }) => api.users.adminStatus({ params: { email }, signal }),
    staleTime: 60_000,
  });

/** The signed-in customer's defaults, and the phone and address checkout starts from. */
export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: authKeys.profile(email),
    queryFn: ({ signal }) => api.users.profile({ signal }),
  });
