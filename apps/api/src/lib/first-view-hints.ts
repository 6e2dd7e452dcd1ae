import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { escapeHtml } from './html.js';

/**
 * What a public page needs before it can show anything, named in the head of the page the store
 * serves at that path (decision 022): the web build lists, per path, its page's chunks and the
 * API answers it asks for first (apps/web/src/app/first-views.ts). Named up front, the browser
 * fetches them alongside the entry script; otherwise each level of imports, and then the data,
 * waits a round trip for the level before.
 */
const hintsFileSchema = z.array(
  z.object({
    path: z.string().startsWith('/'),
    modules: z.array(z.string().startsWith('/')),
    requests: z.array(z.string().startsWith('/')),
  }),
);

/** The head's links for the page at a request's URL (its path and query), '' for none. */
export type FirstViewHints = (requestUrl: string) => string;

const none: FirstViewHints = () => '';

/** The build's hints file (apps/web/vite-plugins/first-views.ts), when the build wrote one. */
export function loadFirstViewHints(distDir: string): FirstViewHints {
  const file = path.join(distDir, '.vite/first-views.json');
  if (!existsSync(file)) return none;
  return firstViewHints(hintsFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))));
}

export function firstViewHints(views: z.infer<typeof hintsFileSchema>): FirstViewHints {
  const matchers = views.map((view) => ({
    match: pathMatcher(view.path),
    modules: view.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    requests: view.requests,
  }));
  return (requestUrl) => {
    const query = requestUrl.indexOf('?');
    const pathname = query === -1 ? requestUrl : requestUrl.slice(0, query);
    for (const view of matchers) {
      const params = view.match(pathname);
      if (!params) continue;
      // A query string (a search, a page) makes the page ask for other answers than these.
      const requests = query !== -1 ? [] : view.requests.map((request) => fill(request, params));
      const fetches = requests.map(
        (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`,
      );
      return [...view.modules, ...fetches].join('');
    }
    return '';
  };
}

/**
 * A router path (`/parts/:id`) as a matcher of URL paths, giving each parameter's decoded value;
 * a trailing slash is the router's own path too. A segment that does not decode matches nothing.
 */
function pathMatcher(pattern: string): (pathname: string) => Map<string, string> | undefined {
  const expected = segmentsOf(pattern);
  return (pathname) => {
    const actual = segmentsOf(pathname);
    if (actual.length !== expected.length) return undefined;
    const params = new Map<string, string>();
    for (const [index, segment] of expected.entries()) {
      const value = actual[index] ?? '';
      if (segment.startsWith(':')) {
        try {
          params.set(segment.slice(1), decodeURIComponent(value));
        } catch {
          return undefined;
        }
      } else if (segment !== value) return undefined;
    }
    return params;
  };
}

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

/** `/api/part/:id` with the page's `id`, encoded as the web app encodes it when it asks. */
function fill(request: string, params: Map<string, string>): string {
  return request.replace(/:(\w+)/g, (placeholder, name: string) => {
    const value = params.get(name);
    return value === undefined ? placeholder : encodeURIComponent(value);
  });
}
