import {
  answers,
  catalog,
  type FirstAnswer,
  homeReviews,
  newestParts,
  requestOf,
} from '../lib/first-answers';

/**
 * The public pages a visitor lands on from a link or a search engine, and what each needs before
 * it can show anything: its page's chunk (and that chunk's imports), and the API answers it asks
 * for first. The build writes the chunks' file names next to each path into
 * dist/.vite/first-views.json (vite-plugins/first-views.ts), and the store names all of it in the head
 * of the page it serves at that path (apps/api/src/lib/first-view-hints.ts), so the browser asks
 * for everything at once rather than a round trip per level of imports (decision 022). The pages
 * the store renders itself (decision 023) need them only when it sends the app instead.
 *
 * Each page's answers are declared once (lib/first-answers.ts, decision 038): the router prefetches
 * them (routes.tsx), the store's server rendering fetches them before it renders
 * (ssr/render-page.tsx), and `requests` is their URLs. No React: the build reads it too, through
 * Vite's module runner (vite-plugins/first-views.ts).
 * first-views.test.ts checks that each `requests` entry is the exact URL the page's first queries
 * fetch, and the browser suite that every hinted request is used (e2e/first-views.spec.ts).
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

/** Where a page is opened: its path's parameters and its URL's query. */
export interface PageAt {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/** A public page and the answers it asks for first at a URL (none: it fetches nothing first). */
export interface FirstPage {
  path: string;
  page: string;
  answers?: (at: PageAt) => FirstAnswer[];
}

const home = {
  page: 'src/features/home/pages/home-page.tsx',
  answers: () => [newestParts(), homeReviews()],
};

export const FIRST_PAGES: readonly FirstPage[] = [
  { path: '/', ...home },
  { path: '/home', ...home },
  {
    path: '/parts',
    page: 'src/features/parts/pages/catalog-page.tsx',
    answers: ({ search }) => [catalog(search)],
  },
  {
    path: '/parts/:id',
    page: 'src/features/parts/pages/part-page.tsx',
    // The part, and the tree its specification table is labelled from.
    answers: ({ params }) => [answers.part(params.id ?? ''), answers.categories()],
  },
  { path: '/blogs', page: 'src/features/blogs/pages/blogs-page.tsx' },
  { path: '/portfolio', page: 'src/features/portfolio/pages/portfolio-page.tsx' },
  { path: '/login', page: 'src/features/auth/pages/login-page.tsx' },
  { path: '/register', page: 'src/features/auth/pages/register-page.tsx' },
];

/** The answers of the page at `path` (a router path), opened at these parameters and query. */
export const firstAnswersAt = (path: string | undefined, at: PageAt): FirstAnswer[] =>
  FIRST_PAGES.find((page) => page.path === path)?.answers?.(at) ?? [];

/**
 * The URLs of a page's answers at its path as it stands, each parameter left as `:name` for the
 * store to fill in (apps/api/src/lib/first-view-hints.ts).
 */
function requestsOf(view: FirstPage): string[] | undefined {
  const names = [...view.path.matchAll(/:(\w+)/g)].map(([, name]) => name ?? '');
  const params = Object.fromEntries(names.map((name) => [name, `:${name}`]));
  const urls = view.answers?.({ params, search: new URLSearchParams() }).map(requestOf);
  return urls?.map((url) =>
    names.reduce((filled, name) => filled.replaceAll(encodeURIComponent(`:${name}`), `:${name}`), url),
  );
}

export const FIRST_VIEWS: readonly FirstView[] = FIRST_PAGES.map((view) => {
  const requests = requestsOf(view);
  return { path: view.path, page: view.page, ...(requests && { requests }) };
});

/** Every page that fetches from the API parses the answers with these, loaded on demand. */
export const ANSWER_MODULES = ['src/lib/answer-check.ts', 'src/lib/web-env-schema.ts'];
