import { apiMessages, idParams, paginationQuerySchema, reviewInputSchema } from '@store/shared';
import { type RequestHandler, Router } from 'express';
import { currentUser, requireAdmin } from '../../auth/guards.js';
import { sendPage } from '../../lib/pagination.js';
import { changes } from '../../lib/read-cache/remember.js';
import { parseInput, parseParams, parseQuery } from '../../lib/validate.js';
import type { ReviewsService } from './service.js';

export function reviewsRoutes(
  service: ReviewsService,
  {
    requireUser,
    cached,
    writeLimits = [],
  }: {
    requireUser: RequestHandler;
    cached: RequestHandler;
    /** Per-account limits on posting (lib/account-rate-limit.ts), after the guard names the account. */
    writeLimits?: RequestHandler[];
  },
): Router {
  const router = Router();

  router.get('/reviews', cached, async (req, res) => {
    sendPage(req, res, await service.list(parseQuery(paginationQuerySchema, req.query)));
  });

  router.post('/review', changes('reviews'), requireUser, ...writeLimits, async (req, res) => {
    const input = parseInput(reviewInputSchema, req.body ?? {});
    res.status(201).json(await service.add(currentUser(res), input));
  });

  router.delete('/review/:id', changes('reviews'), requireUser, requireAdmin, async (req, res) => {
    res.json(await service.remove(parseParams(idParams, req.params, apiMessages.reviewNotFound).id));
  });

  return router;
}
