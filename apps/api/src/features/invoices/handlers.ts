import type { RequestHandler } from 'express';
import { type FeatureHandlers, file } from '../../lib/route-handlers.js';
import type { InvoicesService } from './service.js';

export const invoicesHandlers = (
  service: InvoicesService,
  {
    downloadLimit,
  }: {
    /**
     * A render costs the CPU of hundreds of page answers: one account may not ask for them
     * without end, even though each version of an invoice is rendered once (decision 026).
     */
    downloadLimit: RequestHandler;
  },
) =>
  ({
    pdf: {
      limits: [downloadLimit],
      handle: async ({ user, params }) => {
        const { fileName, pdf } = await service.invoice(user, params.id);
        // Inline: the browser shows it and can still save it under this name. It carries a
        // customer's address and bill, so no cache, shared or not, may store it.
        return file(200, pdf, {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `inline; filename="${fileName}"`,
            'Cache-Control': 'private, no-store',
          },
        });
      },
    },
  }) satisfies FeatureHandlers<'invoices'>;
