import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether the cache may answer this request. Signed-in requests never share an answer; a
 * cross-origin one gets its CORS headers from Express (browsers send `Origin` only then, on GET).
 */
export function isPublicRead(method: string | undefined, headers: IncomingHttpHeaders): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    headers.authorization === undefined &&
    headers.origin === undefined
  );
}

/** `If-None-Match` compares weakly (RFC 9110 §13.1.2): `W/"x"` matches `"x"`; `*` matches any. */
export function isUnchanged(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === ours);
}

/** gzip is acceptable unless missing or refused with `q=0`. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((coding) => {
    const [name, ...params] = coding.split(';').map((part) => part.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
