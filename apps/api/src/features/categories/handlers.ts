import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { CategoriesService } from './service.js';

/** The tree is public (kept for the read cache); admins change it. */
export const categoriesHandlers = (service: CategoriesService) =>
  ({
    list: { cached: ['categories', 'parts'], handle: () => service.list() },
    add: { changes: ['categories'], handle: ({ user, body }) => service.add(user, body) },
    update: {
      changes: ['categories'],
      handle: ({ user, params, body }) => service.update(user, params.slug, body),
    },
    remove: { changes: ['categories'], handle: ({ user, params }) => service.remove(user, params.slug) },
  }) satisfies FeatureHandlers<'categories'>;
