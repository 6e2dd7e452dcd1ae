import { MAX_CART_LINES } from '@store/shared';

/**
 * The API's MAX_QUANTITY (a test holds them equal): imported, it would bring its module's zod
 * schemas into the first load and every page the store renders, which this file ships in.
 */
export const MAX_LINE_QUANTITY = 1_000_000;

/**
 * A visitor's cart, kept in this browser (decision 041): part ids and quantities in the order they
 * were added, nothing else (names, prices and rules are read from the parts when shown, so they
 * are never stale). Signing in merges it into the account's cart (features/cart/merge-local-cart.ts).
 */
export interface LocalLine {
  partId: string;
  quantity: number;
}

/** What the cart needs of a storage: localStorage in the browser, a map in tests. */
export type CartStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const LOCAL_CART_KEY = 'visitorCart';

const isLine = (value: unknown): value is LocalLine =>
  typeof value === 'object' &&
  value !== null &&
  'partId' in value &&
  'quantity' in value &&
  typeof value.partId === 'string' &&
  typeof value.quantity === 'number' &&
  Number.isSafeInteger(value.quantity) &&
  value.quantity > 0;

/** The stored lines; anything unreadable (an old format, a hand edit) counts as no line. */
export function parseLines(text: string | null): LocalLine[] {
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const lines: LocalLine[] = [];
  for (const item of parsed) {
    if (!isLine(item) || seen.has(item.partId)) continue;
    seen.add(item.partId);
    lines.push({ partId: item.partId, quantity: item.quantity });
  }
  return lines.slice(0, MAX_CART_LINES);
}

/** `lines` with `quantity` more of a part (a new line at the end), as the server cart adds. */
export function addedTo(lines: LocalLine[], partId: string, quantity: number): LocalLine[] {
  if (!lines.some((line) => line.partId === partId)) {
    return lines.length >= MAX_CART_LINES ? lines : [...lines, { partId, quantity: capped(quantity) }];
  }
  return lines.map((line) =>
    line.partId === partId ? { partId, quantity: capped(line.quantity + quantity) } : line,
  );
}

/** The most a line may ask for (the API refuses more): a merge must never fail on it. */
const capped = (quantity: number) => Math.min(quantity, MAX_LINE_QUANTITY);

export function createLocalCart(storage: () => CartStorage | undefined) {
  const listeners = new Set<() => void>();
  // Kept as the text last read, so a snapshot is the same array until the cart changes.
  let cachedText: string | null | undefined;
  let cachedLines: LocalLine[] = [];

  const read = (): LocalLine[] => {
    let text: string | null = null;
    try {
      text = storage()?.getItem(LOCAL_CART_KEY) ?? null;
    } catch {} // storage off: an empty cart
    if (text !== cachedText) {
      cachedText = text;
      cachedLines = parseLines(text);
    }
    return cachedLines;
  };
  const write = (lines: LocalLine[]) => {
    try {
      if (lines.length === 0) storage()?.removeItem(LOCAL_CART_KEY);
      else storage()?.setItem(LOCAL_CART_KEY, JSON.stringify(lines));
    } catch {} // storage full or off: the cart stays as it was
    changed();
  };
  const changed = () => {
    for (const listener of listeners) listener();
  };

  return {
    lines: read,
    add(partId: string, quantity: number) {
      write(addedTo(read(), partId, quantity));
    },
    set(partId: string, quantity: number) {
      const lines = read();
      write(
        lines.some((line) => line.partId === partId)
          ? lines.map((line) => (line.partId === partId ? { partId, quantity: capped(quantity) } : line))
          : addedTo(lines, partId, quantity),
      );
    },
    remove(partId: string) {
      write(read().filter((line) => line.partId !== partId));
    },
    clear() {
      write([]);
    },
    /**
     * Empties the cart and hands its lines over, in one step: two tabs signing in at once find
     * the lines in one of them only, so they are merged once (features/cart/merge-local-cart.ts).
     */
    take(): LocalLine[] {
      const lines = read();
      if (lines.length > 0) write([]);
      return lines;
    },
    /** Puts lines back (a merge that failed), added to any the visitor has added meanwhile. */
    putBack(lines: LocalLine[]) {
      let current = read();
      for (const line of lines) current = addedTo(current, line.partId, line.quantity);
      write(current);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Another tab changed the cart. */
    changed,
  };
}

export type LocalCart = ReturnType<typeof createLocalCart>;

/**
 * The browser's cart. Not `typeof localStorage`: newer Node versions have a global one that cannot
 * be read (the store renders pages with this module).
 */
export const localCart = createLocalCart(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === LOCAL_CART_KEY) localCart.changed();
  });
}
