import { mergeVisitorCart } from '../features/cart';
import { runAtSignIn } from '../lib/start-session';

/**
 * What a sign-in sets off in the features, wired by the shell so that signing in (auth, My
 * Profile) knows none of them: the visitor's cart is added to the account's with the new token,
 * before the first page is drawn signed in (decision 041).
 */
export function wireSignInSteps(): void {
  runAtSignIn(mergeVisitorCart);
}
