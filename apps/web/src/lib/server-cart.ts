import type { Cart } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';
import { queryClient } from './query-client';

/**
 * A customer's cart on the server, as more than the cart's pages change it: 'Add to cart' on
 * a card, a part's page or its Purchase page, and an order's 'Order again'.
 */

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
