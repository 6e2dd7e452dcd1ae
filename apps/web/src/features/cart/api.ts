import type { Cart, CartMergeResult, CheckoutInput } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { notify } from '../../lib/toast';
import { localCart } from './local-cart';
import { mergeLocalCart } from './merge-local-cart';

/** The signed-in customer's cart: one per session, so the cache is cleared with it at sign-out. */
export const cartKeys = { mine: ['cart'] as const };

export const cartQuery = () =>
  queryOptions({ queryKey: cartKeys.mine, queryFn: ({ signal }) => api.cart.get({ signal }) });

/** Every cart answer is the whole cart: it replaces the cached one. */
export function showCart(cart: Cart): Cart {
  queryClient.setQueryData(cartQuery().queryKey, cart);
  return cart;
}

/** What could not be added, in the server's words (a full cart, a part no longer listed). */
export class NotAddedError extends Error {}

/** `quantity` more of a part: the merge route adds to the line, where PUT would set it. */
export async function addToServerCart(partId: string, quantity: number): Promise<Cart> {
  const { cart, skipped } = await api.cart.merge({ body: { lines: [{ partId, quantity }] } });
  showCart(cart);
  const [refused] = skipped;
  if (refused) throw new NotAddedError(refused.message);
  return cart;
}

/**
 * The visitor's cart added to the account's, at sign-in (auth's startSession, with the new token
 * before it becomes the session's, so the first page drawn signed in shows the merged cart) or
 * later when that failed. Never twice: see merge-local-cart.ts.
 */
export async function mergeVisitorCart(bearer?: string): Promise<CartMergeResult | undefined> {
  const result = await mergeLocalCart(localCart, (lines) =>
    api.cart.merge({ body: { lines }, ...(bearer !== undefined && { bearer }) }),
  );
  if (result) {
    showCart(result.cart);
    // Lines the server did not take (a part deleted meanwhile, a full cart), said once each.
    for (const message of new Set(result.skipped.map((line) => line.message))) notify.error(message);
  }
  return result;
}

export const setLine = async (partId: string, quantity: number) =>
  showCart(await api.cart.set({ params: { partId }, body: { quantity } }));

export const removeLine = async (partId: string) => showCart(await api.cart.remove({ params: { partId } }));

export const clearCart = async () => showCart(await api.cart.clear());

/** One order of the whole cart (POST /api/checkout); the key makes a retry return the same order. */
export const checkout = ({ input, idempotencyKey }: { input: CheckoutInput; idempotencyKey: string }) =>
  api.orders.checkout({ body: input, headers: { 'idempotency-key': idempotencyKey } });

export const importRows = async (text: string) => {
  const result = await api.cart.import({ body: { text } });
  showCart(result.cart);
  return result;
};
