import type { FeatureHandlers } from '../../lib/route-handlers.js';
import { stream } from '../../lib/route-handlers.js';
import type { CatalogCsvService } from './catalog-csv.js';
import type { PartsService } from './service.js';

/**
 * Public catalog reads (kept for the read cache); admin writes (Add Product, Update, Delete);
 * the catalog as CSV, out and in.
 */
export const partsHandlers = (service: PartsService, csv: CatalogCsvService) =>
  ({
    list: { cached: ['parts', 'categories'], handle: ({ query }) => service.list(query) },
    get: { cached: ['parts', 'categories'], handle: ({ params }) => service.get(params.id) },
    add: { changes: ['parts'], handle: ({ user, body }) => service.add(user, body) },
    update: { changes: ['parts'], handle: ({ user, params, body }) => service.update(user, params.id, body) },
    remove: { changes: ['parts'], handle: ({ user, params }) => service.remove(user, params.id) },
    facets: { cached: ['parts', 'categories'], handle: ({ query }) => service.facets(query) },
    csv: {
      handle: () => {
        const day = new Date().toISOString().slice(0, 10);
        return stream(csv.exportCsv(), {
          'Content-Disposition': `attachment; filename="products-${day}.csv"`,
          // Stock figures and unlisted attributes: for the admin who asked, not for a shared cache.
          'Cache-Control': 'no-store',
        });
      },
    },
    // Every part the file adds or updates is public: the read caches of every instance forget them.
    import: { changes: ['parts'], largeBody: true, handle: ({ user, body }) => csv.import(user, body) },
  }) satisfies FeatureHandlers<'parts'>;
