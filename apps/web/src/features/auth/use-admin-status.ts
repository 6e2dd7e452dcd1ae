import { useQuery } from '@tanstack/react-query';
import { useSessionUser } from '../../lib/session';
import { adminQuery } from './api';

/** Is the signed-in user an admin? Asked of the backend (spec §6); pending while signed out. */
export function useAdminStatus() {
  const user = useSessionUser();
  return useQuery({ ...adminQuery(user?.email ?? ''), enabled: Boolean(user) });
}
