import { overviewSchema } from '../schemas/overview.js';
import { type FeatureContract, route } from './define.js';
import { routeTable } from './route-table.js';

export const overview = {
  get: route(routeTable.overview.get, {
    summary: "The owner's overview: revenue, orders to act on, low stock, top parts",
    description:
      'Revenue counts paid and shipped orders by the day they were placed, in the store’s time zone (`TZ`); `revenueByDay` has each of the last 30 days, today included. The figures are exact to the cent and read from totals the database keeps in the same transactions as the orders (decision 046), so the answer costs the same at any number of orders. `lowStock`: listed parts with fewer units than `LOW_STOCK_THRESHOLD` or than their minimum order, fewest first, at most 20. `topParts`: at most 10, by revenue over the last 30 days.',
    responses: { 200: { description: 'The figures.', schema: overviewSchema } },
  }),
} satisfies FeatureContract<'overview'>;
