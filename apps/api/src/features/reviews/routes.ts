import { apiMessages, idParams, paginationQuerySchema, reviewInputSchema } from '@store/shared';
import { type RequestHandler, Router } from 'express';
import { currentUser, requireAdmin } from '../../auth/guards.js';
import { sendPage } from '../../lib/pagination.js';
import { parseInput, parseParams, parseQuery } from '../../lib/validate.js';
import type { ReviewsService } from './service.js';

export function reviewsRoutes(
  service: ReviewsService,
  { requireUser, cached }: { requireUser: RequestHandler; cached: RequestHandler },
): Router {
  const router = Router();

  router.get('/reviews', cached, async (req, res) => {
    sendPage(req, res, await service.list(parseQuery(paginationQuerySchema, req.query)));
  });

  router.post('/review', requireUser, async (req, res) => {
    const input = parseInput(reviewInputSchema, req.body ?? {});
    res.status(201).json(await service.add(currentUser(res), input));
  });

  router.delete('/review/:id', requireUser, requireAdmin, async (req, res) => {
    res.json(await service.remove(parseParams(idParams, req.params, apiMessages.reviewNotFound).id));
  });

  return router;
}
