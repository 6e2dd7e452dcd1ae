import type { CartMergeResult, CheckoutInput } from '@store/shared';
import { api } from '../../lib/api';
import { localCart } from '../../lib/local-cart';
import { showCart } from '../../lib/server-cart';
import { notify } from '../../lib/toast';
import { mergeLocalCart } from './merge-local-cart';

/**
 * The visitor's cart added to the account's, at sign-in (a step of lib/start-session.ts that the
 * shell wires in app/sign-in-steps.ts, run with the new token before it becomes the session's, so
 * the first page drawn signed in shows the merged cart) or later when that failed. Never twice:
 * see merge-local-cart.ts.
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
