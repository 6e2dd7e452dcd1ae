import { dashboardMenuMessages, orderPageMessages as m } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { fetchInvoicePdf, orderQuery } from '../api';
import { OrderLinesTable } from '../components/order-lines-table';
import { PaymentStatus } from '../components/payment-status';
import { PoReference } from '../components/po-reference';
import { StatusBadge } from '../components/status-badge';

/**
 * Payment: the bill and the words its status calls for: how to pay (quoting the order number),
 * payment received, shipped with carrier and tracking, or cancelled with nothing to pay.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const payment = useQuery(orderQuery(id));

  if (payment.isPending) return <LoadingState label={m.loadingOrder} />;
  if (payment.isError)
    return <ErrorState message={payment.error.message} onRetry={() => payment.refetch()} />;
  const { order, instructions } = payment.data;

  return (
    <div className="max-w-3xl">
      <h2 className="text-2xl font-bold">{m.payment}</h2>
      <p className="mt-1 text-sm text-base-content/70">
        {m.order}{' '}
        <Link to={`/dashboard/orders/${order._id}`} className="link" data-testid="payment-order-number">
          {order.number}
        </Link>
      </p>
      <section aria-labelledby="payment-lines" className="mt-6 rounded-box border border-base-300 p-5">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h3 id="payment-lines" className="min-w-0 text-lg font-semibold wrap-anywhere">
            {order.productName}
          </h3>
          <StatusBadge status={order.status} />
        </div>
        {order.poReference && <PoReference reference={order.poReference} />}
        <div className="mt-4">
          <OrderLinesTable order={order} totalTestId="payment-total" />
        </div>
      </section>
      <PaymentStatus order={order} instructions={instructions} />
      <div className="mt-6 flex flex-wrap gap-2">
        <Link to={`/dashboard/orders/${order._id}/invoice`} className="btn btn-sm">
          {m.invoice}
        </Link>
        <DownloadButton fetchFile={() => fetchInvoicePdf(order._id, order.number)}>
          {m.downloadPdfInvoice}
        </DownloadButton>
        <Link to="/dashboard/myorders" className="btn btn-ghost btn-sm">
          {m.backTo(dashboardMenuMessages.myOrders)}
        </Link>
      </div>
    </div>
  );
}
