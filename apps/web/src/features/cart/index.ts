/**
 * What the shell uses of the cart. Kept light: the top bar ships in the first load and on the
 * pages the store renders; the rest loads when used.
 */
export { CartButton } from './components/cart-button';

/** A sign-in step (app/sign-in-steps.ts): the visitor's cart, added to the account's (decision 041). */
export const mergeVisitorCart = (bearer: string) =>
  import('./api').then(({ mergeVisitorCart: merge }) => merge(bearer));
