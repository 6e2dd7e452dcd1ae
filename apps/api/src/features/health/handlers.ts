import { apiMessages } from '@store/shared';
import type { IdentityProvider } from '../../auth/identity.js';
import type { DatabaseHandle } from '../../db/client.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/errors.js';
import type { RedisHandle } from '../../lib/redis.js';
import { type FeatureHandlers, reply } from '../../lib/route-handlers.js';

/**
 * Liveness and readiness in one. The store can serve nothing without its database (503). Without
 * its identity provider it still serves the catalog and every signed-in session; only new
 * sign-ins fail, so that is `degraded` with 200 and the part that is down named; so is Redis.
 */
export const healthHandlers = (
  database: Pick<DatabaseHandle, 'ping' | 'kind'>,
  identity: Pick<IdentityProvider, 'ping'>,
  redis?: Pick<RedisHandle, 'ping'>,
) =>
  ({
    check: {
      handle: async () => {
        const [db, idp, shared] = await Promise.allSettled([database.ping(), identity.ping(), redis?.ping()]);
        const identityState = idp.status === 'fulfilled' ? 'ok' : 'unreachable';
        // Without Redis, sign-in limits are counted per instance: degraded, not down.
        const redisState = redis && (shared.status === 'fulfilled' ? 'ok' : 'unreachable');
        const noStore = { 'Cache-Control': 'no-store' };
        if (db.status === 'rejected') {
          return reply(
            503,
            {
              status: 'error',
              message: apiMessages.unhealthy,
              database: 'unreachable',
              identity: identityState,
              ...(redisState && { redis: redisState }),
            },
            { ...noStore, 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
          );
        }
        return reply(
          200,
          {
            status: identityState === 'ok' && redisState !== 'unreachable' ? 'ok' : 'degraded',
            database: 'ok',
            engine: database.kind,
            identity: identityState,
            ...(redisState && { redis: redisState }),
          },
          noStore,
        );
      },
    },
  }) satisfies FeatureHandlers<'health'>;
