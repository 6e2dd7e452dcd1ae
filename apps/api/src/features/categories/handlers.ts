import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { CategoriesService } from './service.js';

/** The tree is public (kept for the read cache); admins change it. */
export const categoriesHandlers = (service: CategoriesService) =>
  ({
    list: { cached: ['categories', 'parts'], handle: () => service.list() },
    add: { changes: ['categories'], handle: ({ body }) => service.add(body) },
    update: { changes: ['categories'], handle: ({ params, body }) => service.update(params.slug, body) },
    remove: { changes: ['categories'], handle: ({ params }) => service.remove(params.slug) },
  }) satisfies FeatureHandlers<'categories'>;
