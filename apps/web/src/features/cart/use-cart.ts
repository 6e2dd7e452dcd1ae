import { type Cart, type Part, taxRuleOf } from '@store/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { ApiError } from '../../lib/api-client';
import { type LocalLine, localCart } from '../../lib/local-cart';
import { partQuery } from '../../lib/part-queries';
import { cartQuery } from '../../lib/server-cart';
import { useSessionUser } from '../../lib/session';
import { storeSettings } from '../../lib/store-settings';
import { clearCart, removeLine, setLine } from './api';
import { visitorCart, visitorLine } from './visitor-lines';

export interface CartState {
  /** Undefined while loading or after a failure. */
  cart: Cart | undefined;
  isPending: boolean;
  isError: boolean;
  retry: () => void;
  signedIn: boolean;
  setQuantity: (partId: string, quantity: number) => Promise<unknown>;
  remove: (partId: string) => Promise<unknown>;
  clear: () => Promise<unknown>;
}

const noLines: LocalLine[] = [];
const subscribeLocal = (listener: () => void) => {
  const unsubscribe = localCart.subscribe(listener);
  return () => {
    unsubscribe();
  };
};

/**
 * The cart, whoever looks: a customer's from the server (GET /api/cart), a visitor's from this
 * browser, drawn the same way (visitor-lines.ts). The changes go where the cart lives.
 */
export function useCart(): CartState {
  const user = useSessionUser();
  const signedIn = !!user;
  const server = useQuery({ ...cartQuery(), enabled: signedIn });
  const local = useSyncExternalStore(subscribeLocal, localCart.lines, () => noLines);
  const parts = useQueries({
    queries: signedIn ? [] : local.map((line) => partQuery(line.partId)),
  });

  const visitor = useMemo(() => {
    if (signedIn) return undefined;
    // The store's tax rule, as the server's cart applies it (decision 056).
    const { tax: rule, currency } = storeSettings();
    const tax = taxRuleOf(rule, currency);
    const lines = [];
    for (const [index, line] of local.entries()) {
      const part = parts[index];
      if (!part) continue;
      const gone = part.error instanceof ApiError && part.error.status === 404;
      const found: Part | undefined = part.data;
      if (found) lines.push(visitorLine(line, found, tax));
      else if (gone) lines.push(visitorLine(line, null, tax));
    }
    return visitorCart(lines, tax);
  }, [signedIn, local, parts]);
  const visitorPending = parts.some((part) => part.isPending);
  const visitorError = parts.some(
    (part) => part.isError && !(part.error instanceof ApiError && part.error.status === 404),
  );

  const setQuantity = useCallback(
    async (partId: string, quantity: number) =>
      signedIn ? setLine(partId, quantity) : localCart.set(partId, quantity),
    [signedIn],
  );
  const remove = useCallback(
    async (partId: string) => (signedIn ? removeLine(partId) : localCart.remove(partId)),
    [signedIn],
  );
  const clear = useCallback(async () => (signedIn ? clearCart() : localCart.clear()), [signedIn]);

  if (signedIn) {
    return {
      cart: server.data,
      isPending: server.isPending,
      isError: server.isError,
      retry: () => void server.refetch(),
      signedIn,
      setQuantity,
      remove,
      clear,
    };
  }
  return {
    cart: visitorPending || visitorError ? undefined : visitor,
    isPending: visitorPending,
    isError: visitorError,
    retry: () => {
      for (const part of parts) if (part.isError) void part.refetch();
    },
    signedIn,
    setQuantity,
    remove,
    clear,
  };
}
