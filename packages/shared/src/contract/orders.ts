import { z } from 'zod';
import { apiMessages } from '../messages/index.js';
import { checkoutInputSchema, linesRefusedSchema } from '../schemas/checkout.js';
import { paginationQuerySchema } from '../schemas/common.js';
import {
  myOrdersCsvQuerySchema,
  myOrdersQuerySchema,
  orderHeadersSchema,
  orderInputSchema,
  orderSchema,
  orderStatusUpdateSchema,
  ordersFilterSchema,
  ordersQuerySchema,
} from '../schemas/order.js';
import {
  orderPaymentSchema,
  orderStatusResultSchema,
  outboxEmailSchema,
  placedOrderSchema,
  updateResultSchema,
} from '../schemas/responses.js';
import {
  conflict,
  emailParams,
  error,
  type FeatureContract,
  idParams,
  invalid,
  notFound,
  route,
} from './define.js';
import { routeTable } from './route-table.js';

const tooManyOrderChanges = error(
  'Too many orders placed or cancelled by this account (ORDER_RATE_LIMIT a minute).',
);

export const orders = {
  place: route(routeTable.orders.place, {
    summary: 'Place an order',
    description:
      'The server prices the order from the stored part and takes the stock in the same transaction; name and e-mail come from the token. `poReference` (optional, up to 40 characters) is the buyer’s own purchase-order number. Send an `Idempotency-Key` (any string up to 200 printable characters, fresh per order) to make retries safe.',
    headers: orderHeadersSchema,
    body: orderInputSchema,
    responses: {
      201: {
        description:
          'Placed; or, for a repeat of an `Idempotency-Key` within 24 hours, the order first placed with it.',
        schema: placedOrderSchema,
      },
      400: invalid,
      404: error('The part does not exist or is no longer listed.'),
      409: error(
        'Not enough stock, or the customer already holds `MAX_OPEN_ORDERS` unpaid orders, or the order would bring their unpaid orders above their credit limit (`MAX_UNPAID_TOTAL` unless an admin set their own).',
      ),
      422: error('The `Idempotency-Key` was already used with another request body.'),
      429: tooManyOrderChanges,
    },
  }),
  checkout: route(routeTable.orders.checkout, {
    summary: 'Place one order of many lines: the cart, or the lines in the body',
    description:
      'Without `lines`, orders the caller’s cart and empties it in the same transaction; with `lines` (1 to 100, each `{ partId }` or `{ sku }` with a `quantity`; the same part twice is merged), orders those and leaves the cart alone. All or nothing: prices, names and totals come from the server, stock is taken for every line at once. `poReference` (up to 40 characters) is the buyer’s own purchase-order number. Send an `Idempotency-Key` to make retries safe.',
    headers: orderHeadersSchema,
    body: checkoutInputSchema,
    responses: {
      201: {
        description:
          'Placed; or, for a repeat of an `Idempotency-Key` within 24 hours, the order first placed with it.',
        schema: placedOrderSchema,
      },
      400: invalid,
      409: error('The open-order cap or the credit limit. Nothing was taken.'),
      422: {
        description:
          'Some lines break a rule (`lines`: every such line with its problem and the nearest valid quantity), or the cart is empty, or the `Idempotency-Key` was used with another body. Nothing was taken.',
        schema: linesRefusedSchema,
      },
      429: tooManyOrderChanges,
    },
  }),
  mine: route(routeTable.orders.mine, {
    summary: "The caller's orders",
    description: 'Newest first, cancelled ones included; `status` filters.',
    query: myOrdersQuerySchema,
    responses: {
      200: { description: 'A page of orders.', schema: z.array(orderSchema) },
      400: invalid,
      403: error('`email` is not the caller’s.'),
    },
  }),
  mineCsv: route(routeTable.orders.mineCsv, {
    summary: "The caller's orders as CSV, for their accounts",
    description:
      'Only the orders of the signed-in customer (the token says whose), newest first, one row per line: number, date, status, payment status, PO reference, the line (SKU, part, quantity, unit price, discount, line total), the order total and the currency. `status` filters as My Orders does. UTF-8 with a byte-order mark; a cell that begins with `=`, `+`, `-` or `@` is made inert.',
    query: myOrdersCsvQuerySchema,
    responses: { 200: { description: 'The orders (text/csv).' }, 400: invalid },
  }),
  get: route(routeTable.orders.get, {
    summary: 'An order with its history, and how to pay for it (owner or admin)',
    description:
      'The order with its number, phone, address, dates and `events` (each status change: when, and by whom: an e-mail, or `system` for expiry).',
    params: idParams,
    notFound: apiMessages.orderNotFound,
    responses: { 200: { description: 'The order.', schema: orderPaymentSchema }, 404: notFound },
  }),
  cancel: route(routeTable.orders.cancel, {
    summary: 'Cancel an unpaid order (owner or admin)',
    description: 'Puts the stock back in the same transaction.',
    params: idParams,
    notFound: apiMessages.orderNotFound,
    responses: {
      200: { description: 'Cancelled.', schema: updateResultSchema },
      404: notFound,
      409: conflict,
      429: tooManyOrderChanges,
    },
  }),
  all: route(routeTable.orders.all, {
    summary: 'All orders (the admin names themselves in the path)',
    description:
      'Newest first. `status` filters; `q` searches by order number (`PD-100001` or `100001`) or by customer e-mail (the whole address, or its beginning), and by PO reference (the whole reference or its beginning, in any case).',
    params: emailParams,
    query: ordersQuerySchema,
    responses: { 200: { description: 'A page of orders.', schema: z.array(orderSchema) }, 400: invalid },
  }),
  csv: route(routeTable.orders.csv, {
    summary: 'The orders as CSV, for spreadsheets',
    description:
      'The same filters as the list, every matching order. UTF-8 with a byte-order mark; a cell that begins with `=`, `+`, `-` or `@` is made inert.',
    query: ordersFilterSchema,
    responses: { 200: { description: 'The orders (text/csv).' }, 400: invalid },
  }),
  move: route(routeTable.orders.move, {
    summary: "Change an order's status",
    description:
      'Exactly: unpaid → paid, paid → shipped (with optional `carrier` and `trackingNumber`), paid → unpaid (undoing a mistaken payment), unpaid or paid → cancelled (stock restored; a card payment refunded through the job queue). Each move, its stock effect, its history entry and its e-mail are one transaction.',
    params: idParams,
    notFound: apiMessages.orderNotFound,
    body: orderStatusUpdateSchema,
    responses: {
      200: { description: 'Moved.', schema: orderStatusResultSchema },
      400: invalid,
      404: notFound,
      409: error(
        'Not a move the order’s current status allows, or undoing a card payment (cancel the order to refund it).',
      ),
    },
  }),
} satisfies FeatureContract<'orders'>;

export const invoices = {
  pdf: route(routeTable.invoices.pdf, {
    summary: "The order's invoice as a PDF (owner or admin)",
    description:
      'Numbered with the order number; the seller from `STORE_NAME`, `STORE_ADDRESS` and `STORE_TAX_ID`; the buyer’s PO reference if any; every line with its SKU and bulk discount, over as many pages as it takes, and the total.',
    params: idParams,
    notFound: apiMessages.orderNotFound,
    responses: {
      200: { description: 'The invoice (application/pdf).' },
      404: notFound,
      429: error('Too many invoices downloaded by this account (INVOICE_RATE_LIMIT a minute).'),
    },
  }),
} satisfies FeatureContract<'invoices'>;

export const outbox = {
  list: route(routeTable.outbox.list, {
    summary: 'E-mails the store would have sent (no SMTP server configured)',
    description:
      'Without `SMTP_URL` each e-mail is written to `DATA_DIR/outbox/` as an `.eml` file instead of being sent; newest first.',
    query: paginationQuerySchema,
    responses: {
      200: { description: 'A page of e-mails.', schema: z.array(outboxEmailSchema) },
      400: invalid,
    },
  }),
} satisfies FeatureContract<'outbox'>;
