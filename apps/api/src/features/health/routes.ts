import { apiMessages } from '@store/shared';
import { Router } from 'express';
import type { IdentityProvider } from '../../auth/identity.js';
import type { DatabaseHandle } from '../../db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/errors.js';

/**
 * Liveness and readiness in one. The store can serve nothing without its database (503). Without
 * its identity provider it still serves the catalog and every signed-in session; only new
 * sign-ins fail, so that is `degraded` with 200 and the part that is down named.
 */
export function healthRoutes(
  database: Pick<DatabaseHandle, 'ping' | 'kind'>,
  identity: Pick<IdentityProvider, 'ping'>,
): Router {
  const router = Router();
  router.get('/health', async (_req, res) => {
    const [db, idp] = await Promise.allSettled([database.ping(), identity.ping()]);
    const identityState = idp.status === 'fulfilled' ? 'ok' : 'unreachable';
    res.set('Cache-Control', 'no-store');
    if (db.status === 'rejected') {
      res.status(503).set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).json({
        status: 'error',
        message: apiMessages.unhealthy,
        database: 'unreachable',
        identity: identityState,
      });
      return;
    }
    res.json({
      status: identityState === 'ok' ? 'ok' : 'degraded',
      database: 'ok',
      engine: database.kind,
      identity: identityState,
    });
  });
  return router;
}
