import {
  fulfilmentMessages,
  invoiceMessages,
  orderPageMessages as m,
  orderStatusLabels,
  paymentStatusHeadings,
} from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { DownloadButton } from '../../../components/ui/download-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate } from '../../../lib/format';
import { fetchInvoicePdf, orderQuery } from '../api';
import { OrderLinesTable } from '../components/order-lines-table';
import { PoReference } from '../components/po-reference';

/**
 * The invoice as a printable page. The print stylesheet (`print:` classes here and in the
 * layouts) leaves only the invoice on paper. The seller's registered name, address and tax
 * number come with the order from the server's configuration, the same the PDF prints.
 */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const query = useQuery(orderQuery(id));

  if (query.isPending) return <LoadingState label={m.loadingInvoice} />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  const { order, instructions, seller } = query.data;

  return (
    <div className="max-w-3xl">
      <div className="mb-6 flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          {m.print}
        </button>
        <DownloadButton fetchFile={() => fetchInvoicePdf(order._id, order.number)}>
          {m.downloadPdf}
        </DownloadButton>
        <Link to={`/dashboard/orders/${order._id}`} className="btn btn-ghost btn-sm">
          {m.backToOrder}
        </Link>
      </div>

      <article
        aria-labelledby="invoice-title"
        className="rounded-box border border-base-300 p-4 sm:p-6 print:rounded-none print:border-0 print:p-0"
        data-testid="invoice"
      >
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h2 id="invoice-title" className="text-3xl font-bold">
              {/* The number's hyphen is no place to break it ('PD-' | '100001' on a phone). */}
              {m.invoice} <span className="whitespace-nowrap">{order.number}</span>
            </h2>
            <p className="mt-1 text-sm">
              {m.invoiceDate} <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </p>
            {order.poReference && <PoReference reference={order.poReference} />}
          </div>
          <p className="text-right text-sm">
            {m.invoiceStatus} <strong>{orderStatusLabels[order.status]}</strong>
          </p>
        </header>

        <div className="mt-6 grid gap-6 text-sm sm:grid-cols-2">
          <section aria-labelledby="invoice-from">
            <h3 id="invoice-from" className="font-semibold">
              {invoiceMessages.seller}
            </h3>
            <p className="mt-1 whitespace-pre-line" data-testid="invoice-seller">
              <strong>{seller.name}</strong>
              <br />
              {seller.address}
              <br />
              {invoiceMessages.taxId(seller.taxId)}
            </p>
          </section>
          <section aria-labelledby="invoice-to">
            <h3 id="invoice-to" className="font-semibold">
              {invoiceMessages.buyer}
            </h3>
            <p className="mt-1" data-testid="invoice-buyer">
              {order.userName}
              <br />
              {/* A business buyer's, as My Profile had them when the order was placed. */}
              {order.companyName && (
                <>
                  {order.companyName}
                  <br />
                </>
              )}
              {order.vatNumber && (
                <>
                  {invoiceMessages.taxId(order.vatNumber)}
                  <br />
                </>
              )}
              <EmailAddress email={order.email} />
              <br />
              {order.phone}
            </p>
            <p className="mt-1 whitespace-pre-line">{order.address}</p>
          </section>
        </div>

        <div className="mt-6">
          <OrderLinesTable order={order} totalTestId="invoice-total" label={m.invoiceLines} />
        </div>

        {order.status === 'unpaid' && (
          <section aria-labelledby="invoice-pay" className="mt-6 text-sm">
            <h3 id="invoice-pay" className="font-semibold">
              {paymentStatusHeadings.unpaid}
            </h3>
            <p className="mt-1">{fulfilmentMessages.quoteNumber(order.number)}</p>
            <p className="mt-1 whitespace-pre-line">{instructions}</p>
          </section>
        )}
      </article>
    </div>
  );
}
