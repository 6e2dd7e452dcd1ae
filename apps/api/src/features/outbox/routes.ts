import { paginationQuerySchema } from '@store/shared';
import { type RequestHandler, Router } from 'express';
import { requireAdmin } from '../../auth/guards.js';
import { sendPage } from '../../lib/pagination.js';
import { parseQuery } from '../../lib/validate.js';
import type { OutboxService } from './service.js';

export function outboxRoutes(
  service: OutboxService,
  { requireUser }: { requireUser: RequestHandler },
): Router {
  const router = Router();
  router.get('/outbox', requireUser, requireAdmin, async (req, res) => {
    sendPage(req, res, await service.list(parseQuery(paginationQuerySchema, req.query)));
  });
  return router;
}
