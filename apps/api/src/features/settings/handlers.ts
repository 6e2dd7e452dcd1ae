import type { StoreSettings } from '@store/shared';
import { type FeatureHandlers, reply } from '../../lib/route-handlers.js';

/**
 * The store's public settings (decision 056) for a web app served from elsewhere (the Vite dev
 * server, a CDN); the store's own pages carry them (settings-element.ts). They change only with
 * the store's environment: any cache may keep them, and revalidates (the ETag) before use.
 */
export const settingsHandlers = (settings: StoreSettings) =>
  ({
    get: { handle: () => reply(200, settings, { 'Cache-Control': 'public, no-cache' }) },
  }) satisfies FeatureHandlers<'settings'>;
