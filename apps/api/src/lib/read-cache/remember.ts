import type { OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { asError } from '../thrown.js';
import { cacheKey, PUBLIC_TABLES, type PublicTable, type ReadCache } from './cache.js';
import { isPublicRead, isUnchanged } from './conditions.js';

/**
 * Public browse answers: a CDN may keep them 5 s and serve them 30 s more while it asks again.
 * The web app revalidates every time (its fetches use `cache: 'no-cache'`) and gets a 304.
 */
export const PUBLIC_API_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';
/** A new deploy changes which assets index.html names: it is always revalidated. */
export const PAGE_CACHE_CONTROL = 'public, no-cache';

/** Set on every request by the stack, never shared between answers. */
const PER_REQUEST_HEADERS = ['x-request-id', 'date', 'connection', 'keep-alive', 'content-length'];

/**
 * Marks a public GET route's answer cacheable and keeps a successful one, exactly as the whole
 * stack sent it, in `cache` for the fast layer (fast-layer.ts) to send next time, until a change
 * to a table in `dependsOn` (or what the route says with `showsOnly`).
 */
export function remember(
  cache: ReadCache,
  {
    cacheControl = PUBLIC_API_CACHE_CONTROL,
    dependsOn = PUBLIC_TABLES,
  }: { cacheControl?: string; dependsOn?: readonly PublicTable[] } = {},
): RequestHandler {
  return (req, res, next) => {
    if (!isPublicRead(req.method, req.headers)) return next();
    res.setHeader('Cache-Control', cacheControl);
    const token = cache.begin();
    if (token === undefined || req.method !== 'GET') return next();
    // Express answers a matching If-None-Match with a bodiless 304, which leaves nothing to keep;
    // and clients that revalidate every time (the web app) send one on almost every request.
    // So Express makes the full answer, and the 304 is decided here, once it is kept.
    const ifNoneMatch = req.headers['if-none-match'];
    delete req.headers['if-none-match'];
    // Express's send() ends with the serialized body after setting every header (ETag included),
    // and before compression (mounted earlier, so wrapped inside this) encodes it.
    res.end = new Proxy(res.end, {
      apply(end, self: Response, args: unknown[]) {
        const [chunk, encoding] = args;
        const etag = self.getHeader('etag');
        if (
          self.statusCode === 200 &&
          typeof etag === 'string' &&
          (typeof chunk === 'string' || Buffer.isBuffer(chunk))
        ) {
          const body =
            typeof chunk === 'string'
              ? Buffer.from(
                  chunk,
                  typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8',
                )
              : chunk;
          if (!self.locals[NOT_KEPT]) {
            const shown: readonly PublicTable[] | undefined = self.locals[SHOWS_ONLY];
            cache.keep(cacheKey(req.originalUrl), token, {
              dependsOn: shown ?? dependsOn,
              headers: sharedHeaders(self),
              body,
              etag,
              route: routeOf(req),
            });
          }
          if (isUnchanged(ifNoneMatch, etag)) {
            self.statusCode = 304;
            for (const name of ['content-type', 'content-length', 'transfer-encoding'])
              self.removeHeader(name);
            return Reflect.apply(end, self, []);
          }
        }
        return Reflect.apply(end, self, args);
      },
    });
    next();
  };
}

declare global {
  namespace Express {
    interface Locals {
      /** The answer is public but not kept (`dontKeep`). */
      readCacheNotKept?: boolean;
      /** The only tables the answer shows (`showsOnly`). */
      readCacheShowsOnly?: readonly PublicTable[];
      /** The tables a write changes (`changes`). */
      readCacheChanges?: readonly PublicTable[];
    }
  }
}

const NOT_KEPT = 'readCacheNotKept';
const SHOWS_ONLY = 'readCacheShowsOnly';

/** This answer shows only these tables (a rendered page, by the answers it was drawn from). */
export function showsOnly(res: Response, tables: readonly PublicTable[]): void {
  res.locals[SHOWS_ONLY] = tables;
}

/**
 * This answer is sent as public but not kept (a page the store could not render this time, or
 * one that names the origin it was asked at): the next request makes its own.
 */
export function dontKeep(res: Response): void {
  res.locals[NOT_KEPT] = true;
}

const CHANGES = 'readCacheChanges';

/**
 * Marks a write route with the public tables its success may change: the read cache then forgets
 * only the answers that show them (decision 024). Public answers show parts and reviews, which
 * the NOTIFY triggers watch (migrations 0009, 0013).
 */
export const changes =
  (...tables: PublicTable[]): RequestHandler =>
  (_req, res, next) => {
    res.locals[CHANGES] = tables;
    next();
  };

/**
 * A write route whose success changes nothing a public answer shows (a sign-in, a profile, a
 * role): it leaves the read cache alone. Before decision 024, a rename loop kept it empty.
 */
export const changesNothingPublic = changes();

/**
 * A successful write may change what the cache holds: what its route says it changes (`changes`)
 * is forgotten before the writer hears back, so the writer's next read on this instance sees the
 * write. A route that does not say is taken to change everything: forgetting too much costs a
 * miss, too little a stale page. Other instances hear of it through the database (the NOTIFY of
 * migrations 0009 and 0013), within milliseconds of the commit.
 *
 * This instance hears that NOTIFY too, and it forgets again whatever was kept in between. So the
 * writer hears back only once the feed has caught up with the commit (`caughtUp`, at once when it
 * has told of each changed table since the write began): an answer the writer reads again is
 * then kept until the next change. A notification cannot say which write it is for, so none is
 * ever skipped: another instance's change must always be forgotten.
 */
export function forgetOnWrite(cache: ReadCache): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    // Before the write commits: a notification heard after this may be its own.
    const heard = cache.heard;
    res.end = new Proxy(res.end, {
      apply(end, self: Response, args: unknown[]) {
        const marked: readonly PublicTable[] | undefined = self.locals[CHANGES];
        const tables = marked ?? PUBLIC_TABLES;
        if (self.statusCode >= 400 || tables.length === 0) return Reflect.apply(end, self, args);
        cache.invalidate(tables);
        // Nothing awaits end(): what it would throw now ends the connection instead.
        cache
          .caughtUp({ heard, tables })
          .then(() => Reflect.apply(end, self, args))
          .catch((error: unknown) => self.destroy(asError(error)));
        return self;
      },
    });
    next();
  };
}

function sharedHeaders(res: Response): OutgoingHttpHeaders {
  const headers = res.getHeaders();
  for (const name of PER_REQUEST_HEADERS) delete headers[name];
  // compression adds this as it writes the head, after this snapshot; the fast layer may send
  // the answer gzipped too.
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  return headers;
}

/** As the request log names it (request-log.ts): a pattern, never a path. */
function routeOf(req: Request): string {
  if (req.route) return `${req.baseUrl}${String(req.route.path)}`;
  return req.baseUrl ? `${req.baseUrl}/*` : '*';
}
