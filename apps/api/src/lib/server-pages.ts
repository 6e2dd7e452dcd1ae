import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage, ServerRenderedPage, StoreSettings } from '@store/shared';
import type { Request } from 'express';
import { escapeHtml } from './html.js';
import { PUBLIC_TABLES, type PublicTable } from './read-cache/cache.js';

/**
 * The public pages the store sends rendered (decision 023): a visitor who opens one sees it with
 * the HTML, before any script has run, and the browser then runs only the page's islands. The web
 * build ships the renderer (apps/web/src/ssr/render-page.tsx → dist/server/render-page.js) and the
 * page it fills (dist/islands.html); the renderer asks for the same API answers the app would,
 * and gets them from this store's own server over loopback, so the whole stack answers as it
 * answers a browser (validation, the read cache, errors). Undefined when the build has neither.
 */
export interface ServerPages {
  /**
   * Whether the read cache may keep these pages: only with a fixed public origin (PUBLIC_URL).
   * Else a page names the origin it was asked at, and one asked with a forged Host would be kept
   * and sent to everyone.
   */
  readonly cacheable: boolean;
  /**
   * The page at `url` (path and query), asked for by `req`; undefined when it is not one of them,
   * 'unavailable' when it is but its data could not be had. The app is sent in both cases, and
   * draws the page itself.
   */
  render(
    req: Request,
    url: string,
  ): Promise<{ status: number; html: string; shows: readonly PublicTable[] } | 'unavailable' | undefined>;
}

/** How long a rendered page waits for one of its answers before the app is sent instead. */
const ANSWER_TIMEOUT_MS = 5_000;

export interface ServerPagesOptions {
  /** Written into the head, as into the app's page (the identity settings). */
  headHtml: string;
  /** The store's public origin; else each request's own. */
  publicUrl?: string | undefined;
  /** Where this store's own server answers (undefined until it listens). */
  localOrigin: () => string | undefined;
  /** Prices on the pages are written in the store's money (decision 056). */
  settings?: StoreSettings;
}

export function loadServerPages(distDir: string, options: ServerPagesOptions): ServerPages | undefined {
  const module = path.join(distDir, 'server/render-page.js');
  const template = path.join(distDir, 'islands.html');
  if (!existsSync(module) || !existsSync(template)) return undefined;
  const page = readFileSync(template, 'utf8').replace('</head>', () => `${options.headHtml}</head>`);
  // Loaded as the store starts, so the first visitor does not wait for it.
  const renderer = import(pathToFileURL(module).href).then(
    (loaded: { renderPage: RenderPage }) => loaded.renderPage,
  );
  renderer.catch(() => undefined); // reported by the first render that needs it

  return {
    cacheable: options.publicUrl !== undefined,
    async render(req, url) {
      const renderPage = await renderer;
      const origin = options.publicUrl ?? `${req.protocol}://${req.host}`;
      // What the page shows: the tables behind the answers it was drawn from.
      const shows = new Set<PublicTable>();
      const fetch = publicGet(options.localOrigin, (answer) => {
        for (const table of tablesBehind(answer)) shows.add(table);
      });
      const rendered = await renderPage(url, {
        origin,
        fetch,
        ...(options.settings && { settings: options.settings }),
      });
      if (!rendered) return undefined;
      if ('unavailable' in rendered) return 'unavailable';
      return { status: rendered.status, html: fill(page, rendered), shows: [...shows] };
    },
  };
}

/** Only the API's public reads, with no one's token: the renderer never writes. */
const publicGet =
  (localOrigin: ServerPagesOptions['localOrigin'], onAsk: (url: string) => void) =>
  async (url: string): Promise<Response> => {
    const origin = localOrigin();
    if (!origin) throw new Error('the store does not listen yet');
    if (!url.startsWith('/api/')) throw new Error(`not an API path: ${url}`);
    onAsk(url);
    // A slow answer sends the app rather than keeping the visitor waiting for the page.
    return fetch(`${origin}${url}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
    });
  };

/**
 * The tables an API answer shows (parts: the catalog and a part, with their categories' slugs;
 * the category tree, with its part counts; reviews); unknown: all.
 */
export function tablesBehind(url: string): readonly PublicTable[] {
  if (/^\/api\/parts?([/?]|$)/.test(url)) return ['parts', 'categories'];
  if (/^\/api\/categories([/?]|$)/.test(url)) return ['categories', 'parts'];
  if (/^\/api\/reviews([/?]|$)/.test(url)) return ['reviews'];
  return PUBLIC_TABLES;
}

/** The rendered page in the build's page: its head's title, description and links, and #root. */
export function fill(page: string, rendered: ServerRenderedPage): string {
  const head = [
    `<title>${escapeHtml(rendered.title)}</title>`,
    `<meta name="description" content="${escapeHtml(rendered.description)}">`,
    rendered.canonical ? `<link rel="canonical" href="${escapeHtml(rendered.canonical)}">` : '',
    rendered.robots ? `<meta name="robots" content="${rendered.robots}">` : '',
  ].join('');
  return page
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${rendered.body}</div>`);
}
