import { IDENTITY_SETTINGS_ELEMENT_ID, type IdentitySettings, identitySettingsSchema } from '@store/shared';

/**
 * The store decides at run time how this build signs in (docs/decisions/007): it writes the
 * settings into index.html as it serves it, and serves them at /api/auth-config for a build
 * served from elsewhere (the Vite dev server, a CDN).
 */
export async function loadIdentitySettings(): Promise<IdentitySettings> {
  const element = document.getElementById(IDENTITY_SETTINGS_ELEMENT_ID);
  if (element?.textContent) return identitySettingsSchema.parse(JSON.parse(element.textContent));
  const response = await fetch(`${storeOrigin()}/api/auth-config`);
  if (!response.ok) throw new Error(`identity settings: HTTP ${response.status}`);
  return identitySettingsSchema.parse(await response.json());
}

/**
 * Where the browser reaches the emulator: the store's own origin, which forwards its public
 * sign-in endpoints, so it works on any port and from any device that reaches the store.
 */
export function storeOrigin(): string {
  return import.meta.env.VITE_API_URL || window.location.origin;
}
