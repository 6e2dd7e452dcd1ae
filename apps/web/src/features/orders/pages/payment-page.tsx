import {
  dashboardMenuMessages,
  orderPageMessages as m,
  type OrderPayment,
  paymentMessages,
} from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { confirmingInterval, fetchInvoicePdf, orderQuery } from '../api';
import { CardPaymentNote, ConfirmingCardPayment, PayByCard } from '../components/card-payment';
import { OrderLinesTable } from '../components/order-lines-table';
import { PaymentStatus } from '../components/payment-status';
import { PoReference } from '../components/po-reference';
import { StatusBadge } from '../components/status-badge';

/** How long confirming may take before the page says it takes longer than usual. */
const SLOW_AFTER_MS = 60_000;

/**
 * Payment: the bill and the words its status calls for: how to pay (by card, when the store takes
 * cards, or by bank transfer quoting the order number), payment received, shipped with carrier and
 * tracking, or cancelled with nothing to pay. Back from Stripe (`?card=returned`) before its event
 * arrived, the page says the payment is being confirmed and asks again until it shows paid.
 */
export default function PaymentPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const returned = params.get('card') === 'returned';
  const [openedAt] = useState(Date.now);
  const confirming = (data: OrderPayment | undefined) =>
    returned && data?.order.status === 'unpaid' && data.order.payment === undefined;
  const payment = useQuery({
    ...orderQuery(id),
    refetchInterval: (query) =>
      confirming(query.state.data) ? confirmingInterval(query.state.dataUpdateCount) : false,
  });

  if (payment.isPending) return <LoadingState label={m.loadingOrder} />;
  if (payment.isError)
    return <ErrorState message={payment.error.message} onRetry={() => payment.refetch()} />;
  const { order, instructions, cardPayments } = payment.data;
  const waiting = confirming(payment.data);

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
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={order.status} />
            <CardPaymentNote payment={order.payment} />
          </div>
        </div>
        {order.poReference && <PoReference reference={order.poReference} />}
        <div className="mt-4">
          <OrderLinesTable order={order} totalTestId="payment-total" />
        </div>
      </section>
      {waiting ? (
        <ConfirmingCardPayment slow={payment.dataUpdatedAt - openedAt > SLOW_AFTER_MS} />
      ) : (
        <>
          {params.get('card') === 'left' && order.status === 'unpaid' && (
            <p className="alert alert-warning alert-soft mt-6" data-testid="card-left">
              {paymentMessages.checkoutLeft}
            </p>
          )}
          {cardPayments && order.status === 'unpaid' && <PayByCard orderId={order._id} />}
          <PaymentStatus order={order} instructions={instructions} />
        </>
      )}
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
