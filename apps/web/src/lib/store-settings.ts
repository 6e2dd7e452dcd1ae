import { DEFAULT_STORE_SETTINGS, STORE_SETTINGS_ELEMENT_ID, type StoreSettings } from '@store/shared';

/*
 * The store's currency, money pattern and tax rule (decision 056). The store writes them into
 * every page it serves (a JSON block, read here on first use: no round trip, no flash of another
 * currency); a build served from elsewhere (the Vite dev server) asks GET /api/settings before it
 * draws (loadStoreSettings). Until known: the default the store ships with (£, en-GB, no tax).
 */

let known: StoreSettings | undefined;
/** The server render's own settings (ssr/render-page.tsx): one store's, whatever the page. */
let renderSettings: (() => StoreSettings | undefined) | undefined;

/** Plain JSON, written by the store itself: the shape is checked, not each value. */
const looksLikeSettings = (value: unknown): value is StoreSettings =>
  typeof value === 'object' &&
  value !== null &&
  'money' in value &&
  typeof value.money === 'object' &&
  'tax' in value &&
  typeof value.tax === 'object';

function fromPage(): StoreSettings | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(STORE_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return looksLikeSettings(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function storeSettings(): StoreSettings {
  const rendering = renderSettings?.();
  if (rendering) return rendering;
  known ??= fromPage();
  return known ?? DEFAULT_STORE_SETTINGS;
}

/** The server render reads each render's settings through this (ssr/render-page.tsx). */
export function readSettingsFrom(source: () => StoreSettings | undefined): void {
  renderSettings = source;
}

/**
 * The settings before the app draws: from the page when the store served it, else (the Vite dev
 * server) one call. A failed call leaves the default: prices still show, in the default currency.
 */
export async function loadStoreSettings(): Promise<void> {
  known ??= fromPage();
  if (known) return;
  try {
    const { api } = await import('./api');
    known = await api.settings.get();
  } catch {
    // The default stands; every other call will report the store being unreachable.
  }
}
