/**
 * Every API route by feature and id, with what a caller needs to reach it: method, path, who may
 * call it, and the shape of its answer. No zod here: the web app's typed client (apps/web/src/lib/
 * api.ts) reads this table in its first-load bundle, and loads the schemas of `./<feature>.ts`
 * only with the first answer. The API mounts every route of this table (register-routes.ts);
 * the schemas and descriptions of each route are in the feature's own contract file.
 */

/** anyone; signed in (our API token); admin; or the holder of a Firebase ID token. */
export type Access = 'anyone' | 'signed-in' | 'admin' | 'id-token';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteLine {
  method: Method;
  /** Express style, e.g. `/api/part/:id`. */
  path: string;
  access: Access;
  /**
   * The path's `:email` must be the caller's own ('self'), or the caller's own unless they are an
   * admin ('self-or-admin'). Checked with the access, before the handler runs.
   */
  owner?: 'self' | 'self-or-admin';
  /** A list: a JSON array, with the total in `X-Total-Count`. */
  list?: boolean;
  /** multipart/form-data instead of JSON (the image host). */
  multipart?: boolean;
  /** The success answer's content type when it is not JSON (a PDF, a CSV, a page). */
  produces?: string;
  /**
   * The body is kept as the bytes that came, of this content type, never parsed by the store
   * before its handler (`rawBody`): a payment provider's signature covers the exact bytes.
   */
  raw?: string;
}

/** A feature's routes, by id; `as const` keeps each line's literal types for the typed client. */
const feature = <const T extends Record<string, RouteLine>>(lines: T): T => lines;

export const routeTable = {
  docs: feature({
    openapi: { method: 'get', path: '/api/openapi.json', access: 'anyone' },
    reference: { method: 'get', path: '/api/docs', access: 'anyone', produces: 'text/html' },
  }),
  health: feature({
    check: { method: 'get', path: '/api/health', access: 'anyone' },
  }),
  identity: feature({
    settings: { method: 'get', path: '/api/auth-config', access: 'anyone' },
  }),
  settings: feature({
    get: { method: 'get', path: '/api/settings', access: 'anyone' },
  }),
  parts: feature({
    list: { method: 'get', path: '/api/parts', access: 'anyone', list: true },
    get: { method: 'get', path: '/api/part/:id', access: 'anyone' },
    add: { method: 'post', path: '/api/addproduct', access: 'admin' },
    update: { method: 'put', path: '/api/part/:id', access: 'admin' },
    remove: { method: 'delete', path: '/api/deleteparts/:id', access: 'admin' },
    facets: { method: 'get', path: '/api/facets', access: 'anyone' },
    csv: { method: 'get', path: '/api/products.csv', access: 'admin', produces: 'text/csv' },
    import: { method: 'post', path: '/api/products/import', access: 'admin' },
  }),
  categories: feature({
    list: { method: 'get', path: '/api/categories', access: 'anyone' },
    add: { method: 'post', path: '/api/categories', access: 'admin' },
    update: { method: 'put', path: '/api/categories/:slug', access: 'admin' },
    remove: { method: 'delete', path: '/api/categories/:slug', access: 'admin' },
  }),
  images: feature({
    upload: { method: 'post', path: '/api/image', access: 'admin', multipart: true },
  }),
  reviews: feature({
    list: { method: 'get', path: '/api/reviews', access: 'anyone', list: true },
    add: { method: 'post', path: '/api/review', access: 'signed-in' },
    remove: { method: 'delete', path: '/api/review/:id', access: 'admin' },
  }),
  orders: feature({
    place: { method: 'post', path: '/api/order', access: 'signed-in' },
    checkout: { method: 'post', path: '/api/checkout', access: 'signed-in' },
    mine: { method: 'get', path: '/api/myorder', access: 'signed-in', list: true },
    mineCsv: { method: 'get', path: '/api/myorders.csv', access: 'signed-in', produces: 'text/csv' },
    get: { method: 'get', path: '/api/order/:id', access: 'signed-in' },
    cancel: { method: 'delete', path: '/api/order/:id', access: 'signed-in' },
    all: { method: 'get', path: '/api/orders/:email', access: 'admin', owner: 'self', list: true },
    csv: { method: 'get', path: '/api/orders.csv', access: 'admin', produces: 'text/csv' },
    move: { method: 'patch', path: '/api/order/:id/status', access: 'admin' },
  }),
  cart: feature({
    get: { method: 'get', path: '/api/cart', access: 'signed-in' },
    set: { method: 'put', path: '/api/cart/:partId', access: 'signed-in' },
    remove: { method: 'delete', path: '/api/cart/:partId', access: 'signed-in' },
    clear: { method: 'delete', path: '/api/cart', access: 'signed-in' },
    import: { method: 'post', path: '/api/cart/import', access: 'signed-in' },
    merge: { method: 'post', path: '/api/cart/merge', access: 'signed-in' },
    reorder: { method: 'post', path: '/api/order/:id/reorder', access: 'signed-in' },
  }),
  invoices: feature({
    pdf: {
      method: 'get',
      path: '/api/order/:id/invoice.pdf',
      access: 'signed-in',
      produces: 'application/pdf',
    },
  }),
  payments: feature({
    pay: { method: 'post', path: '/api/order/:id/pay', access: 'signed-in' },
    refundToCheck: { method: 'post', path: '/api/order/:id/payment/refund', access: 'admin' },
    webhook: {
      method: 'post',
      path: '/api/payments/stripe/webhook',
      access: 'anyone',
      raw: 'application/json',
    },
  }),
  outbox: feature({
    list: { method: 'get', path: '/api/outbox', access: 'admin', list: true },
  }),
  // Before users: its `/api/admin/:email` would otherwise take `overview` for an e-mail.
  overview: feature({
    get: { method: 'get', path: '/api/admin/overview', access: 'admin' },
  }),
  audit: feature({
    list: { method: 'get', path: '/api/audit', access: 'admin', list: true },
    csv: { method: 'get', path: '/api/audit.csv', access: 'admin', produces: 'text/csv' },
  }),
  users: feature({
    signIn: { method: 'put', path: '/api/user/:email', access: 'id-token' },
    refreshSession: { method: 'post', path: '/api/session/refresh', access: 'signed-in' },
    endSession: { method: 'post', path: '/api/session/end', access: 'signed-in' },
    adminStatus: { method: 'get', path: '/api/admin/:email', access: 'signed-in', owner: 'self-or-admin' },
    list: { method: 'get', path: '/api/user', access: 'admin', list: true },
    setCreditLimit: { method: 'put', path: '/api/user/credit-limit/:email', access: 'admin' },
    makeAdmin: { method: 'put', path: '/api/user/admin/:email', access: 'admin' },
    blocked: { method: 'get', path: '/api/users/blocked', access: 'admin', list: true },
    restore: { method: 'delete', path: '/api/users/blocked/:email', access: 'admin' },
    remove: { method: 'delete', path: '/api/user/:email', access: 'admin' },
    rename: { method: 'patch', path: '/api/profile', access: 'signed-in' },
    profile: { method: 'get', path: '/api/profile', access: 'signed-in' },
    setDefaults: { method: 'put', path: '/api/profile/defaults', access: 'signed-in' },
  }),
} as const;

export type RouteTable = typeof routeTable;
export type FeatureName = keyof RouteTable;
/** `orders.place`, `parts.get`, …: a route's id. */
export type RouteId = {
  [F in FeatureName]: `${F}.${Extract<keyof RouteTable[F], string>}`;
}[FeatureName];

/** The route's path with its `:params` filled in, each URI-encoded. */
export function pathOf(line: RouteLine, params: Record<string, unknown> = {}): string {
  return line.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null || value === '') throw new Error(`${line.path}: no ${key}`);
    return encodeURIComponent(String(value));
  });
}
