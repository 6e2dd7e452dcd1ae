import type { User } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiJson, apiList } from '../../lib/api-client';

export const USERS_PAGE_SIZE = 20;

export const userKeys = {
  all: ['users'] as const,
  list: (page: number) => [...userKeys.all, 'list', page] as const,
};

export const usersQuery = (page: number) =>
  queryOptions({
    queryKey: userKeys.list(page),
    queryFn: ({ signal }) =>
      apiList<User>('/user', { auth: true, query: { page, limit: USERS_PAGE_SIZE }, signal }),
  });

export const makeAdmin = (email: string) =>
  apiJson<{ modifiedCount: number }>(`/user/admin/${encodeURIComponent(email)}`, {
    method: 'PUT',
    auth: true,
  });

export const removeUser = (email: string) =>
  apiJson<{ deletedCount: number }>(`/user/${encodeURIComponent(email)}`, { method: 'DELETE', auth: true });
