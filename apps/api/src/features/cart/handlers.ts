import type { RequestHandler } from 'express';
import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { CartService } from './service.js';

/** Carts are private: no write here changes a public table the read cache keeps. */
export const cartHandlers = (
  service: CartService,
  {
    writeLimits = [],
  }: {
    /**
     * Per-account limits on changing the cart (lib/account-rate-limit.ts): an import reads up to
     * 500 rows, so one account must not be able to send them without end.
     */
    writeLimits?: RequestHandler[];
  } = {},
) =>
  ({
    get: { handle: ({ user }) => service.get(user) },
    set: {
      changes: [],
      limits: writeLimits,
      handle: ({ user, params, body }) => service.set(user, params.partId, body.quantity),
    },
    remove: {
      changes: [],
      limits: writeLimits,
      handle: ({ user, params }) => service.remove(user, params.partId),
    },
    clear: { changes: [], limits: writeLimits, handle: ({ user }) => service.clear(user) },
    import: { changes: [], limits: writeLimits, handle: ({ user, body }) => service.import(user, body.text) },
    merge: { changes: [], limits: writeLimits, handle: ({ user, body }) => service.merge(user, body) },
    reorder: {
      changes: [],
      limits: writeLimits,
      handle: ({ user, params }) => service.reorder(user, params.id),
    },
  }) satisfies FeatureHandlers<'cart'>;
