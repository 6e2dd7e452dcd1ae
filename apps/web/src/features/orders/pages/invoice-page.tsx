import { fulfilmentMessages, invoiceMessages } from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { DownloadButton } from '../../../components/ui/download-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { formatDate, formatPrice, formatQuantity } from '../../../lib/format';
import { fetchInvoicePdf, orderQuery } from '../api';
import { statusLabels } from '../components/status-badge';

/**
 * The invoice as a printable page. The print stylesheet (`print:` classes here and in the
 * layouts) leaves only the invoice on paper. The seller's registered name, address and tax
 * number come with the order from the server's configuration, the same the PDF prints.
 */
/**
 * A scrolling box must take keyboard focus (axe: scrollable-region-focusable) and, focusable, a
 * name; Biome's element rules do not know scrolling boxes (PagedTable does the same).
 */
const scrollBox = { role: 'region', 'aria-label': 'Invoice lines', tabIndex: 0 } as const;

export default function InvoicePage() {
  const { id = '' } = useParams();
  const query = useQuery(orderQuery(id));

  if (query.isPending) return <LoadingState label="Loading the invoice…" />;
  if (query.isError) return <ErrorState message={query.error.message} onRetry={() => query.refetch()} />;
  const { order, instructions, seller } = query.data;
  const subtotal = order.unitPrice * order.productQuantity;

  return (
    <div className="max-w-3xl">
      <div className="mb-6 flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Print
        </button>
        <DownloadButton fetchFile={() => fetchInvoicePdf(order._id, order.number)}>
          Download PDF
        </DownloadButton>
        <Link to={`/dashboard/orders/${order._id}`} className="btn btn-ghost btn-sm">
          ← Back to the order
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
              Invoice <span className="whitespace-nowrap">{order.number}</span>
            </h2>
            <p className="mt-1 text-sm">
              Date: <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
            </p>
          </div>
          <p className="text-right text-sm">
            Status: <strong>{statusLabels[order.status]}</strong>
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

        {/* A named, focusable box, so that keyboards can scroll it should a long line not fit. */}
        <div className="mt-6 overflow-x-auto print:overflow-visible" {...scrollBox}>
          {/* On phones a line is a card of labelled figures and the totals rows beneath it
              (styles.css, .table-stacked): four columns did not fit 360 px (issue 20). */}
          <table className="table table-sm table-stacked sm:table-md">
            <caption className="sr-only">Invoice lines</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="text-right">
                  Quantity
                </th>
                <th scope="col" className="text-right">
                  Unit price
                </th>
                <th scope="col" className="text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td className="wrap-anywhere" data-label="Description">
                  {order.productName}
                </td>
                <td className="text-right" data-label="Quantity">
                  {formatQuantity(order.productQuantity)}
                </td>
                <td className="text-right" data-label="Unit price">
                  {formatPrice(order.unitPrice)}
                </td>
                <td className="text-right" data-label="Amount">
                  {formatPrice(subtotal)}
                </td>
              </tr>
            </tbody>
            <tfoot className="text-base-content">
              {order.discount > 0 && (
                <tr>
                  <th scope="row" colSpan={3} className="text-right font-normal">
                    Bulk discount
                  </th>
                  <td className="text-right">−{formatPrice(order.discount)}</td>
                </tr>
              )}
              <tr>
                <th scope="row" colSpan={3} className="text-right">
                  Total
                </th>
                <td className="text-right font-bold" data-testid="invoice-total">
                  {formatPrice(order.price)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>

        {order.status === 'unpaid' && (
          <section aria-labelledby="invoice-pay" className="mt-6 text-sm">
            <h3 id="invoice-pay" className="font-semibold">
              How to pay
            </h3>
            <p className="mt-1">{fulfilmentMessages.quoteNumber(order.number)}</p>
            <p className="mt-1 whitespace-pre-line">{instructions}</p>
          </section>
        )}
      </article>
    </div>
  );
}
