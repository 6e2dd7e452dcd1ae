import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { OverviewService } from './service.js';

/** Admin-only and signed in: never cached, always today's figures. */
export const overviewHandlers = (service: OverviewService) =>
  ({
    get: { handle: () => service.get() },
  }) satisfies FeatureHandlers<'overview'>;
