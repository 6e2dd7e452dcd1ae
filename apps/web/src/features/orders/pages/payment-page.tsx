import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { paymentQuery } from '../api';
import { StatusBadge } from '../components/status-badge';

/** Payment: the bill, its status, and how to pay (bank transfer or invoice, by configuration). */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const payment = useQuery(paymentQuery(id));

  if (payment.isPending) return <LoadingState label="Loading the order…" />;
  if (payment.isError)
    return <ErrorState message={payment.error.message} onRetry={() => payment.refetch()} />;
  const { order, instructions } = payment.data;
  const subtotal = order.unitPrice * order.productQuantity;

  return (
    <div className="max-w-xl">
      <h2 className="text-2xl font-bold">Payment</h2>
      <p className="mt-1 text-sm text-base-content/60">Order {order._id}</p>
      <div className="mt-6 rounded-box border border-base-300 p-5">
        <div className="flex items-center justify-between gap-4">
          <h3 className="text-lg font-semibold">{order.productName}</h3>
          <StatusBadge status={order.status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-y-2 text-sm">
          <dt className="text-base-content/60">Unit price</dt>
          <dd className="text-right">{formatPrice(order.unitPrice)}</dd>
          <dt className="text-base-content/60">Quantity</dt>
          <dd className="text-right">{formatQuantity(order.productQuantity)}</dd>
          <dt className="text-base-content/60">Subtotal</dt>
          <dd className="text-right">{formatPrice(subtotal)}</dd>
          {order.discount > 0 && (
            <>
              <dt className="text-base-content/60">Bulk discount</dt>
              <dd className="text-right text-success">−{formatPrice(order.discount)}</dd>
            </>
          )}
          <dt className="text-base font-semibold">Total bill</dt>
          <dd className="text-right text-base font-bold" data-testid="payment-total">
            {formatPrice(order.price)}
          </dd>
        </dl>
      </div>
      <section aria-labelledby="how-to-pay" className="mt-6 rounded-box bg-base-200 p-5">
        <h3 id="how-to-pay" className="font-semibold">
          {order.status === 'unpaid' ? 'How to pay' : 'Payment received'}
        </h3>
        <p className="mt-2 whitespace-pre-line text-base-content/80">
          {order.status === 'unpaid'
            ? instructions
            : 'Thank you: this order is paid. We will e-mail you when it ships.'}
        </p>
      </section>
      <Link to="/dashboard/myorders" className="btn btn-ghost mt-6">
        ← Back to My Orders
      </Link>
    </div>
  );
}
