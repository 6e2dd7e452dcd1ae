import { paginationQuerySchema } from '@store/shared';
import { Router } from 'express';
import { sendPage } from '../../lib/pagination.js';
import { parseQuery } from '../../lib/validate.js';
import type { ReviewsService } from './service.js';

export function reviewsRoutes(service: ReviewsService): Router {
  const router = Router();

  router.get('/reviews', async (req, res) => {
    sendPage(res, await service.list(parseQuery(paginationQuerySchema, req.query)));
  });

  return router;
}
