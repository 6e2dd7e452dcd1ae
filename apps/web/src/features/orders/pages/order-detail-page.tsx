import {
  dashboardMenuMessages,
  fulfilmentMessages,
  orderPageMessages as m,
  type OrderDetail,
  orderLineMessages,
} from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { TargetAuditTrail } from '../../../components/target-audit-trail';
import { DownloadButton } from '../../../components/ui/download-button';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { useAdminStatus } from '../../../hooks/use-admin-status';
import { formatDate, formatDateTime, formatPrice } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { fetchInvoicePdf, orderQuery } from '../api';
import { CardPaymentNote } from '../components/card-payment';
import { OrderActions } from '../components/order-actions';
import { useOrderAgain } from '../components/order-again';
import { OrderHistory } from '../components/order-history';
import { OrderLinesTable } from '../components/order-lines-table';
import { PaymentStatus, Shipment } from '../components/payment-status';
import { PoReference } from '../components/po-reference';
import { StatusBadge } from '../components/status-badge';
import { useOrderMoves } from '../components/use-order-moves';

/**
 * One order, for its owner and for admins: number, dates, status, the part and the bill, where
 * it goes, its history, the invoice and the Payment page; the admin's moves too. Reached with
 * `?placed=1` right after ordering, it opens with the confirmation.
 */
export default function OrderDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const order = useQuery(orderQuery(id));
  const admin = useAdminStatus();
  const isAdmin = admin.data?.admin === true;
  const user = useSessionUser();
  const again = useOrderAgain(id);

  if (order.isPending) return <LoadingState label={m.loadingOrder} />;
  if (order.isError) return <ErrorState message={order.error.message} onRetry={() => order.refetch()} />;
  const { order: detail, instructions } = order.data;
  // The owner's alone: on a customer's order an admin would fill the admin's own cart.
  const isOwner = user?.email.toLowerCase() === detail.email.toLowerCase();

  return (
    <div className="max-w-3xl">
      {params.get('placed') === '1' && <Placed order={detail} instructions={instructions} />}
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold" data-testid="order-number">
          {m.orderNumber(detail.number)}
        </h2>
        <StatusBadge status={detail.status} />
        <CardPaymentNote payment={detail.payment} />
      </header>
      <p className="mt-1 text-sm text-base-content/70">
        {m.placed} <time dateTime={detail.createdAt}>{formatDate(detail.createdAt)}</time>
        {detail.updatedAt !== detail.createdAt && (
          <>
            {' · '}
            {m.lastChange} <time dateTime={detail.updatedAt}>{formatDateTime(detail.updatedAt)}</time>
          </>
        )}
      </p>

      <div className="mt-6 grid gap-6">
        <Lines order={detail} />
        <Delivery order={detail} />
      </div>

      {isAdmin && <AdminMoves order={detail} />}

      <nav aria-label={m.thisOrder} className="mt-6 flex flex-wrap gap-2">
        <Link to={`/dashboard/payment/${detail._id}`} className="btn btn-primary btn-sm">
          {m.payment}
        </Link>
        <Link to={`/dashboard/orders/${detail._id}/invoice`} className="btn btn-sm">
          {m.invoice}
        </Link>
        <DownloadButton fetchFile={() => fetchInvoicePdf(detail._id, detail.number)}>
          {m.downloadPdfInvoice}
        </DownloadButton>
        {isOwner && again.button}
        <Link
          to={isAdmin ? '/dashboard/manageorders' : '/dashboard/myorders'}
          className="btn btn-ghost btn-sm"
        >
          {m.backTo(isAdmin ? dashboardMenuMessages.manageOrders : dashboardMenuMessages.myOrders)}
        </Link>
      </nav>
      {isOwner && again.result}

      <OrderHistory events={detail.events} />
      {/* What admins did to it, with the carrier and tracking they gave. */}
      {isAdmin && <TargetAuditTrail type="order" id={detail._id} />}
    </div>
  );
}

/** Every part of the order with its figures, and the buyer's PO reference when they gave one. */
function Lines({ order }: { order: OrderDetail }) {
  return (
    <section aria-labelledby="order-lines" className="rounded-box border border-base-300 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id="order-lines" className="text-lg font-semibold">
          {orderLineMessages.heading}
        </h3>
        <p className="text-sm text-base-content/70" data-testid="order-line-count">
          {orderLineMessages.lineCount(order.lineCount)}
        </p>
      </div>
      {order.poReference && <PoReference reference={order.poReference} />}
      <div className="mt-4">
        <OrderLinesTable order={order} totalTestId="order-detail-total" />
      </div>
    </section>
  );
}

/** Who receives it and where: what an admin needs to ship it. */
function Delivery({ order }: { order: OrderDetail }) {
  return (
    <section aria-labelledby="order-delivery" className="rounded-box border border-base-300 p-5">
      <h3 id="order-delivery" className="text-lg font-semibold">
        {m.delivery}
      </h3>
      <dl className="mt-4 grid gap-y-2 text-sm">
        <dt className="text-base-content/70">{m.customer}</dt>
        <dd>
          {order.userName} <span className="break-all text-base-content/70">({order.email})</span>
        </dd>
        <dt className="text-base-content/70">{m.phone}</dt>
        <dd data-testid="order-phone">
          <a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`} className="link">
            {order.phone}
          </a>
        </dd>
        <dt className="text-base-content/70">{m.address}</dt>
        <dd className="whitespace-pre-line" data-testid="order-address">
          {order.address}
        </dd>
      </dl>
      {order.status === 'shipped' && (
        <Shipment carrier={order.carrier} trackingNumber={order.trackingNumber} />
      )}
    </section>
  );
}

function AdminMoves({ order }: { order: OrderDetail }) {
  const moves = useOrderMoves();
  return (
    <section aria-labelledby="order-moves" className="mt-6 rounded-box border border-base-300 p-5">
      <h3 id="order-moves" className="text-lg font-semibold">
        {m.manageThisOrder}
      </h3>
      <div className="mt-3">
        <OrderActions order={order} size="sm" busy={moves.busy} onMove={(move) => moves.ask(order, move)} />
        {order.status === 'shipped' || order.status === 'cancelled' ? (
          <p className="text-sm text-base-content/70">{fulfilmentMessages.final(order.status)}</p>
        ) : null}
      </div>
      {moves.status}
      {moves.dialog}
    </section>
  );
}

/** The confirmation after ordering: the number, the bill, what happens next and how to pay. */
function Placed({ order, instructions }: { order: OrderDetail; instructions: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A screen reader lands on the news, not at the top of the page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="order-placed" className="mb-8" data-testid="order-placed">
      <div className="rounded-box border border-success bg-success/10 p-5">
        <h2 id="order-placed" ref={heading} tabIndex={-1} className="text-2xl font-bold">
          {fulfilmentMessages.placed(order.number)}
        </h2>
        <p className="mt-2">
          {m.totalBill} <strong data-testid="placed-total">{formatPrice(order.price)}</strong>
        </p>
        <h3 className="mt-4 font-semibold">{m.whatNext}</h3>
        <p className="mt-1 text-base-content/80">{fulfilmentMessages.placedNext(order.number)}</p>
      </div>
      <PaymentStatus order={order} instructions={instructions} />
    </section>
  );
}
