import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { PartsService } from './service.js';

/** Public catalog reads (kept for the read cache); admin writes (Add Product, Update, Delete). */
export const partsHandlers = (service: PartsService) =>
  ({
    list: { cached: ['parts', 'categories'], handle: ({ query }) => service.list(query) },
    get: { cached: ['parts', 'categories'], handle: ({ params }) => service.get(params.id) },
    add: { changes: ['parts'], handle: ({ user, body }) => service.add(user, body) },
    update: { changes: ['parts'], handle: ({ user, params, body }) => service.update(user, params.id, body) },
    remove: { changes: ['parts'], handle: ({ user, params }) => service.remove(user, params.id) },
    facets: { cached: ['parts', 'categories'], handle: ({ query }) => service.facets(query) },
  }) satisfies FeatureHandlers<'parts'>;
