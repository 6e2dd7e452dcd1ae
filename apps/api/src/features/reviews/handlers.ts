import type { RequestHandler } from 'express';
import type { FeatureHandlers } from '../../lib/route-handlers.js';
import type { ReviewsService } from './service.js';

export const reviewsHandlers = (
  service: ReviewsService,
  {
    writeLimits = [],
  }: {
    /** Per-account limits on posting (lib/account-rate-limit.ts), after the guard names the account. */
    writeLimits?: RequestHandler[];
  } = {},
) =>
  ({
    list: { cached: ['reviews'], handle: ({ query }) => service.list(query) },
    add: { changes: ['reviews'], limits: writeLimits, handle: ({ user, body }) => service.add(user, body) },
    remove: { changes: ['reviews'], handle: ({ user, params }) => service.remove(user, params.id) },
  }) satisfies FeatureHandlers<'reviews'>;
