import { useSyncExternalStore } from 'react';

/**
 * The parts a visitor has chosen to compare, kept in this browser (no account needed) and shared
 * by every tab: the cards' Compare buttons add and remove, the compare bar and page read them.
 */
export const MAX_COMPARED = 4;
const KEY = 'compare-parts';
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];
let cached: { text: string | null; ids: readonly string[] } = { text: null, ids: EMPTY };

function read(): readonly string[] {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window's policy): nothing chosen.
  }
  if (text === cached.text) return cached.ids;
  let ids: readonly string[] = EMPTY;
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(parsed))
      ids = parsed.filter((id): id is string => typeof id === 'string').slice(0, MAX_COMPARED);
  } catch {
    // A damaged entry counts as none.
  }
  cached = { text, ids };
  return ids;
}

function write(ids: readonly string[]) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Not kept; the page still shows the change until reload.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen ids ([] on the server, which cannot know them). */
export const useComparedIds = (): readonly string[] => useSyncExternalStore(subscribe, read, () => EMPTY);

/** Adds or removes a part; false when the list is full and it was not added. */
export function setCompared(id: string, on: boolean): boolean {
  const ids = read().filter((chosen) => chosen !== id);
  if (on && ids.length >= MAX_COMPARED) return false;
  write(on ? [...ids, id] : ids);
  return true;
}

export const clearCompared = () => write([]);

/** The compare page's URL for these parts. */
export const compareUrl = (ids: readonly string[]) => `/compare?ids=${ids.map(encodeURIComponent).join(',')}`;
