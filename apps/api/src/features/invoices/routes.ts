import { apiMessages, idParams } from '@store/shared';
import { type RequestHandler, Router } from 'express';
import { currentUser } from '../../auth/guards.js';
import { parseParams } from '../../lib/validate.js';
import type { InvoicesService } from './service.js';

export function invoicesRoutes(
  service: InvoicesService,
  { requireUser, downloadLimit }: { requireUser: RequestHandler; downloadLimit: RequestHandler },
): Router {
  const router = Router();

  router.get('/order/:id/invoice.pdf', requireUser, downloadLimit, async (req, res) => {
    const id = parseParams(idParams, req.params, apiMessages.orderNotFound).id;
    const { fileName, pdf } = await service.invoice(currentUser(res), id);
    // Inline: the browser shows it and can still save it under this name. It carries a
    // customer's address and bill, so no cache, shared or not, may store it.
    res
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${fileName}"`,
        'Cache-Control': 'private, no-store',
      })
      .send(pdf);
  });

  return router;
}
