import { Router } from 'express';
import { buildOpenApiDocument } from './openapi.js';
import { renderReferencePage } from './reference-page.js';

/** The API describes itself: built once at start from the shared contract, never per request. */
export function docsRoutes(): Router {
  const document = buildOpenApiDocument();
  const json = JSON.stringify(document);
  const html = renderReferencePage(document as unknown as Record<string, unknown>);
  const router = Router();
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').set('Cache-Control', 'public, max-age=300').send(json);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').set('Cache-Control', 'public, max-age=300').send(html);
  });
  return router;
}
