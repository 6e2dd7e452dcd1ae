import { type FeatureHandlers, file } from '../../lib/route-handlers.js';
import { buildOpenApiDocument } from './openapi.js';
import { renderReferencePage } from './reference-page.js';

const CACHE = { 'Cache-Control': 'public, max-age=300' };

/** The API describes itself: built once at start from the shared contract, never per request. */
export function docsHandlers() {
  const json = JSON.stringify(buildOpenApiDocument());
  // The page is drawn from the document as it is served: its JSON.
  const html = renderReferencePage(JSON.parse(json));
  return {
    openapi: { handle: () => file(200, json, { type: 'application/json', headers: CACHE }) },
    reference: { handle: () => file(200, html, { headers: CACHE }) },
  } satisfies FeatureHandlers<'docs'>;
}
