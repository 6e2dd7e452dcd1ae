import { partsQuerySchema } from '@store/shared';
import { Router } from 'express';
import { sendPage } from '../../lib/pagination.js';
import { parseQuery } from '../../lib/validate.js';
import type { PartsService } from './service.js';

/** Public catalog reads. */
export function partsRoutes(service: PartsService): Router {
  const router = Router();

  router.get('/parts', async (req, res) => {
    sendPage(res, await service.list(parseQuery(partsQuerySchema, req.query)));
  });

  router.get('/part/:id', async (req, res) => {
    res.json(await service.get(req.params.id));
  });

  return router;
}
