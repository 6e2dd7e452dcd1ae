import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { type Logger, requestLinesOf } from './logger.js';

declare global {
  namespace Express {
    interface Locals {
      requestId?: string;
    }
  }
}

/** A caller's (or proxy's) own id is kept if it is plainly an id: nothing to inject, nothing long. */
const SANE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * One line per request, once the response is sent: method, route pattern, status, duration and
 * a request id, which is also returned as `X-Request-Id` so a user's report can be matched to it.
 *
 * Never the URL: paths carry e-mails (`/api/orders/:email`) and query strings search terms.
 * Mounted first, so every request is counted, including those another middleware refuses.
 */
export function requestLog(logger: Logger): RequestHandler {
  const lines = requestLinesOf(logger);
  return (req, res, next) => {
    const requestId = requestIdFor(req.get('x-request-id'));
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    const route = capturePattern(req);
    res.on('finish', () => {
      logRequest(lines, { requestId, method: req.method, route: route(), status: res.statusCode, started });
    });
    next();
  };
}

/** The caller's id when it is plainly one, else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The request's line, to `requestLinesOf(logger)`; `cached` marks answers the read cache's fast layer sent. */
export function logRequest(
  logger: Logger,
  entry: {
    requestId: string;
    method: string | undefined;
    route: string;
    status: number;
    started: bigint;
    cached?: true;
  },
): void {
  const { started, ...fields } = entry;
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  logger.info({ ...fields, ms: Math.round(ms * 10) / 10 }, 'request');
}

/**
 * The pattern the request matched, e.g. `/api/order/:id`. The router assigns `req.route` as it
 * enters the matched route, while `req.baseUrl` is still the mount (`/api`); by the time an
 * error reaches the error handler the mount is gone, so the pattern is taken at that moment.
 * Unmatched requests name the mount they reached (`/uploads/*`) or nothing (`*`), never a path.
 */
function capturePattern(req: Request): () => string {
  let route: unknown;
  let pattern: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: { path?: unknown } | undefined) {
      route = value;
      if (value?.path !== undefined) pattern = `${req.baseUrl}${String(value.path)}`;
    },
  });
  return () => pattern ?? (req.baseUrl ? `${req.baseUrl}/*` : '*');
}
