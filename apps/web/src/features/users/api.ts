import { queryOptions } from '@tanstack/react-query';
import { apiJson, apiList } from '../../lib/api-client';

export const USERS_PAGE_SIZE = 20;

export const userKeys = {
  all: ['users'] as const,
  list: (page: number) => [...userKeys.all, 'list', page] as const,
  blocked: () => [...userKeys.all, 'blocked'] as const,
};

/** Removed users stay few; the newest hundred is what an admin looks through. */
const BLOCKED_LIST_LIMIT = 100;

export const usersQuery = (page: number) =>
  queryOptions({
    queryKey: userKeys.list(page),
    queryFn: ({ signal }) =>
      apiList('/user', 'listedUserSchema', { auth: true, query: { page, limit: USERS_PAGE_SIZE }, signal }),
  });

export const makeAdmin = (email: string) =>
  apiJson(`/user/admin/${encodeURIComponent(email)}`, 'updateResultSchema', {
    method: 'PUT',
    auth: true,
  });

export const removeUser = (email: string) =>
  apiJson(`/user/${encodeURIComponent(email)}`, 'deleteResultSchema', { method: 'DELETE', auth: true });

/** E-mails of removed users: refused at sign-in until restored. */
export const blockedQuery = () =>
  queryOptions({
    queryKey: userKeys.blocked(),
    queryFn: ({ signal }) =>
      apiList('/users/blocked', 'blockedEmailSchema', {
        auth: true,
        query: { limit: BLOCKED_LIST_LIMIT },
        signal,
      }),
  });

export const restoreUser = (email: string) =>
  apiJson(`/users/blocked/${encodeURIComponent(email)}`, 'deleteResultSchema', {
    method: 'DELETE',
    auth: true,
  });
