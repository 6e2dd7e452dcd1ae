import { skipToken, useQuery } from '@tanstack/react-query';
import { adminQuery } from '../lib/account-queries';
import { useSessionUser } from '../lib/session';

/**
 * Is the signed-in user an admin? Asked of the backend, never read from the token; pending while signed out.
 * Signed out, the query is `skipToken` rather than disabled: a page the store renders fetches
 * every query its components make, except these (ssr/render-page.tsx).
 */
export function useAdminStatus() {
  const user = useSessionUser();
  const query = adminQuery(user?.email ?? '');
  return useQuery({ ...query, queryFn: user ? query.queryFn : skipToken });
}
