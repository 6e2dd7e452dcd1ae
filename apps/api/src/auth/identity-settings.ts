import { IDENTITY_SETTINGS_ELEMENT_ID, type IdentitySettings } from '@store/shared';

/**
 * The web app's identity settings, decided at run time (docs/decisions/007), as a JSON data
 * block for index.html, so the pages the store serves need no extra round trip (a web app served
 * from elsewhere asks GET /api/auth-config: features/identity/handlers.ts). Browsers never run it, so the CSP needs no exception;
 * `<` is escaped so no value can close the element.
 */
export function identitySettingsElement(settings: IdentitySettings): string {
  const json = JSON.stringify(settings).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${IDENTITY_SETTINGS_ELEMENT_ID}">${json}</script>`;
}
