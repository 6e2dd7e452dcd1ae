import type { OutboxEmail, PaginationQuery } from '@store/shared';
import { type Page, toOffset } from '../../lib/pagination.js';
import type { OutboxStore } from '../../mail/outbox.js';

/** The e-mails a store without SMTP_URL wrote instead of sending (admins only: they hold customers' details). */
export function createOutboxService(store: OutboxStore) {
  return {
    list: (query: PaginationQuery): Promise<Page<OutboxEmail>> => store.list(toOffset(query)),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
