import { APP_PATHS } from '@store/shared';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** The full path of every route that draws a page, but the catch-all not-found page. */
function pagePaths(branch: RouteObject[], parent = ''): string[] {
  return branch.flatMap((route) => {
    if (route.path === '*') return [];
    const here = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    // A page: an index route, or a path with no routes under it (a layout's page is its index).
    const own = route.index || (route.path && !route.children) ? [here] : [];
    return [...own, ...pagePaths(route.children ?? [], here)];
  });
}

describe('APP_PATHS', () => {
  // The store answers 404 at any other path (apps/api/src/lib/web-app.ts): a route added to
  // the router and not to the list would be a page that says it is not found.
  it('names exactly the routes the router draws a page at', () => {
    expect(new Set(pagePaths(routes))).toEqual(new Set(APP_PATHS));
    expect(pagePaths(routes)).toHaveLength(APP_PATHS.length);
  });
});
