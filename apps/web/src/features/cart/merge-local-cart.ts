import type { LocalCart, LocalLine } from '../../lib/local-cart';

/**
 * Adds a visitor's cart to the account's (decision 041). The lines are taken out of the browser
 * before they are sent, in one synchronous step: a second merge (another tab signing in, the cart
 * page's catch-up after a failed one) finds nothing and sends nothing, so no quantity is added
 * twice. A merge that fails puts its lines back, added to any the visitor has added meanwhile.
 */
export async function mergeLocalCart<Answer>(
  cart: LocalCart,
  send: (lines: LocalLine[]) => Promise<Answer>,
): Promise<Answer | undefined> {
  const lines = cart.take();
  if (lines.length === 0) return undefined;
  try {
    return await send(lines);
  } catch (error) {
    cart.putBack(lines);
    throw error;
  }
}
