import type { Order } from '@store/shared';
import { billMessages as m } from '@store/shared';
import { formatPrice, formatQuantity } from '../../../lib/format';

/** Unit price, quantity, subtotal, any bulk discount, and the total the customer owes. */
export function OrderBill({ order, totalTestId }: { order: Order; totalTestId?: string }) {
  const subtotal = order.unitPrice * order.productQuantity;
  return (
    <dl className="grid grid-cols-2 gap-y-2 text-sm">
      <dt className="text-base-content/70">{m.unitPrice}</dt>
      <dd className="text-right">{formatPrice(order.unitPrice)}</dd>
      <dt className="text-base-content/70">{m.quantity}</dt>
      <dd className="text-right">{formatQuantity(order.productQuantity)}</dd>
      <dt className="text-base-content/70">{m.subtotal}</dt>
      <dd className="text-right">{formatPrice(subtotal)}</dd>
      {order.discount > 0 && (
        <>
          <dt className="text-base-content/70">{m.bulkDiscount}</dt>
          <dd className="text-right text-success-content">
            <span aria-hidden="true">−</span>
            <span className="sr-only">{m.minus} </span>
            {formatPrice(order.discount)}
          </dd>
        </>
      )}
      <dt className="text-base font-semibold">{m.totalBill}</dt>
      <dd className="text-right text-base font-bold" data-testid={totalTestId}>
        {formatPrice(order.price)}
      </dd>
    </dl>
  );
}
