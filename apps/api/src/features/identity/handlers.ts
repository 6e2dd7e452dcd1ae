import type { IdentitySettings } from '@store/shared';
import { type FeatureHandlers, reply } from '../../lib/route-handlers.js';

/**
 * The web app's identity settings, decided at run time (docs/decisions/007), for a web app served
 * from elsewhere (the Vite dev server, a CDN); the store's own pages carry them in index.html
 * (auth/identity-settings.ts).
 */
export const identityHandlers = (settings: IdentitySettings) =>
  ({
    // They change only with the store's environment: revalidate, never serve a stale copy.
    settings: { handle: () => reply(200, settings, { 'Cache-Control': 'no-cache' }) },
  }) satisfies FeatureHandlers<'identity'>;
