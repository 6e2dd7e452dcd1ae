import type { OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { cacheKey, type ReadCache } from './cache.js';
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
 * stack sent it, in `cache` for the fast layer (fast-layer.ts) to send next time.
 */
export function remember(cache: ReadCache, cacheControl = PUBLIC_API_CACHE_CONTROL): RequestHandler {
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
    const end = res.end;
    // Express's send() ends with the serialized body after setting every header (ETag included),
    // and before compression (mounted earlier, so wrapped inside this) encodes it.
    res.end = function (this: Response, ...args: unknown[]) {
      const [chunk, encoding] = args;
      const etag = this.getHeader('etag');
      if (
        this.statusCode === 200 &&
        typeof etag === 'string' &&
        (typeof chunk === 'string' || Buffer.isBuffer(chunk))
      ) {
        const body = typeof chunk === 'string' ? Buffer.from(chunk, encoding as BufferEncoding) : chunk;
        if (!this.locals[NOT_KEPT]) {
          cache.keep(cacheKey(req.originalUrl), token, {
            headers: sharedHeaders(this),
            body,
            etag,
            route: routeOf(req),
          });
        }
        if (isUnchanged(ifNoneMatch, etag)) {
          this.statusCode = 304;
          for (const name of ['content-type', 'content-length', 'transfer-encoding']) this.removeHeader(name);
          return (end as () => Response).call(this);
        }
      }
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as Response['end'];
    next();
  };
}

const NOT_KEPT = 'readCacheNotKept';

/**
 * This answer is sent as public but not kept (a page the store could not render this time, or
 * one that names the origin it was asked at): the next request makes its own.
 */
export function dontKeep(res: Response): void {
  res.locals[NOT_KEPT] = true;
}

const CHANGES_NOTHING_PUBLIC = 'readCacheUntouched';

/**
 * Marks a write route whose success changes nothing a public answer shows (a sign-in, a profile,
 * a role; public answers show parts and reviews, which migration 0009's triggers watch): it
 * leaves the read cache alone. Decision 024: a rename loop emptied the cache before this.
 */
export const changesNothingPublic: RequestHandler = (_req, res, next) => {
  res.locals[CHANGES_NOTHING_PUBLIC] = true;
  next();
};

/**
 * A successful write may change what the cache holds: unless its route says it changes nothing
 * public (`changesNothingPublic`), it is forgotten before the writer hears back, so the writer's
 * next read on this instance sees the write. A route that does not say so is taken to change
 * everything: forgetting too much costs a miss, too little a stale page. Other instances hear of
 * it through the database (migration 0009's NOTIFY), within milliseconds of the commit.
 */
export function forgetOnWrite(cache: ReadCache): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const end = res.end;
    res.end = function (this: Response, ...args: unknown[]) {
      if (this.statusCode < 400 && !this.locals[CHANGES_NOTHING_PUBLIC]) cache.invalidate();
      return (end as (...a: unknown[]) => Response).apply(this, args);
    } as Response['end'];
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
