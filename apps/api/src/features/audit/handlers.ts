import { type FeatureHandlers, stream } from '../../lib/route-handlers.js';
import type { AuditService } from './service.js';

/** Reads only: the trail is written by the other features' services, in their own transactions. */
export const auditHandlers = (service: AuditService) =>
  ({
    list: { handle: ({ query }) => service.list(query) },
    csv: {
      handle: ({ query }) => {
        const day = new Date().toISOString().slice(0, 10);
        return stream(service.exportCsv(query), {
          'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
          // Customers' e-mails and admins' actions: no cache keeps a copy.
          'Cache-Control': 'no-store',
        });
      },
    },
  }) satisfies FeatureHandlers<'audit'>;
