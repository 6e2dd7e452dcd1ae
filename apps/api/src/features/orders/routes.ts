import {
  apiMessages,
  emailParams,
  idParams,
  myOrdersQuerySchema,
  orderHeadersSchema,
  orderInputSchema,
  orderStatusUpdateSchema,
  ordersFilterSchema,
  ordersQuerySchema,
} from '@store/shared';
import { type RequestHandler, Router } from 'express';
import { currentUser, requireAdmin } from '../../auth/guards.js';
import { Forbidden } from '../../lib/domain-errors.js';
import { sendPage } from '../../lib/pagination.js';
import { changes } from '../../lib/read-cache/remember.js';
import { sendChunks } from '../../lib/send-chunks.js';
import { parseInput, parseParams, parseQuery } from '../../lib/validate.js';
import type { OrdersService } from './service.js';

const orderId = (params: unknown) => parseParams(idParams, params, apiMessages.orderNotFound).id;

export function ordersRoutes(
  service: OrdersService,
  {
    requireUser,
    writeLimits = [],
  }: {
    requireUser: RequestHandler;
    /**
     * Per-account limits on placing and cancelling (lib/account-rate-limit.ts): each changes stock,
     * so each forgets every answer that shows parts, and the open-order cap bounds how many, not
     * how fast.
     */
    writeLimits?: RequestHandler[];
  },
): Router {
  const router = Router();

  // Only these four fields are read; any price, e-mail or name in the body is dropped by the schema.
  // An Idempotency-Key header makes a retry return the first order instead of placing another.
  router.post('/order', changes('parts'), requireUser, ...writeLimits, async (req, res) => {
    const headers = parseInput(orderHeadersSchema, req.headers, apiMessages.invalidIdempotencyKey);
    const input = parseInput(orderInputSchema, req.body ?? {});
    res.status(201).json(await service.place(currentUser(res), input, headers['idempotency-key']));
  });

  router.get('/myorder', requireUser, async (req, res) => {
    sendPage(req, res, await service.listMine(currentUser(res), parseQuery(myOrdersQuerySchema, req.query)));
  });

  router.get('/order/:id', requireUser, async (req, res) => {
    res.json(await service.payment(currentUser(res), orderId(req.params)));
  });

  router.delete('/order/:id', changes('parts'), requireUser, ...writeLimits, async (req, res) => {
    res.json(await service.cancel(currentUser(res), orderId(req.params)));
  });

  router.get('/orders/:email', requireUser, requireAdmin, async (req, res) => {
    // The spec names the admin in the path; it must be the caller.
    if (parseInput(emailParams, req.params).email !== currentUser(res).email) {
      throw new Forbidden(apiMessages.forbidden);
    }
    sendPage(req, res, await service.listAll(parseQuery(ordersQuerySchema, req.query)));
  });

  // The desk's list for spreadsheets: every matching order, streamed a batch at a time.
  router.get('/orders.csv', requireUser, requireAdmin, async (req, res) => {
    const filter = parseQuery(ordersFilterSchema, req.query);
    const day = new Date().toISOString().slice(0, 10);
    await sendChunks(
      res,
      {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
        // Customers' addresses and phones: no cache keeps a copy.
        'Cache-Control': 'no-store',
      },
      service.exportCsv(filter),
    );
  });

  router.patch(
    '/order/:id/status',
    changes('parts', 'reviews'),
    requireUser,
    requireAdmin,
    async (req, res) => {
      const update = parseInput(orderStatusUpdateSchema, req.body ?? {});
      res.json(await service.move(currentUser(res), orderId(req.params), update));
    },
  );

  return router;
}
