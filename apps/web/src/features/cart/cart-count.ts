import { useEffect, useSyncExternalStore } from 'react';
import { localCart } from '../../lib/local-cart';
import { useSessionUser } from '../../lib/session';

/**
 * The number of lines the top bar's cart button shows. A visitor's is read from this browser;
 * a customer's from the server's cart, once the app has it (server-count.ts, loaded only then,
 * as the top bar ships in the first load and on pages the store renders, without the app).
 */
let serverLines: number | undefined;
const listeners = new Set<() => void>();

export function publishServerLineCount(count: number | undefined) {
  if (count === serverLines) return;
  serverLines = count;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const subscribeLocal = (listener: () => void) => {
  const unsubscribe = localCart.subscribe(listener);
  return () => {
    unsubscribe();
  };
};

/** Lines in the cart, or undefined while a customer's is not known yet. */
export function useCartLineCount(): number | undefined {
  const user = useSessionUser();
  const local = useSyncExternalStore(
    subscribeLocal,
    () => localCart.lines().length,
    () => 0,
  );
  const server = useSyncExternalStore(
    subscribe,
    () => serverLines,
    () => undefined,
  );
  useEffect(() => {
    if (!user) return;
    void import('./server-count').then(({ watchServerCart }) => watchServerCart());
  }, [user]);
  return user ? server : local;
}
