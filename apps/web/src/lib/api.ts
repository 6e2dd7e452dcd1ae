import { type FeatureName, type Method, pathOf, type RouteLine, routeTable } from '@store/shared/route-table';
import { fileNameOf, type Query, request, UnexpectedAnswerError } from './api-client';
import type { AnswerOutput, ApiClient, ApiFile, Paged, RouteName } from './api-types';

/**
 * The typed client: `api.<feature>.<name>(…)` for every route of the contract. Where a call goes
 * (method, path, who may call it) is read at run time from the route table, which is zod-free and
 * small enough for the first load; what it takes and answers is typed from the contract's zod
 * schemas (api-types.ts, types only). The answer is checked against its route's schema, loaded
 * with the first answer and in parallel with it (answer-check.ts, decision 037).
 */

/** A call's input as the transport reads it; each route's own type (api-types.ts) is narrower. */
interface Input {
  params?: Record<string, unknown>;
  query?: Query;
  headers?: Record<string, unknown>;
  body?: unknown;
  bearer?: string;
  fileName?: string;
  signal?: AbortSignal;
}

export { pathOf };

const answerCheck = () => import('./answer-check');

/** The table, each line read as a RouteLine whatever the route. */
const lines: { [F in FeatureName]: { [N in RouteName<F>]: RouteLine } } = routeTable;

const METHODS = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
} as const satisfies Record<Method, string>;

/**
 * Whose token goes with the call: none for 'anyone'; the caller's for 'id-token' and whenever the
 * caller names one (a refusal then signs no one out); otherwise our session's, whose refusal does.
 */
function authOf(line: RouteLine, bearer: string | undefined): boolean | { bearer: string } {
  if (line.access === 'anyone') return false;
  if (bearer !== undefined) return { bearer };
  return line.access !== 'id-token';
}

function send(line: RouteLine, input: Input = {}, accept?: string): [string, Promise<Response>] {
  const path = pathOf(line, input.params);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value !== undefined && value !== null) headers[name] = String(value);
  }
  if (accept) headers.Accept = accept;
  const response = request(path, {
    method: METHODS[line.method],
    auth: authOf(line, input.bearer),
    headers,
    ...(input.query && { query: input.query }),
    ...(input.body !== undefined && { body: input.body }),
    ...(input.signal && { signal: input.signal }),
  });
  return [path, response];
}

/** A route answering JSON: the answer, checked against its route's success schema. */
const json =
  <F extends FeatureName, N extends RouteName<F>>(feature: F, name: N) =>
  async (input?: Input): Promise<AnswerOutput<F, N>> => {
    const [path, sent] = send(lines[feature][name], input);
    const [response, { checkAnswer }] = await Promise.all([sent, answerCheck()]);
    const result = checkAnswer(feature, name, await response.json().catch(() => undefined));
    if (!result.success) throw new UnexpectedAnswerError(path, result.error.issues);
    return result.data;
  };

/** A percent-encoded header (headers carry ASCII only); a malformed one is no header. */
function decodeHeader(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** A list route: a page of it, checked, with the total from X-Total-Count and the next cursor. */
const list =
  <F extends FeatureName, N extends RouteName<F>>(feature: F, name: N) =>
  async (input?: Input): Promise<Paged<AnswerOutput<F, N>>> => {
    const [path, sent] = send(lines[feature][name], input);
    const [response, { checkAnswer }] = await Promise.all([sent, answerCheck()]);
    const result = checkAnswer(feature, name, await response.json().catch(() => undefined));
    if (!result.success) throw new UnexpectedAnswerError(path, result.error.issues);
    const items = result.data;
    const nextCursor = response.headers.get('X-Next-Cursor');
    const suggestion = decodeHeader(response.headers.get('X-Did-You-Mean'));
    return {
      items,
      total: Number(response.headers.get('X-Total-Count') ?? (Array.isArray(items) ? items.length : 0)),
      ...(response.headers.get('X-Total-Count-Capped') === 'true' && { totalCapped: true }),
      ...(nextCursor && { nextCursor }),
      ...(suggestion && { suggestion }),
    };
  };

/**
 * A route answering a file (a PDF, a CSV), asked for as the type the route produces. A plain link
 * cannot carry the bearer token, so downloads come through here and the page saves the blob
 * (lib/download.ts).
 */
const file =
  <F extends FeatureName, N extends RouteName<F>>(feature: F, name: N) =>
  async (input?: Input): Promise<ApiFile> => {
    const line: RouteLine = lines[feature][name];
    const [, sent] = send(line, input, line.produces);
    const response = await sent;
    const blob = await response.blob();
    return {
      blob,
      name: fileNameOf(response.headers.get('Content-Disposition'), input?.fileName ?? 'download'),
    };
  };

/**
 * Every route, by the kind of answer it gives. Typed as the contract says (ApiClient): a route
 * missing here, or read as the wrong kind (a list as one answer), does not compile.
 */
export const api: ApiClient = {
  docs: { openapi: json('docs', 'openapi'), reference: file('docs', 'reference') },
  health: { check: json('health', 'check') },
  identity: { settings: json('identity', 'settings') },
  settings: { get: json('settings', 'get') },
  parts: {
    list: list('parts', 'list'),
    get: json('parts', 'get'),
    add: json('parts', 'add'),
    update: json('parts', 'update'),
    remove: json('parts', 'remove'),
    facets: json('parts', 'facets'),
    csv: file('parts', 'csv'),
    import: json('parts', 'import'),
  },
  categories: {
    list: json('categories', 'list'),
    add: json('categories', 'add'),
    update: json('categories', 'update'),
    remove: json('categories', 'remove'),
  },
  images: { upload: json('images', 'upload') },
  reviews: { list: list('reviews', 'list'), add: json('reviews', 'add'), remove: json('reviews', 'remove') },
  orders: {
    place: json('orders', 'place'),
    checkout: json('orders', 'checkout'),
    mine: list('orders', 'mine'),
    mineCsv: file('orders', 'mineCsv'),
    get: json('orders', 'get'),
    cancel: json('orders', 'cancel'),
    all: list('orders', 'all'),
    csv: file('orders', 'csv'),
    move: json('orders', 'move'),
  },
  cart: {
    get: json('cart', 'get'),
    set: json('cart', 'set'),
    remove: json('cart', 'remove'),
    clear: json('cart', 'clear'),
    import: json('cart', 'import'),
    merge: json('cart', 'merge'),
    reorder: json('cart', 'reorder'),
  },
  invoices: { pdf: file('invoices', 'pdf') },
  // The webhook is Stripe's to call; it is here because every route of the table is.
  payments: {
    pay: json('payments', 'pay'),
    refundToCheck: json('payments', 'refundToCheck'),
    webhook: json('payments', 'webhook'),
  },
  outbox: { list: list('outbox', 'list') },
  overview: { get: json('overview', 'get') },
  audit: { list: list('audit', 'list'), csv: file('audit', 'csv') },
  users: {
    signIn: json('users', 'signIn'),
    refreshSession: json('users', 'refreshSession'),
    endSession: json('users', 'endSession'),
    adminStatus: json('users', 'adminStatus'),
    list: list('users', 'list'),
    setCreditLimit: json('users', 'setCreditLimit'),
    makeAdmin: json('users', 'makeAdmin'),
    blocked: list('users', 'blocked'),
    restore: json('users', 'restore'),
    remove: json('users', 'remove'),
    rename: json('users', 'rename'),
    profile: json('users', 'profile'),
    setDefaults: json('users', 'setDefaults'),
  },
};

/**
 * Another image host speaking the image-host protocol (VITE_IMAGE_HOST_URL, set at build time): not a
 * route of ours, so a call of its own, without our token, whose answer is read as our own image
 * host's (`images.upload`).
 */
export async function uploadToImageHost(
  hostUrl: string,
  form: FormData,
): Promise<AnswerOutput<'images', 'upload'>> {
  const [response, { checkAnswer }] = await Promise.all([
    request(hostUrl, { method: 'POST', body: form }),
    answerCheck(),
  ]);
  const result = checkAnswer('images', 'upload', await response.json().catch(() => undefined));
  if (!result.success) throw new UnexpectedAnswerError(hostUrl, result.error.issues);
  return result.data;
}
