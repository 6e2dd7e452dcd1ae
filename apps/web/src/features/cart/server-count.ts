import { localCart } from '../../lib/local-cart';
import { queryClient } from '../../lib/query-client';
import { cartKeys, cartQuery } from '../../lib/server-cart';
import { mergeVisitorCart } from './api';
import { publishServerLineCount } from './cart-count';

let watching = false;

/**
 * Keeps the top bar's count in step with the cached cart, whichever page changed it, and asks for
 * the cart when nothing has yet. Signing out clears the cache, and with it the count. A visitor's
 * lines still in this browser (a merge at sign-in that failed) are merged now.
 */
export function watchServerCart() {
  if (!watching) {
    watching = true;
    queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] !== cartKeys.mine[0]) return;
      publishServerLineCount(queryClient.getQueryData(cartQuery().queryKey)?.lines.length);
    });
  }
  const catchUp = localCart.lines().length > 0 ? mergeVisitorCart().catch(() => undefined) : undefined;
  publishServerLineCount(queryClient.getQueryData(cartQuery().queryKey)?.lines.length);
  void Promise.resolve(catchUp).then(() =>
    queryClient.fetchQuery({ ...cartQuery(), staleTime: 30_000 }).catch(() => undefined),
  );
}
