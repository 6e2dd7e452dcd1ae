import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { CartService } from './service.js';

/** Carts are private: no write here changes a public table the read cache keeps. */
export const cartHandlers = (service: CartService) =>
  ({
    get: { handle: ({ user }) => service.get(user) },
    set: { changes: [], handle: ({ user, params, body }) => service.set(user, params.partId, body.quantity) },
    remove: { changes: [], handle: ({ user, params }) => service.remove(user, params.partId) },
    clear: { changes: [], handle: ({ user }) => service.clear(user) },
    import: { changes: [], handle: ({ user, body }) => service.import(user, body.text) },
    merge: { changes: [], handle: ({ user, body }) => service.merge(user, body) },
    reorder: { changes: [], handle: ({ user, params }) => service.reorder(user, params.id) },
  }) satisfies FeatureHandlers<'cart'>;
