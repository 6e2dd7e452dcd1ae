import type { IdentitySettings } from '@store/shared';

/**
 * Everything the web app is configured with, checked with zod in this one module: the build's
 * environment (`import.meta.env`, fixed when Vite builds) and the identity settings the store
 * decides at run time (docs/decisions/007). Both are first needed by a network call, so their
 * schemas are loaded then and stay out of the entry bundle.
 */

export interface WebEnv {
  /** The store's origin when the web app is served from elsewhere; empty: the page's own. */
  VITE_API_URL: string;
  /** Another image host speaking the protocol of `POST /api/image`; absent: the store's own. */
  VITE_IMAGE_HOST_URL?: string | undefined;
  VITE_IMAGE_HOST_KEY: string;
}

let checkedEnv: Promise<WebEnv> | undefined;

/** The build's environment, checked once; a wrong value fails every call with a clear message. */
export function webEnv(): Promise<WebEnv> {
  checkedEnv ??= import('./web-env-schema').then(({ webEnvSchema }) => webEnvSchema.parse(import.meta.env));
  return checkedEnv;
}

/**
 * The store writes the identity settings into index.html as it serves it, and serves them at
 * /api/auth-config for a build served from elsewhere (the Vite dev server, a CDN).
 */
export async function loadIdentitySettings(): Promise<IdentitySettings> {
  const { IDENTITY_SETTINGS_ELEMENT_ID, identitySettingsSchema } = await import('@store/shared');
  const element = document.getElementById(IDENTITY_SETTINGS_ELEMENT_ID);
  if (element?.textContent) return identitySettingsSchema.parse(JSON.parse(element.textContent));
  // Loaded here, not imported: the client's transport reads this module's webEnv().
  const { api } = await import('./api');
  return api.identity.settings();
}

/**
 * Where the browser reaches the emulator: the store's own origin, which forwards its public
 * sign-in endpoints, so it works on any port and from any device that reaches the store.
 */
export async function storeOrigin(): Promise<string> {
  return (await webEnv()).VITE_API_URL || window.location.origin;
}

/** Where the API lives: `/api` under the store's origin. */
export async function apiBase(): Promise<string> {
  return `${(await webEnv()).VITE_API_URL}/api`;
}
