import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isAppPath, pageUrl } from '@store/shared';
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { loadFirstViewHints } from './first-view-hints.js';
import type { Logger } from './logger.js';
import { dontKeep, showsOnly } from './read-cache/remember.js';
import type { RenderGate } from './render-gate.js';
import type { ServerPages } from './server-pages.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: hashed files under /assets are immutable; every other GET that is not
 * a file gets index.html (never cached without revalidation) and the client router decides,
 * its not-found page included (with a 404 at a path none of its routes match: APP_PATHS). `headHtml` is written into index.html's head as it is served
 * (the identity settings), read and rendered once since a build never changes under a running
 * store, and so is what the page at each public path needs first (first-view-hints.ts); `cached`
 * keeps each path's page for the read cache. The public pages the store renders itself
 * (`serverPages`, decision 023) are sent rendered; when one cannot be, the app is sent, and draws
 * it. Returns undefined when the web app has not been built.
 */
export function webAppRouter(
  distDir: string,
  {
    headHtml = '',
    cached,
    serverPages,
    renderGate,
    logger,
  }: {
    headHtml?: string;
    cached?: RequestHandler;
    serverPages?: ServerPages;
    /** Admits each render, or sends the app instead (lib/render-gate.ts); none: no limit. */
    renderGate?: RenderGate;
    logger?: Logger;
  } = {},
): Router | undefined {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return undefined;
  const page = renderIndexHtml(readFileSync(indexHtml, 'utf8'), headHtml);
  const hintsFor = loadFirstViewHints(distDir);
  const pageAt = (originalUrl: string) => {
    const hints = hintsFor(originalUrl);
    return hints ? renderIndexHtml(page, hints) : page;
  };

  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
      fallthrough: false,
    }),
  );
  const rendered = async (req: Request, url: string) => {
    if (!serverPages) return undefined;
    const release = renderGate ? renderGate.enter(req.ip ?? '') : () => {};
    if (!release) return 'refused' as const;
    try {
      return await serverPages.render(req, url);
    } catch (error) {
      logger?.error({ err: error, url: req.originalUrl }, 'server rendering failed: the app was sent');
      return 'unavailable' as const;
    } finally {
      release();
    }
  };
  const send = async (req: Request, res: Response) => {
    // What the page reads of the URL, as the read cache keys it (decision 024): the page sent
    // for `/?utm_source=x` is the one kept for `/`.
    const url = pageUrl(req.originalUrl);
    const page = await rendered(req, url);
    if (page === 'unavailable' || page === 'refused') {
      // The page may render next time (or for the next visitor): the app sent in its place is not kept.
      dontKeep(res);
    } else if (page) {
      // A rendered page names its own origin (canonical links): kept only when that is fixed.
      if (!serverPages?.cacheable) dontKeep(res);
      // Forgotten when what it was drawn from changes (a review leaves the catalog kept).
      showsOnly(res, page.shows);
      res.status(page.status).type('html').send(page.html);
      return;
    }
    // The app's page shows no data: only a new build changes it.
    showsOnly(res, []);
    // At a path that is none of the router's, the app draws its not-found page: said with a 404,
    // which the read cache never keeps. A page the renderer knows but could not draw is a page:
    // the app draws it.
    const known = page === 'unavailable' || isAppPath(url.split('?')[0] ?? url);
    const status = known ? 200 : 404;
    res.status(status).type('html').send(pageAt(url));
  };
  const sendPage: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    if (!cached) return send(req, res);
    cached(req, res, () => void send(req, res).catch(next));
  };
  // The raw pages lack what the head gets at run time, and the renderer is the store's own:
  // never serve them as files.
  router.get(['/index.html', '/islands.html'], sendPage);
  router.use('/server', sendPage);
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.use(sendPage);
  return router;
}

/** Module scripts run after parsing, so the element may stand anywhere; the head is tidiest. */
function renderIndexHtml(html: string, headHtml: string): string {
  if (!html.includes('</head>')) return html + headHtml;
  return html.replace('</head>', () => `${headHtml}</head>`);
}
