import { apiMessages } from '@store/shared';
import type { RequestHandler } from 'express';
import { type FeatureHandlers, reply, stream } from '../../lib/route-handlers.js';
import type { OrdersService } from './service.js';

export const ordersHandlers = (
  service: OrdersService,
  {
    writeLimits = [],
  }: {
    /**
     * Per-account limits on placing and cancelling (lib/account-rate-limit.ts): each changes stock,
     * so each forgets every answer that shows parts, and the open-order cap bounds how many, not
     * how fast.
     */
    writeLimits?: RequestHandler[];
  } = {},
) =>
  ({
    // Only the schema's fields are read; any price, e-mail or name in the body is dropped by it.
    // An Idempotency-Key header makes a retry return the first order instead of placing another.
    place: {
      changes: ['parts'],
      limits: writeLimits,
      invalidHeaders: apiMessages.invalidIdempotencyKey,
      handle: async ({ user, body, headers }) =>
        reply(201, await service.place(user, body, headers['idempotency-key'])),
    },
    // One order of many lines: the cart, or the body's lines. Same limits and key as `place`.
    checkout: {
      changes: ['parts'],
      limits: writeLimits,
      invalidHeaders: apiMessages.invalidIdempotencyKey,
      handle: async ({ user, body, headers }) =>
        reply(201, await service.checkout(user, body, headers['idempotency-key'])),
    },
    mine: { handle: ({ user, query }) => service.listMine(user, query) },
    // The caller's own orders for their accounts: whose is the token's, never a parameter.
    mineCsv: {
      handle: ({ user, query }) => {
        const day = new Date().toISOString().slice(0, 10);
        return stream(service.exportMineCsv(user, query), {
          'Content-Disposition': `attachment; filename="my-orders-${day}.csv"`,
          // The customer's own orders: no shared cache keeps a copy.
          'Cache-Control': 'no-store',
        });
      },
    },
    get: { handle: ({ user, params }) => service.payment(user, params.id) },
    cancel: {
      changes: ['parts'],
      limits: writeLimits,
      handle: ({ user, params }) => service.cancel(user, params.id),
    },
    // The contract names the admin in the path; the registrar checks it is the caller (owner: 'self').
    all: { handle: ({ query }) => service.listAll(query) },
    // The desk's list for spreadsheets: every matching order, streamed a batch at a time.
    csv: {
      handle: ({ query }) => {
        const day = new Date().toISOString().slice(0, 10);
        return stream(service.exportCsv(query), {
          'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
          // Customers' addresses and phones: no cache keeps a copy.
          'Cache-Control': 'no-store',
        });
      },
    },
    move: {
      changes: ['parts', 'reviews'],
      handle: ({ user, params, body }) => service.move(user, params.id, body),
    },
  }) satisfies FeatureHandlers<'orders'>;
