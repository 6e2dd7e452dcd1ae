/**
 * The public pages a visitor lands on from a link or a search engine, and what each needs before
 * it can show anything: its page's chunk (and that chunk's imports), and the API answers it asks
 * for first. The build writes the chunks' file names next to each path into
 * dist/.vite/first-views.json (vite-plugins/first-views.ts), and the store names all of it in the head
 * of the page it serves at that path (apps/api/src/lib/first-view-hints.ts), so the browser asks
 * for everything at once rather than a round trip per level of imports (decision 022). The pages
 * the store renders itself (decision 023) need them only when it sends the app instead.
 *
 * Plain data: vite.config.ts reads it too. first-views.test.ts checks that each `requests` entry
 * is the exact URL the page's first queries fetch, and the browser suite that every hinted
 * request is used (e2e/first-views.spec.ts).
 */
export interface FirstView {
  /** The router's path: literal segments and `:name` parameters (app/router.tsx). */
  path: string;
  /** The page's module, as the build's manifest names it. */
  page: string;
  /**
   * What the page fetches first, the path's parameters filled in by name. Only for the path as
   * it stands: a query string (a search, a page number) makes the page ask for something else.
   */
  requests?: readonly string[];
}

const home = {
  page: 'src/features/home/pages/home-page.tsx',
  requests: ['/api/parts?limit=3&sort=newest&page=1', '/api/reviews?page=1&limit=6'],
};

export const FIRST_VIEWS: readonly FirstView[] = [
  { path: '/', ...home },
  { path: '/home', ...home },
  {
    path: '/parts',
    page: 'src/features/parts/pages/catalog-page.tsx',
    requests: ['/api/parts?limit=12&page=1'],
  },
  { path: '/parts/:id', page: 'src/features/parts/pages/part-page.tsx', requests: ['/api/part/:id'] },
  { path: '/blogs', page: 'src/features/blogs/pages/blogs-page.tsx' },
  { path: '/portfolio', page: 'src/features/portfolio/pages/portfolio-page.tsx' },
  { path: '/login', page: 'src/features/auth/pages/login-page.tsx' },
  { path: '/register', page: 'src/features/auth/pages/register-page.tsx' },
];

/** Every page that fetches from the API parses the answers with these, loaded on demand. */
export const ANSWER_MODULES = ['src/lib/answer-check.ts', 'src/lib/web-env-schema.ts'];
