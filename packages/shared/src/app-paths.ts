/**
 * Every path at which the web app's router draws a page (apps/web/src/app/routes.tsx; a test
 * there keeps the two the same). The store answers any other path with the app's not-found page
 * and a 404 rather than a 200, so search engines do not keep it as a page.
 */
export const APP_PATHS = [
  '/',
  '/home',
  '/parts',
  '/parts/:id',
  '/c/:slug',
  '/compare',
  '/blogs',
  '/portfolio',
  '/login',
  '/register',
  '/cart',
  '/quick-order',
  '/purchase/:id',
  '/dashboard',
  '/dashboard/myorders',
  '/dashboard/payment/:id',
  '/dashboard/orders/:id',
  '/dashboard/orders/:id/invoice',
  '/dashboard/addreview',
  '/dashboard/addproduct',
  '/dashboard/manageproducts',
  '/dashboard/manageproducts/:id',
  '/dashboard/manageorders',
  '/dashboard/users',
  '/dashboard/categories',
  '/dashboard/import',
  '/dashboard/outbox',
  '/dashboard/overview',
  '/dashboard/audit',
] as const;

/** As the router matches: any case, one trailing slash, a `:param` being one non-empty segment. */
const APP_PATH_PATTERNS = APP_PATHS.map(
  (appPath) => new RegExp(`^${appPath.replace(/:\w+/g, '[^/]+').replace(/\/$/, '')}/?$`, 'i'),
);

/** Whether the router draws a page of its own at `pathname` (no query), not its not-found page. */
export function isAppPath(pathname: string): boolean {
  return APP_PATH_PATTERNS.some((pattern) => pattern.test(pathname));
}
