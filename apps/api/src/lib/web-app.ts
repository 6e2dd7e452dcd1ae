import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves the built SPA: hashed files under /assets are immutable; every other GET that is not
 * a file gets index.html (never cached) and the client router decides, its not-found page
 * included. Returns undefined when the web app has not been built.
 */
export function webAppRouter(distDir: string): Router | undefined {
  const indexHtml = path.join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return undefined;

  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(distDir, 'assets'), {
      immutable: true,
      maxAge: ONE_YEAR_SECONDS * 1000,
      fallthrough: false,
    }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
