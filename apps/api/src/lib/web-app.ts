import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { loadFirstViewHints } from './first-view-hints.js';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: hashed files under /assets are immutable; every other GET that is not
 * a file gets index.html (never cached without revalidation) and the client router decides,
 * its not-found page included. `headHtml` is written into index.html's head as it is served
 * (the identity settings), read and rendered once since a build never changes under a running
 * store, and so is what the page at each public path needs first (first-view-hints.ts); `cached`
 * keeps each path's page for the read cache. Returns undefined when the web app has not been built.
 */
export function webAppRouter(
  distDir: string,
  { headHtml = '', cached }: { headHtml?: string; cached?: RequestHandler } = {},
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
  const sendPage: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    const send = () => void res.type('html').send(pageAt(req.originalUrl));
    if (!cached) return send();
    cached(req, res, send);
  };
  // The raw file lacks what the head gets at run time: never serve it as is.
  router.get('/index.html', sendPage);
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.use(sendPage);
  return router;
}

/** Module scripts run after parsing, so the element may stand anywhere; the head is tidiest. */
function renderIndexHtml(html: string, headHtml: string): string {
  if (!html.includes('</head>')) return html + headHtml;
  return html.replace('</head>', () => `${headHtml}</head>`);
}
