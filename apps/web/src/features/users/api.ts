import type { CreditLimitInput } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

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
    queryFn: ({ signal }) => api.users.list({ query: { page, limit: USERS_PAGE_SIZE }, signal }),
  });

export const makeAdmin = (email: string) => api.users.makeAdmin({ params: { email } });

/** What the user's unpaid orders may total, in dollars; null: the store's default. */
export const setCreditLimit = ({ email, creditLimit }: { email: string } & CreditLimitInput) =>
  api.users.setCreditLimit({ params: { email }, body: { creditLimit } });

export const removeUser = (email: string) => api.users.remove({ params: { email } });

/** E-mails of removed users: refused at sign-in until restored. */
export const blockedQuery = () =>
  queryOptions({
    queryKey: userKeys.blocked(),
    queryFn: ({ signal }) => api.users.blocked({ query: { limit: BLOCKED_LIST_LIMIT }, signal }),
  });

export const restoreUser = (email: string) => api.users.restore({ params: { email } });
