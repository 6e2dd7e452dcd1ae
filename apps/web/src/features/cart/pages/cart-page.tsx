import { cartPageMessages as m } from '@store/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatQuantity } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { CartLineItem } from '../components/cart-line-item';
import { CartTotals } from '../components/cart-totals';
import { CheckoutForm } from '../components/checkout-form';
import { CreditLine } from '../components/credit-line';
import { useCart } from '../use-cart';

/**
 * The cart, a visitor's or a customer's: its lines, each fixable where it stands, the
 * totals, and checking out. Changes are announced in a live region; the lines' own problems are
 * tied to their quantity fields.
 */
const FIX_PROBLEMS_ID = 'cart-fix-problems';

export default function CartPage() {
  const cart = useCart();
  const user = useSessionUser();
  const { confirm, dialog } = useConfirm();
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const flagged = cart.cart?.lines.some((line) => line.problem) ?? false;

  const change = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      setAnnouncement(done);
    } catch (error) {
      setAnnouncement(error instanceof Error && error.message ? error.message : m.updateFailed);
    } finally {
      setBusy(false);
    }
  };
  const empty = async () => {
    if (await confirm(m.emptyCartConfirm, m.emptyCart)) void change(cart.clear, m.emptied);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold">{m.title}</h1>
      <p role="status" className="sr-only" data-testid="cart-announcement">
        {announcement}
      </p>
      {cart.isPending && !cart.cart ? (
        <LoadingState label={m.loading} />
      ) : cart.isError || !cart.cart ? (
        <div className="py-10">
          <ErrorState onRetry={cart.retry} />
        </div>
      ) : cart.cart.lines.length === 0 ? (
        <div className="mt-8 rounded-box bg-base-200 px-6 py-10 text-center" data-testid="cart-empty">
          <p className="text-lg font-semibold">{m.empty}</p>
          <p className="mt-2 text-base-content/75">{m.emptyHint}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/parts" className="btn btn-primary">
              {m.toCatalog}
            </Link>
            <Link to="/quick-order" className="btn btn-outline">
              {m.toQuickOrder}
            </Link>
          </div>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem] [&>*]:min-w-0">
          <section aria-labelledby="cart-lines-heading">
            <h2 id="cart-lines-heading" className="sr-only">
              {m.linesHeading}
            </h2>
            <ul>
              {cart.cart.lines.map((line) => (
                <CartLineItem
                  key={line.partId}
                  line={line}
                  busy={busy}
                  onQuantity={(quantity) =>
                    void change(
                      () => cart.setQuantity(line.partId, quantity),
                      m.updated(line.name, formatQuantity(quantity)),
                    )
                  }
                  onRemove={() => void change(() => cart.remove(line.partId), m.removed(line.name))}
                />
              ))}
            </ul>
            <div className="mt-4 flex flex-wrap gap-3">
              <button type="button" className="btn btn-ghost btn-sm" onClick={empty} disabled={busy}>
                {m.emptyCart}
              </button>
              <Link to="/quick-order" className="btn btn-ghost btn-sm">
                {m.toQuickOrder}
              </Link>
            </div>
          </section>
          <aside
            aria-labelledby="cart-totals-heading"
            className="card h-fit border border-base-300 bg-base-100"
          >
            <div className="card-body gap-4">
              <h2 id="cart-totals-heading" className="text-xl font-bold">
                {m.totalsHeading}
              </h2>
              <CartTotals cart={cart.cart} />
              {user && <CreditLine email={user.email} cartTotal={cart.cart.total} />}
              {flagged && (
                <p id={FIX_PROBLEMS_ID} className="text-sm text-error">
                  {m.fixProblems}
                </p>
              )}
              {user ? (
                <CheckoutForm
                  email={user.email}
                  disabled={busy || flagged}
                  // Why Place order is off, read with the button.
                  {...(flagged && { describedBy: FIX_PROBLEMS_ID })}
                />
              ) : (
                <Link to="/login" state={{ from: { pathname: '/cart' } }} className="btn btn-primary">
                  {m.signInToCheckout}
                </Link>
              )}
            </div>
          </aside>
        </div>
      )}
      {dialog}
    </div>
  );
}
