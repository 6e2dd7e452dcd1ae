import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const OUTBOX_PAGE_SIZE = 20;

export const outboxKeys = {
  all: ['outbox'] as const,
  page: (page: number) => [...outboxKeys.all, page] as const,
};

/** The e-mails a store without SMTP_URL wrote instead of sending, newest first (admin). */
export const outboxQuery = (page: number) =>
  queryOptions({
    queryKey: outboxKeys.page(page),
    queryFn: ({ signal }) => api.outbox.list({ query: { page, limit: OUTBOX_PAGE_SIZE }, signal }),
  });
