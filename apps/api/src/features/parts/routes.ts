import {
  apiMessages,
  idParams,
  partsQuerySchema,
  productInputSchema,
  productUpdateSchema,
} from '@store/shared';
import { type RequestHandler, Router } from 'express';
import { currentUser, requireAdmin } from '../../auth/guards.js';
import { sendPage } from '../../lib/pagination.js';
import { changes } from '../../lib/read-cache/remember.js';
import { parseInput, parseParams, parseQuery } from '../../lib/validate.js';
import type { PartsService } from './service.js';

const partId = (params: unknown) => parseParams(idParams, params, apiMessages.partNotFound).id;

/** Public catalog reads (`cached`: kept for the read cache); admin writes (Add Product, Update, Delete). */
export function partsRoutes(
  service: PartsService,
  { requireUser, cached }: { requireUser: RequestHandler; cached: RequestHandler },
): Router {
  const router = Router();

  router.get('/parts', cached, async (req, res) => {
    sendPage(req, res, await service.list(parseQuery(partsQuerySchema, req.query)));
  });

  router.get('/part/:id', cached, async (req, res) => {
    res.json(await service.get(partId(req.params)));
  });

  router.post('/addproduct', changes('parts'), requireUser, requireAdmin, async (req, res) => {
    const input = parseInput(productInputSchema, req.body ?? {});
    res.status(201).json(await service.add(currentUser(res), input));
  });

  router.put('/part/:id', changes('parts'), requireUser, requireAdmin, async (req, res) => {
    const input = parseInput(productUpdateSchema, req.body ?? {});
    res.json(await service.update(partId(req.params), input));
  });

  router.delete('/deleteparts/:id', changes('parts'), requireUser, requireAdmin, async (req, res) => {
    res.json(await service.remove(partId(req.params)));
  });

  return router;
}
