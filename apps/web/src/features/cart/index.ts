import type { Cart } from '@store/shared';

/**
 * What other parts of the app may use of the cart. Kept light: the top bar and the
 * cards ship in the first load and on the pages the store renders; the rest loads when used.
 */
export { AddToCartButton, CardAddToCartIsland, type CartPart } from './components/add-to-cart';
export { CartButton } from './components/cart-button';

/** At sign-in (auth's startSession): the visitor's cart, added to the account's (decision 041). */
export const mergeVisitorCart = (bearer: string) =>
  import('./api').then(({ mergeVisitorCart: merge }) => merge(bearer));

/** An answer of another feature's that carries the whole cart (Order again): it replaces the cached one. */
export const showCartAnswer = (cart: Cart) => import('./api').then(({ showCart }) => showCart(cart));
