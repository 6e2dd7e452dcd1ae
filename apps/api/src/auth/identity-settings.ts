import { IDENTITY_SETTINGS_ELEMENT_ID, type IdentitySettings } from '@store/shared';
import express, { type Router } from 'express';

/**
 * The web app's identity settings, decided at run time (docs/decisions/007): written into
 * index.html as the store serves it, so the pages it serves need no extra round trip, and at
 * GET /api/auth-config for a web app served from elsewhere (the Vite dev server, a CDN).
 */
export function identitySettingsRoutes(settings: IdentitySettings): Router {
  const router = express.Router();
  router.get('/auth-config', (_req, res) => {
    // They change only with the store's environment: revalidate, never serve a stale copy.
    res.set('Cache-Control', 'no-cache').json(settings);
  });
  return router;
}

/**
 * A JSON data block for index.html. Browsers never run it, so the CSP needs no exception;
 * `<` is escaped so no value can close the element.
 */
export function identitySettingsElement(settings: IdentitySettings): string {
  const json = JSON.stringify(settings).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${IDENTITY_SETTINGS_ELEMENT_ID}">${json}</script>`;
}
