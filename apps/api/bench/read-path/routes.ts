import { PAGE_SIZE } from '@store/shared';

/** The read path's routes (and the spec's order), measured at both catalog sizes. */
export const READ_ROUTE_KEYS = [
  'home',
  'catalog',
  'deep',
  'search',
  'part',
  'reviews',
  'index',
  'overview',
  'order',
  'facets',
  'filtered',
  'searches',
] as const;
/** Order placement against the insert limit (bench/orders). */
export const ORDER_ROUTE_KEYS = ['order-spread', 'order-lines', 'order-hot'] as const;
export const ROUTE_KEYS = [...READ_ROUTE_KEYS, ...ORDER_ROUTE_KEYS] as const;
export type RouteKey = (typeof ROUTE_KEYS)[number];

export interface Route {
  key: RouteKey;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  /** Request headers of a read that needs them (the overview's admin token). */
  headers?: Record<string, string>;
  /**
   * Order placement: the JSON bodies (one per part, taken in turn); each request carries the next
   * customer's token and a fresh Idempotency-Key.
   */
  order?: { bodies: string[]; tokens: string[] };
  /**
   * Distinct requests of the route, taken in turn (`path` is the first): each a filter
   * combination of its own, so none is served by the read cache.
   */
  paths?: string[];
}

/** Connections for the catalog's filter routes: a handful of buyers narrowing a category at once (decision 049). */
export const FILTER_CONNECTIONS = 4;
/** More combinations than any run asks for: none is asked twice. */
const FILTER_COMBINATIONS = 20_000;

const BRANDS = ['VoltCore', 'Arcwell', 'NEXA', 'Kelvix', 'Corvex', 'Ferrite', 'Lumio', 'Strata'];
const SOCKETS = ['AM5', 'AM4', 'LGA1700', 'LGA1851'];

/**
 * Filter combinations in the bench's big category (seed.ts: processors): one or two brands,
 * often a socket or two, often a range of cores, and a price ceiling of its own, which makes
 * each combination distinct.
 */
export function filterCombinations(count = FILTER_COMBINATIONS): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => {
    const brands = [...new Set([BRANDS[i % 8], BRANDS[(i * 3 + 1) % 8]])].join(',');
    const params: Record<string, string> = { category: 'processors', brand: brands };
    if (i % 3 !== 0)
      params['attr.socket'] = i % 2 ? `${SOCKETS[i % 4]},${SOCKETS[(i + 1) % 4]}` : `${SOCKETS[i % 4]}`;
    if (i % 2 === 0) params['attr.cores'] = `${4 + (i % 5) * 2}..${12 + (i % 7) * 2}`;
    params.price = `..${500 + i}`;
    return params;
  });
}

/** Words of the seeded categories' names, some misspelt as buyers do (decision 052). */
const CATEGORY_WORDS = [
  'processors',
  'procesors',
  'motherboard',
  'motherbord',
  'memory',
  'ssd',
  'drives',
  'power supply',
];

/**
 * Distinct searches, none asked twice so none is a read-cache hit: a brand, sometimes misspelt,
 * with a category's word or a part's number, in any order, each with a price ceiling of its own
 * (as a buyer narrows a search).
 */
export function searchCombinations(count = FILTER_COMBINATIONS): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => {
    const brand = BRANDS[(i * 5) % 8] ?? 'VoltCore';
    const typed = i % 5 === 0 ? brand.slice(0, -1) + brand.slice(-1).repeat(2) : brand;
    const word = CATEGORY_WORDS[i % CATEGORY_WORDS.length] ?? 'memory';
    const q =
      i % 3 === 0 ? `${typed} part ${i % 1000}` : i % 3 === 1 ? `${word} ${typed}` : `${typed} ${word}`;
    return { q, price: `..${1000 + i}` };
  });
}

/** The search the `search` route measures (`q=part 99`), asked as the catalog page asks it. */
const SEARCH = 'part 99';
/** The home page's reviews (apps/web home-reviews.tsx). */
const HOME_REVIEWS = 6;

/** A query string in the catalog page's order of keys (apps/web parts/api.ts: limit, sort, q, then page or cursor). */
const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();

async function getJson(base: string, path: string): Promise<{ body: unknown; headers: Headers }> {
  const res = await fetch(`${base}${path}`);
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return { body: await res.json(), headers: res.headers };
}

/** The `rel="next"` target of a Link header, if any. */
function nextLink(link: string | null): string | undefined {
  return link?.match(/<([^>]+)>\s*;\s*rel="next"/)?.[1];
}

/**
 * The cursor of the catalog's middle, reached as a client would: pages of up to 100 (the most
 * the API gives at once) in the default order, each asked through the previous page's `Link:
 * rel="next"`. The middle: as deep as the catalog lets, the same place at both sizes.
 */
async function middleCursor(base: string, size: number): Promise<{ cursor: string; position: number }> {
  const target = Math.floor(size / 2);
  let path: string | undefined = `/api/parts?${query({ limit: Math.min(PAGE_SIZE.max, target) })}`;
  let position = 0;
  for (;;) {
    if (!path) throw new Error(`the catalog ended after ${position} parts, before its middle (${target})`);
    const { body, headers } = await getJson(base, path);
    position += (body as unknown[]).length;
    const cursor = headers.get('x-next-cursor');
    if (position >= target && cursor) return { cursor, position };
    path = nextLink(headers.get('link'));
  }
}

/** Every route the bench measures, found on the running store (its ids and cursors are the database's). */
export async function benchRoutes(
  base: string,
  options: {
    size: number;
    connections: number;
    orderConnections: number;
    orderPartIds: string[];
    tokens: string[];
    /** A verified admin's token, for the owner's overview. */
    adminToken: string;
    /** Orders in the database (the overview's figures are theirs). */
    orders: number;
  },
): Promise<{ routes: Route[]; deepPosition: number }> {
  const catalogPage = PAGE_SIZE.default;
  const deep = await middleCursor(base, options.size);
  const deepPath = `/api/parts?${query({ limit: catalogPage, cursor: deep.cursor })}`;
  const [middlePart] = (await getJson(base, deepPath)).body as { _id: string }[];
  if (!middlePart) throw new Error('the deep page is empty');
  const read = (key: RouteKey, label: string, path: string): Route => ({
    key,
    label,
    method: 'GET',
    path,
    connections: options.connections,
  });
  const order = (partId: string) => ({
    partId,
    productQuantity: 1,
    phone: '+44 114 496 0000',
    address: '1 Bench Road, Sheffield S1 2AB',
  });
  const combinations = filterCombinations();
  const filterRoute = (key: RouteKey, label: string, paths: string[]): Route => ({
    key,
    label,
    method: 'GET',
    path: paths[0] ?? '/api/facets',
    paths,
    connections: FILTER_CONNECTIONS,
  });
  return {
    deepPosition: deep.position,
    routes: [
      read('home', 'home', '/api/parts?sort=newest&limit=3'),
      read('catalog', 'catalog first page', `/api/parts?${query({ limit: catalogPage, page: 1 })}`),
      read('deep', `catalog page at part ${deep.position}`, deepPath),
      read('search', `search q=${SEARCH}`, `/api/parts?${query({ limit: catalogPage, q: SEARCH, page: 1 })}`),
      read('part', 'part by id', `/api/part/${encodeURIComponent(middlePart._id)}`),
      read('reviews', 'reviews', `/api/reviews?${query({ page: 1, limit: HOME_REVIEWS })}`),
      read('index', 'index.html', '/'),
      {
        ...read(
          'overview',
          `admin overview (${options.orders.toLocaleString('en-US')} orders)`,
          '/api/admin/overview',
        ),
        headers: { authorization: `Bearer ${options.adminToken}` },
      },
      {
        key: 'order',
        label: 'place an order',
        method: 'POST',
        path: '/api/order',
        connections: options.orderConnections,
        order: {
          bodies: options.orderPartIds.map((id) => JSON.stringify(order(id))),
          tokens: options.tokens,
        },
      },
      filterRoute(
        'facets',
        'facet counts, distinct filters',
        combinations.map((params) => `/api/facets?${query(params)}`),
      ),
      filterRoute(
        'filtered',
        'filtered first page, distinct filters',
        combinations.map((params) => `/api/parts?${query({ limit: catalogPage, ...params })}`),
      ),
      filterRoute(
        'searches',
        'search first page, distinct searches',
        searchCombinations().map((params) => `/api/parts?${query({ limit: catalogPage, ...params })}`),
      ),
    ],
  };
}

/** One request's headers as the load generator sends them (the order's are per request). */
export function orderHeaders(token: string, idempotencyKey: string): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'idempotency-key': idempotencyKey,
  };
}
