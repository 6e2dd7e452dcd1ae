import { STORE_SETTINGS_ELEMENT_ID, type StoreSettings } from '@store/shared';

/**
 * The store's public settings as a JSON data block for each page it serves, so the web app shows
 * prices in the store's currency from its first paint, with no round trip (decision 056). Browsers
 * never run it, so the CSP needs no exception; `<` is escaped so no value can close the element.
 */
export function storeSettingsElement(settings: StoreSettings): string {
  const json = JSON.stringify(settings).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${STORE_SETTINGS_ELEMENT_ID}">${json}</script>`;
}
