import { apiContract, apiMessages, type IdentifiedRoute } from '@store/shared';
import type { Request, RequestHandler, Response, Router } from 'express';
import { hasAdminPowers } from '../auth/caller.js';
import { bearerToken, currentSignIn, currentUser, requireAdmin } from '../auth/guards.js';
import { Forbidden, Unauthenticated } from './domain-errors.js';
import { jsonBody, largeJsonBody, rawBody } from './json-body.js';
import { type Page, sendPage } from './pagination.js';
import type { ReadCache } from './read-cache/cache.js';
import { changes, remember } from './read-cache/remember.js';
import { type HandlerEntry, type Handlers, isAnswer, type Upload } from './route-handlers.js';
import { sendChunks } from './send-chunks.js';
import { parseInput, parseParams, parseQuery } from './validate.js';

declare global {
  namespace Express {
    interface Locals {
      /** The Firebase ID token a sign-in exchange carries (checked by the identity provider). */
      idToken?: string;
    }
  }
}

export interface RegistrarDeps {
  /** Our API token's guard (auth/guards.ts), which reads the JSON body once it checked out. */
  requireUser: RequestHandler;
  /** Where public reads are kept (lib/read-cache); without it nothing is. */
  readCache?: ReadCache | undefined;
}

/** Any route's entry, as the registrar handles it without knowing which route it is. */
type AnyEntry = Omit<HandlerEntry<unknown>, 'handle'> & {
  handle: (input: never) => unknown;
  upload?: RequestHandler[];
};

/**
 * Mounts every route of the shared contract on `router` (the /api router), each the same way:
 * its read-cache marker, its cache, its address limits, the guard its `access` names, its account
 * limits, its upload, then its inputs parsed with the contract's schemas, its owner check, and
 * the handler's answer sent as the contract describes it (decision 032). Throws, naming it, when
 * a route has no handler or a handler no route.
 */
export function registerRoutes(router: Router, handlers: Handlers, deps: RegistrarDeps): void {
  const entries = entriesOf(handlers);
  for (const route of apiContract) {
    const entry = entries.get(route.id);
    if (!entry) throw new Error(`The contract's route ${route.id} (${describe(route)}) has no handler`);
    if (route.multipart && !entry.upload) throw new Error(`The multipart route ${route.id} has no upload`);
    entries.delete(route.id);
    router[route.method](route.path.replace(/^\/api/, ''), ...chain(route, entry, deps));
  }
  const extra = [...entries.keys()];
  if (extra.length > 0) throw new Error(`Handlers without a route in the contract: ${extra.join(', ')}`);
}

const describe = (route: IdentifiedRoute) => `${route.method.toUpperCase()} ${route.path}`;

function entriesOf(handlers: Handlers): Map<string, AnyEntry> {
  const entries = new Map<string, AnyEntry>();
  for (const [feature, routes] of Object.entries(handlers)) {
    for (const [name, entry] of Object.entries<AnyEntry>(routes)) entries.set(`${feature}.${name}`, entry);
  }
  return entries;
}

/** The sign-in exchange's guard: an ID token is there; the identity provider then verifies it. */
const requireIdToken: RequestHandler = (req, res, next) => {
  const idToken = bearerToken(req);
  if (!idToken) throw new Unauthenticated(apiMessages.signInRequired);
  res.locals.idToken = idToken;
  next();
};

function guard(route: IdentifiedRoute, requireUser: RequestHandler): RequestHandler[] {
  switch (route.access) {
    case 'signed-in':
      return [requireUser];
    case 'admin':
      return [requireUser, requireAdmin];
    // Public: the (small) body is read before the ID token is checked, as it always was.
    case 'id-token':
      return [jsonBody, requireIdToken];
    case 'anyone':
      if (route.raw) return [rawBody];
      return route.body && !route.multipart ? [jsonBody] : [];
  }
}

/** Tells the guard (which reads the body once the caller checked out) to allow a large one. */
const readLargeBody: RequestHandler = (_req, res, next) => {
  res.locals.jsonBody = largeJsonBody;
  next();
};

function chain(route: IdentifiedRoute, entry: AnyEntry, { requireUser, readCache }: RegistrarDeps) {
  const steps: RequestHandler[] = [];
  if (entry.changes) steps.push(changes(...entry.changes));
  if (entry.cached && readCache) steps.push(remember(readCache, { dependsOn: entry.cached }));
  if (entry.largeBody) steps.push(readLargeBody);
  steps.push(...(entry.throttle ?? []), ...guard(route, requireUser), ...(entry.limits ?? []));
  steps.push(...(entry.upload ?? []));
  steps.push(async (req, res) => {
    // In the order the routes always read them: headers, body, path, the owner, then the query.
    const headers = route.headers && parseInput(route.headers, req.headers, entry.invalidHeaders);
    // A raw body is its handler's to read (a signed webhook): its schema only documents it.
    const body =
      route.body && !route.multipart && !route.raw ? parseInput(route.body, req.body ?? {}) : undefined;
    const params =
      route.params &&
      (route.notFound
        ? parseParams(route.params, req.params, route.notFound)
        : parseInput(route.params, req.params));
    if (route.owner) checkOwner(route.owner, res.locals.user, params);
    const query = route.query && parseQuery(route.query, req.query);
    const upload: Upload | undefined = route.multipart
      ? { fields: req.body ?? {}, file: req.file }
      : undefined;
    const signedIn = route.access === 'signed-in' || route.access === 'admin';
    const input = {
      // As Express reads them, honouring TRUST_PROXY: for links back to the store (a payment's return).
      origin: `${req.protocol}://${req.get('host') ?? 'localhost'}`,
      params,
      query,
      headers,
      body,
      ...(signedIn && { user: currentUser(res), signedInAt: currentSignIn(res) }),
      ...(route.access === 'id-token' && { idToken: res.locals.idToken }),
      ...(upload && { upload }),
      ...(route.raw && { rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) }),
    };
    // The input was parsed with this very route's schemas, which its handler's type is made from.
    const result = await (entry.handle as (input: unknown) => unknown)(input);
    await send(route, result, req, res);
  });
  return steps;
}

/** The path's `:email` is the caller's own; or, for 'self-or-admin', the caller is an admin. */
function checkOwner(
  owner: NonNullable<IdentifiedRoute['owner']>,
  user: Express.Locals['user'],
  params: unknown,
): void {
  const email = typeof params === 'object' && params !== null && 'email' in params ? params.email : undefined;
  if (user && email === user.email) return;
  if (owner === 'self-or-admin' && hasAdminPowers(user)) return;
  throw new Forbidden(apiMessages.forbidden);
}

async function send(route: IdentifiedRoute, result: unknown, req: Request, res: Response): Promise<void> {
  if (route.list) {
    if (!isPage(result)) throw new Error(`${route.id} answered a list without its page`);
    return sendPage(req, res, result);
  }
  if (!isAnswer(result)) {
    res.status(successStatus(route)).json(result);
    return;
  }
  switch (result.kind) {
    case 'json':
      res
        .status(result.status)
        .set(result.headers ?? {})
        .json(result.body);
      return;
    case 'file': {
      res.status(result.status).set(result.headers ?? {});
      const type = result.type ?? route.produces;
      if (type && !res.get('Content-Type')) res.type(type);
      res.send(result.body);
      return;
    }
    case 'stream':
      // Text, a chunk at a time: its charset is said, as Express says it for a string.
      return sendChunks(
        res,
        { 'Content-Type': `${route.produces ?? 'text/plain'}; charset=utf-8`, ...result.headers },
        result.chunks,
      );
  }
}

/** The one success a route with a bare body answers with. */
function successStatus(route: IdentifiedRoute): number {
  const success = Object.keys(route.responses).filter((status) => status.startsWith('2'));
  if (success.length !== 1) throw new Error(`${route.id} has several successes: its handler must name one`);
  return Number(success[0]);
}

function isPage(value: unknown): value is Page<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'items' in value &&
    Array.isArray(value.items) &&
    'total' in value &&
    typeof value.total === 'number'
  );
}
