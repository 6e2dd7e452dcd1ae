import { z } from 'zod';
import { emailSchema, idSchema, paginationQuerySchema } from './schemas/common.js';
import { identitySettingsSchema } from './schemas/identity-settings.js';
import {
  myOrdersQuerySchema,
  orderHeadersSchema,
  orderInputSchema,
  orderSchema,
  orderStatusUpdateSchema,
  ordersFilterSchema,
  ordersQuerySchema,
} from './schemas/order.js';
import { partSchema, partsQuerySchema, productInputSchema, productUpdateSchema } from './schemas/part.js';
import {
  adminStatusSchema,
  apiErrorSchema,
  deleteResultSchema,
  healthSchema,
  imageRefusedSchema,
  imageUploadedSchema,
  insertResultSchema,
  orderPaymentSchema,
  orderStatusResultSchema,
  outboxEmailSchema,
  placedOrderSchema,
  profileResultSchema,
  sessionEndedSchema,
  sessionTokenSchema,
  signInResponseSchema,
  updateResultSchema,
} from './schemas/responses.js';
import { reviewInputSchema, reviewSchema } from './schemas/review.js';
import {
  blockedEmailSchema,
  creditLimitInputSchema,
  creditLimitResultSchema,
  profileDefaultsSchema,
  profileSchema,
  profileUpdateSchema,
  signInBodySchema,
  userListItemSchema,
} from './schemas/user.js';

/**
 * The API's contract: every route, who may call it, what it takes and what it answers, built
 * from the same zod schemas the API validates with and the web forms use. The API generates its
 * OpenAPI document from this table and, in tests, checks every answer against it; a route that
 * is not here fails the contract test.
 */

/** anyone; signed in (our API token); admin; or the holder of a Firebase ID token. */
export type Access = 'anyone' | 'signed-in' | 'admin' | 'id-token';

export interface ResponseContract {
  description: string;
  /** Absent: the answer has no JSON body worth describing. */
  schema?: z.ZodType;
}

export interface RouteContract {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express style, e.g. `/api/part/:id`. */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Request headers the route reads (besides Authorization). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** multipart/form-data instead of JSON (the image host). */
  multipart?: boolean;
  /** A list: a JSON array, with the total in `X-Total-Count`. */
  list?: boolean;
  responses: Record<number, ResponseContract>;
}

const error = (description: string): ResponseContract => ({ description, schema: apiErrorSchema });
const invalid = error('Invalid input: `fields` names each field and its message.');
const notFound = error('Unknown, or malformed, id.');
const conflict = error('The request conflicts with the current state (stock, status).');
const tooManyOrderChanges = error(
  'Too many orders placed or cancelled by this account (ORDER_RATE_LIMIT a minute).',
);

/** Path parameters, parsed by the API's routes with these very schemas. */
export const idParams = z.object({ id: idSchema.meta({ description: 'Opaque id (UUID)' }) });
export const emailParams = z.object({ email: emailSchema });

/** Answers every route may give besides its own, by who may call it. */
function common(access: Access): Record<number, ResponseContract> {
  const always = {
    503: error('A dependency (the database or identity provider) is down; retry after `Retry-After`.'),
  };
  if (access === 'anyone') return always;
  const unauthorised = { 401: error('No token, or a token that is expired, revoked or not ours.') };
  if (access === 'admin')
    return { ...always, ...unauthorised, 403: error('Only admins with a verified e-mail may do this.') };
  return { ...always, ...unauthorised };
}

const routes: RouteContract[] = [
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This contract as an OpenAPI 3.1 document',
    access: 'anyone',
    responses: { 200: { description: 'The document.' } },
  },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'This contract as a reference page (HTML)',
    access: 'anyone',
    responses: { 200: { description: 'The page.' } },
  },
  {
    method: 'get',
    path: '/api/health',
    summary: 'Health of the store and what it depends on',
    access: 'anyone',
    responses: {
      200: { description: 'The store can serve requests.', schema: healthSchema },
      503: { description: 'A dependency the store needs is down; the body names it.', schema: healthSchema },
    },
  },
  {
    method: 'get',
    path: '/api/auth-config',
    summary: 'How the web app signs in (identity settings, decided at run time)',
    description:
      'The Auth emulator behind the store’s own origin, or a real Firebase project’s public web settings.',
    access: 'anyone',
    responses: { 200: { description: 'The settings.', schema: identitySettingsSchema } },
  },
  {
    method: 'get',
    path: '/api/parts',
    summary: 'List the catalog',
    description: [
      'Newest first or by price, optionally searched by name (closest names first unless a `sort` is named) and limited to parts in stock; `?limit=3&sort=newest` serves the home page.',
      'Pages by number (`page`, up to 1000) or by keyset: `Link: <…?cursor=…>; rel="next"` and `X-Next-Cursor` name the next page while more follow, and reach every page of any catalog through an index.',
      '`X-Total-Count` is read from kept counts, never by counting the catalog; a search counts up to 1000 matches and then says `X-Total-Count-Capped: true`. A tampered or foreign cursor is a 400.',
    ].join(' '),
    access: 'anyone',
    query: partsQuerySchema,
    list: true,
    responses: { 200: { description: 'A page of parts.', schema: z.array(partSchema) }, 400: invalid },
  },
  {
    method: 'get',
    path: '/api/part/:id',
    summary: 'One part',
    access: 'anyone',
    params: idParams,
    responses: { 200: { description: 'The part.', schema: partSchema }, 404: notFound },
  },
  {
    method: 'post',
    path: '/api/addproduct',
    summary: 'Add a product',
    access: 'admin',
    body: productInputSchema,
    responses: { 201: { description: 'Added.', schema: insertResultSchema }, 400: invalid },
  },
  {
    method: 'put',
    path: '/api/part/:id',
    summary: 'Update a product',
    description:
      'Leave out `availableQuantity` to keep the stock as it is. To set it, also send `availableQuantityBefore`, the stock the form was loaded with: the stock is set only if it still is that value, so an edit never undoes the orders placed meanwhile.',
    access: 'admin',
    params: idParams,
    body: productUpdateSchema,
    responses: {
      200: { description: 'Updated.', schema: updateResultSchema },
      400: invalid,
      404: notFound,
      409: error(
        "The stock moved since the form was loaded: the body's `fields` carry the current `availableQuantity`.",
      ),
    },
  },
  {
    method: 'delete',
    path: '/api/deleteparts/:id',
    summary: 'Delete a product',
    description: 'The part leaves the storefront; past orders keep its name and price.',
    access: 'admin',
    params: idParams,
    responses: { 200: { description: 'Deleted.', schema: deleteResultSchema }, 404: notFound },
  },
  {
    method: 'post',
    path: '/api/image',
    summary: 'Upload a product image (the image-host protocol)',
    description:
      'Multipart `image` (JPEG, PNG, WebP, GIF or AVIF; at most 5 MB and 40 megapixels) and, when configured, `key`. Re-encoded to WebP without metadata.',
    access: 'admin',
    multipart: true,
    body: z.object({ image: z.string().meta({ format: 'binary' }), key: z.string().optional() }),
    responses: {
      201: { description: 'Stored.', schema: imageUploadedSchema },
      400: { description: 'Not an image we can read.', schema: imageRefusedSchema },
      403: {
        description: 'Wrong key, or not an admin.',
        schema: z.union([imageRefusedSchema, apiErrorSchema]),
      },
      413: { description: 'Too large.', schema: imageRefusedSchema },
      415: { description: 'Not an accepted format.', schema: imageRefusedSchema },
    },
  },
  {
    method: 'get',
    path: '/api/reviews',
    summary: 'List reviews, newest first',
    access: 'anyone',
    query: paginationQuerySchema,
    list: true,
    responses: { 200: { description: 'A page of reviews.', schema: z.array(reviewSchema) }, 400: invalid },
  },
  {
    method: 'post',
    path: '/api/review',
    summary: 'Add a review',
    description: 'Name and e-mail come from the token.',
    access: 'signed-in',
    body: reviewInputSchema,
    responses: {
      201: { description: 'Added.', schema: insertResultSchema },
      400: invalid,
      429: error(
        'Too many reviews from this account (REVIEW_RATE_LIMIT a minute, REVIEW_DAILY_LIMIT a day).',
      ),
    },
  },
  {
    method: 'delete',
    path: '/api/review/:id',
    summary: 'Delete a review',
    access: 'admin',
    params: idParams,
    responses: { 200: { description: 'Deleted.', schema: deleteResultSchema }, 404: notFound },
  },
  {
    method: 'post',
    path: '/api/order',
    summary: 'Place an order',
    description:
      'The server prices the order from the stored part and takes the stock in the same transaction; name and e-mail come from the token. Send an `Idempotency-Key` (any string up to 200 printable characters, fresh per order) to make retries safe.',
    access: 'signed-in',
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
  },
  {
    method: 'get',
    path: '/api/myorder',
    summary: "The caller's orders",
    description: 'Newest first, cancelled ones included; `status` filters.',
    access: 'signed-in',
    query: myOrdersQuerySchema,
    list: true,
    responses: {
      200: { description: 'A page of orders.', schema: z.array(orderSchema) },
      400: invalid,
      403: error('`email` is not the caller’s.'),
    },
  },
  {
    method: 'get',
    path: '/api/order/:id',
    summary: 'An order with its history, and how to pay for it (owner or admin)',
    description:
      'The order with its number, phone, address, dates and `events` (each status change: when, and by whom: an e-mail, or `system` for expiry).',
    access: 'signed-in',
    params: idParams,
    responses: { 200: { description: 'The order.', schema: orderPaymentSchema }, 404: notFound },
  },
  {
    method: 'get',
    path: '/api/order/:id/invoice.pdf',
    summary: "The order's invoice as a PDF (owner or admin)",
    description:
      'Numbered with the order number; the seller from `STORE_NAME`, `STORE_ADDRESS` and `STORE_TAX_ID`; the line, any bulk discount, and the total.',
    access: 'signed-in',
    params: idParams,
    responses: {
      200: { description: 'The invoice (application/pdf).' },
      404: notFound,
      429: error('Too many invoices downloaded by this account (INVOICE_RATE_LIMIT a minute).'),
    },
  },
  {
    method: 'delete',
    path: '/api/order/:id',
    summary: 'Cancel an unpaid order (owner or admin)',
    description: 'Puts the stock back in the same transaction.',
    access: 'signed-in',
    params: idParams,
    responses: {
      200: { description: 'Cancelled.', schema: updateResultSchema },
      404: notFound,
      409: conflict,
      429: tooManyOrderChanges,
    },
  },
  {
    method: 'get',
    path: '/api/orders/:email',
    summary: 'All orders (the admin names themselves in the path)',
    description:
      'Newest first. `status` filters; `q` searches by order number (`PD-100001` or `100001`) or by customer e-mail: the whole address, or its beginning.',
    access: 'admin',
    params: emailParams,
    query: ordersQuerySchema,
    list: true,
    responses: { 200: { description: 'A page of orders.', schema: z.array(orderSchema) }, 400: invalid },
  },
  {
    method: 'get',
    path: '/api/orders.csv',
    summary: 'The orders as CSV, for spreadsheets',
    description:
      'The same filters as the list, every matching order. UTF-8 with a byte-order mark; a cell that begins with `=`, `+`, `-` or `@` is made inert.',
    access: 'admin',
    query: ordersFilterSchema,
    responses: { 200: { description: 'The orders (text/csv).' }, 400: invalid },
  },
  {
    method: 'patch',
    path: '/api/order/:id/status',
    summary: "Change an order's status",
    description:
      'Exactly: unpaid → paid, paid → shipped (with optional `carrier` and `trackingNumber`), paid → unpaid (undoing a mistaken payment), unpaid or paid → cancelled (stock restored). Each move, its stock effect, its history entry and its e-mail are one transaction.',
    access: 'admin',
    params: idParams,
    body: orderStatusUpdateSchema,
    responses: {
      200: { description: 'Moved.', schema: orderStatusResultSchema },
      400: invalid,
      404: notFound,
      409: error('Not a move the order’s current status allows.'),
    },
  },
  {
    method: 'get',
    path: '/api/outbox',
    summary: 'E-mails the store would have sent (no SMTP server configured)',
    description:
      'Without `SMTP_URL` each e-mail is written to `DATA_DIR/outbox/` as an `.eml` file instead of being sent; newest first.',
    access: 'admin',
    query: paginationQuerySchema,
    list: true,
    responses: {
      200: { description: 'A page of e-mails.', schema: z.array(outboxEmailSchema) },
      400: invalid,
    },
  },
  {
    method: 'put',
    path: '/api/user/:email',
    summary: 'Sign in: trade a Firebase ID token for the API token',
    description:
      'Bearer: the Firebase ID token of the account named in the path. Creates the store account on first sign-in.',
    access: 'id-token',
    params: emailParams,
    body: signInBodySchema,
    responses: {
      200: { description: 'Signed in.', schema: signInResponseSchema },
      400: invalid,
      401: error('The ID token could not be verified.'),
      403: error('The ID token is for another e-mail, or the e-mail was removed by an admin.'),
      429: error('Too many sign-ins from this address.'),
      503: error('The identity provider is unreachable.'),
    },
  },
  {
    method: 'post',
    path: '/api/session/refresh',
    summary: 'Trade a valid API token for a new one (an hour), within the sign-in’s day',
    description:
      'The new token carries the same sign-in time: it expires an hour from now or a day after signing in, whichever comes first. Past that day the session is over: sign in again.',
    access: 'signed-in',
    responses: { 200: { description: 'The new token.', schema: sessionTokenSchema } },
  },
  {
    method: 'post',
    path: '/api/session/end',
    summary: 'Sign out: end every API token of your account',
    description: 'Every token issued to the account so far is refused from now on, on every device.',
    access: 'signed-in',
    responses: { 200: { description: 'Ended.', schema: sessionEndedSchema } },
  },
  {
    method: 'get',
    path: '/api/admin/:email',
    summary: 'Whether a user is an admin (that user or an admin)',
    description: '`admin` is true only with admin powers: the role and a verified e-mail.',
    access: 'signed-in',
    params: emailParams,
    responses: {
      200: { description: 'Their status.', schema: adminStatusSchema },
      400: invalid,
      403: error('Another user’s status, asked by a customer.'),
    },
  },
  {
    method: 'get',
    path: '/api/user',
    summary: 'List users',
    access: 'admin',
    query: paginationQuerySchema,
    list: true,
    responses: {
      200: {
        description:
          'A page of users, each with the credit limit that applies to them; `emailVerified`: an admin without it has no admin powers yet.',
        schema: z.array(userListItemSchema),
      },
      400: invalid,
    },
  },
  {
    method: 'put',
    path: '/api/user/credit-limit/:email',
    summary: 'Set the most a user’s unpaid orders may total (their credit limit)',
    description:
      'In dollars with at most 2 decimals; `null` gives them the store’s default (`MAX_UNPAID_TOTAL`) again. Orders already placed stay; the next order is judged by the new limit.',
    access: 'admin',
    params: emailParams,
    body: creditLimitInputSchema,
    responses: {
      200: { description: 'Set (modifiedCount 0 if it was already so).', schema: creditLimitResultSchema },
      400: invalid,
      404: error('No such user.'),
    },
  },
  {
    method: 'put',
    path: '/api/user/admin/:email',
    summary: 'Make a user an admin',
    access: 'admin',
    params: emailParams,
    responses: {
      200: { description: 'Done (modifiedCount 0 if they already were).', schema: updateResultSchema },
      400: invalid,
      404: error('No such user.'),
    },
  },
  {
    method: 'get',
    path: '/api/users/blocked',
    summary: 'List removed users’ e-mails (refused at sign-in until restored)',
    access: 'admin',
    query: paginationQuerySchema,
    list: true,
    responses: {
      200: { description: 'A page of blocked e-mails.', schema: z.array(blockedEmailSchema) },
      400: invalid,
    },
  },
  {
    method: 'delete',
    path: '/api/users/blocked/:email',
    summary: 'Restore a removed user’s e-mail, so they may sign in again',
    access: 'admin',
    params: emailParams,
    responses: {
      200: { description: 'Restored.', schema: deleteResultSchema },
      400: invalid,
      404: error('That e-mail is not blocked.'),
    },
  },
  {
    method: 'delete',
    path: '/api/user/:email',
    summary: 'Remove a user',
    description:
      'Never yourself, never the last admin. Their orders keep their name and e-mail. The e-mail is blocked first, then the login is deleted: safe to retry (`deletedCount: 0` when only the login was left).',
    access: 'admin',
    params: emailParams,
    responses: {
      200: { description: 'Removed.', schema: deleteResultSchema },
      400: invalid,
      404: error('No such user.'),
      409: conflict,
    },
  },
  {
    method: 'patch',
    path: '/api/profile',
    summary: 'Rename yourself (My Profile)',
    access: 'signed-in',
    body: profileUpdateSchema,
    responses: {
      200: { description: 'Renamed.', schema: profileResultSchema },
      400: invalid,
      429: error('Too many profile changes from this account (PROFILE_RATE_LIMIT an hour).'),
    },
  },
  {
    method: 'get',
    path: '/api/profile',
    summary: 'Your account, your checkout and invoice defaults, and what checkout starts from',
    description:
      '`checkout`: each of phone and address from your defaults, else from your last order (null without either).',
    access: 'signed-in',
    responses: { 200: { description: 'Your profile.', schema: profileSchema } },
  },
  {
    method: 'put',
    path: '/api/profile/defaults',
    summary: 'Set your default phone and address, and for a business its company name and VAT number',
    description:
      'Each optional: null or absent clears it. The company name and VAT number go on invoices of orders placed afterwards.',
    access: 'signed-in',
    body: profileDefaultsSchema,
    responses: { 200: { description: 'Saved: your profile.', schema: profileSchema }, 400: invalid },
  },
];

const tooLarge = error('The request body is too large.');

/** The table with each route's common answers (401, 403, 413, 503) merged in. */
export const apiContract: readonly RouteContract[] = routes.map((route) => {
  const responses: Record<number, ResponseContract> = { ...common(route.access) };
  if (route.body && !route.multipart) responses[413] = tooLarge;
  return { ...route, responses: { ...responses, ...route.responses } };
});

/** The contract of `method path` (Express-style path), if the API has such a route. */
export function findRoute(method: string, path: string): RouteContract | undefined {
  const m = method.toLowerCase();
  return apiContract.find((route) => route.method === m && route.path === path);
}
