import { useSyncExternalStore } from 'react';

/**
 * The part a customer has chosen to match ('Match parts to this one' on its page, say their
 * board): category pages then offer 'Fits my board', the filter `compatibleWith=<id>`. Kept in
 * this browser only; the API decides what fits.
 */
export interface MatchPart {
  id: string;
  name: string;
}

const KEY = 'match-part';
const listeners = new Set<() => void>();
let cached: { text: string | null; part: MatchPart | undefined } = { text: null, part: undefined };

function read(): MatchPart | undefined {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(KEY);
  } catch {
    // Storage refused: nothing chosen.
  }
  if (text === cached.text) return cached.part;
  let part: MatchPart | undefined;
  try {
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (
      parsed &&
      typeof parsed === 'object' &&
      'id' in parsed &&
      'name' in parsed &&
      typeof parsed.id === 'string' &&
      typeof parsed.name === 'string'
    )
      part = { id: parsed.id, name: parsed.name };
  } catch {
    // A damaged entry counts as none.
  }
  cached = { text, part };
  return part;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useMatchPart = (): MatchPart | undefined =>
  useSyncExternalStore(subscribe, read, () => undefined);

export function setMatchPart(part: MatchPart) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(part));
  } catch {
    // Not kept beyond this page.
  }
  for (const listener of listeners) listener();
}
