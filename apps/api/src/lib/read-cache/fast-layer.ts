import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { type Logger, requestLinesOf } from '../logger.js';
import { logRequest, requestIdFor } from '../request-log.js';
import { type CachedAnswer, cacheKey, type ReadCache } from './cache.js';
import { acceptsGzip, isPublicRead, isUnchanged } from './conditions.js';

/** compression's threshold (app.ts): smaller answers are sent as they are, as Express would. */
const GZIP_FROM_BYTES = 4 * 1024;

/**
 * The store's request listener: a kept public answer goes out from here, with the headers the
 * whole stack gave it (security headers, ETag, Cache-Control) and a 304 when the client has it,
 * at a fraction of the cost of Express's middleware; everything else goes to `app`.
 * docs/architecture.md, 'The read cache', has the measurements behind it (decision 020).
 */
export function serveCachedFirst(cache: ReadCache, app: RequestListener, logger: Logger): RequestListener {
  const lines = requestLinesOf(logger);
  return (req, res) => {
    const answer =
      isPublicRead(req.method, req.headers) && req.url ? cache.get(cacheKey(req.url)) : undefined;
    if (!answer) {
      app(req, res);
      return;
    }
    const started = process.hrtime.bigint();
    const requestId = requestIdFor(header(req, 'x-request-id'));
    const status = send(req, res, answer, requestId);
    logRequest(lines, { requestId, method: req.method, route: answer.route, status, started, cached: true });
  };
}

function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer, requestId: string): number {
  answer.flat ??= flatHeaders(answer);
  if (isUnchanged(header(req, 'if-none-match'), answer.etag)) {
    res.writeHead(304, [...answer.flat.notModified, 'x-request-id', requestId]);
    res.end();
    return 304;
  }
  const gzip = answer.body.length >= GZIP_FROM_BYTES && acceptsGzip(header(req, 'accept-encoding'));
  if (gzip) answer.gzipped ??= gzipSync(answer.body);
  const body = gzip && answer.gzipped ? answer.gzipped : answer.body;
  const headers = [...answer.flat.ok, 'x-request-id', requestId, 'content-length', String(body.length)];
  if (gzip) headers.push('content-encoding', 'gzip');
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return 200;
}

/** writeHead's `[name, value, name, value, …]`; a 304 has no body, so no Content-Type. */
function flatHeaders(answer: CachedAnswer): { ok: string[]; notModified: string[] } {
  const pairs = Object.entries(answer.headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((one) => [name, String(one)]),
  );
  return {
    ok: pairs.flat(),
    notModified: pairs.filter(([name]) => name !== 'content-type').flat(),
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
