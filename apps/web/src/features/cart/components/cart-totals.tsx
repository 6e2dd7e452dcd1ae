import { billMessages, type Cart, cartPageMessages as m } from '@store/shared';
import { formatPrice, formatQuantity } from '../../../lib/format';

/** The cart's totals over every line, as checking out would charge them. */
export function CartTotals({ cart }: { cart: Cart }) {
  return (
    <dl className="grid grid-cols-2 gap-y-1 text-sm" aria-live="polite">
      <dt>{m.lines}</dt>
      <dd className="text-right">{formatQuantity(cart.lines.length)}</dd>
      <dt>{m.units}</dt>
      <dd className="text-right" data-testid="cart-units">
        {formatQuantity(cart.units)}
      </dd>
      <dt>{m.subtotal}</dt>
      <dd className="text-right">{formatPrice(cart.subtotal)}</dd>
      {cart.discount > 0 && (
        <>
          <dt>{m.discount}</dt>
          <dd className="text-right">−{formatPrice(cart.discount)}</dd>
        </>
      )}
      <dt>{billMessages.net}</dt>
      <dd className="text-right" data-testid="cart-net">
        {formatPrice(cart.net)}
      </dd>
      <dt>{billMessages.tax}</dt>
      <dd className="text-right" data-testid="cart-tax">
        {formatPrice(cart.tax)}
      </dd>
      <dt className="text-base font-semibold">{m.total}</dt>
      <dd className="text-right text-base font-bold" data-testid="cart-total">
        {formatPrice(cart.total)}
      </dd>
    </dl>
  );
}
