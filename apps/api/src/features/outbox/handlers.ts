import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { OutboxService } from './service.js';

export const outboxHandlers = (service: OutboxService) =>
  ({
    list: { handle: ({ query }) => service.list(query) },
  }) satisfies FeatureHandlers<'outbox'>;
