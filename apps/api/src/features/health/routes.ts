import { apiMessages } from '@store/shared';
import { Router } from 'express';
import type { DatabaseHandle } from '../../db/client.js';

/** Liveness and readiness in one: the store is healthy when its database answers. */
export function healthRoutes(database: Pick<DatabaseHandle, 'ping' | 'kind'>): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    try {
      await database.ping();
      res.set('Cache-Control', 'no-store').json({ status: 'ok', database: database.kind });
    } catch {
      res
        .status(503)
        .set('Cache-Control', 'no-store')
        .json({ status: 'error', message: apiMessages.unhealthy });
    }
  });
  return router;
}
