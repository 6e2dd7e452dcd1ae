import {
  billMessages,
  deskStatusLabels,
  fulfilmentMessages,
  orderPageMessages as m,
  type Order,
  type OrderStatus,
  type OrdersFilter,
  orderLineMessages,
  orderMessages,
  orderMoveMessages,
  orderStatusSchema,
  uiMessages,
} from '@store/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { DownloadButton } from '../../../components/ui/download-button';
import { EmailAddress } from '../../../components/ui/email-address';
import { ListStates } from '../../../components/ui/list-states';
import { PagedTable, pageParam } from '../../../components/ui/paged-table';
import { SearchBox } from '../../../components/ui/search-box';
import { EmptyState } from '../../../components/ui/states';
import { formatDate, formatPrice, formatQuantity } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { fetchOrdersCsv, manageOrdersQuery, ORDERS_PAGE_SIZE } from '../api';
import { CardPaymentNote } from '../components/card-payment';
import { OrderActions } from '../components/order-actions';
import { RefundToCheck } from '../components/refund-to-check';
import { StatusBadge } from '../components/status-badge';
import { useOrderMoves } from '../components/use-order-moves';
import { moveTo } from '../order-moves';

const filters: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: m.allOrders },
  ...orderStatusSchema.options.map((value) => ({ value, label: deskStatusLabels[value] })),
];

/** The filter kept in the URL (?status=…&q=…), so that a link or a reload shows the same list. */
function filterOf(params: URLSearchParams): OrdersFilter {
  const status = orderStatusSchema.safeParse(params.get('status'));
  const q = params.get('q')?.trim();
  return { ...(status.success && { status: status.data }), ...(q && { q }) };
}

const markPaid = (() => {
  const move = moveTo('paid');
  if (!move) throw new Error('the order desk has no move to paid');
  return move;
})();

/**
 * The spec's 'UnPaid' control, kept: its name starts with what it shows and says what it does
 * (WCAG 2.5.3), and it asks before marking the order paid, as 'Mark as paid' does.
 */
function UnpaidButton({ order, onMove, busy }: { order: Order; onMove: () => void; busy: boolean }) {
  return (
    <button
      type="button"
      className="btn btn-warning btn-xs"
      disabled={busy}
      onClick={onMove}
      aria-label={orderMoveMessages.unpaidButtonName(order.number)}
    >
      {deskStatusLabels.unpaid}
    </button>
  );
}

/** The admin's desk: find an order, see it, and move it with a confirmation. */
export default function ManageOrdersPage() {
  const admin = useSessionUser();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const filter = filterOf(params);
  const orders = useQuery({
    ...manageOrdersQuery(admin?.email ?? '', filter, page),
    enabled: Boolean(admin),
    placeholderData: keepPreviousData,
  });
  const moves = useOrderMoves();

  const show = (next: OrdersFilter & { page?: number }) =>
    setParams({
      ...(next.status && { status: next.status }),
      ...(next.q && { q: next.q }),
      ...(next.page && next.page > 1 && { page: String(next.page) }),
    });

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-bold">{m.manageTitle}</h2>
        <DownloadButton fetchFile={() => fetchOrdersCsv(filter)} className="btn btn-sm btn-outline">
          {m.exportCsv}
        </DownloadButton>
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchBox
          label={m.searchLabel}
          placeholder={m.searchPlaceholder}
          value={filter.q ?? ''}
          maxLength={254}
          onSearch={(q) => show({ status: filter.status, q })}
        />
        <label className="flex items-center gap-2 text-sm">
          {m.status}
          <select
            className="select select-sm w-40"
            value={filter.status ?? ''}
            onChange={(event) => {
              const status = orderStatusSchema.safeParse(event.target.value);
              show({ q: filter.q, ...(status.success && { status: status.data }) });
            }}
          >
            {filters.map((option) => (
              <option key={option.label} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {filter.q && (
        <p className="mt-3 text-sm">
          {fulfilmentMessages.searching(filter.q)}{' '}
          <button type="button" className="link" onClick={() => show({ status: filter.status })}>
            {m.clearSearch}
          </button>
        </p>
      )}
      {moves.status}
      <ListStates
        query={orders}
        loadingLabel={m.loadingOrders}
        empty={
          <div className="mt-6">
            <EmptyState>{orderMessages.noOrdersToManage}</EmptyState>
          </div>
        }
      >
        {(list) => (
          <PagedTable
            label={m.pages}
            page={page}
            total={list.total}
            limit={ORDERS_PAGE_SIZE}
            onPage={(next) => show({ ...filter, page: next })}
            caption={m.ordersCaption}
          >
            <thead>
              <tr>
                <th scope="col">{m.number}</th>
                <th scope="col">{m.date}</th>
                <th scope="col">{m.customer}</th>
                <th scope="col">{m.part}</th>
                <th scope="col" className="text-right">
                  {billMessages.quantity}
                </th>
                <th scope="col" className="text-right">
                  {m.bill}
                </th>
                <th scope="col">{m.status}</th>
                <th scope="col">{uiMessages.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((order) => (
                <tr key={order._id} data-testid="manage-order-row">
                  <th scope="row" className="whitespace-nowrap">
                    <Link to={`/dashboard/orders/${order._id}`} className="link link-primary">
                      {order.number}
                    </Link>
                  </th>
                  <td className="whitespace-nowrap">
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                  </td>
                  <td>
                    <div className="font-medium">{order.userName}</div>
                    <div className="text-xs text-base-content/70">
                      <EmailAddress email={order.email} />
                    </div>
                    {/* The buyer's own reference, found by the search: under who ordered, as the table is full. */}
                    {order.poReference && (
                      <div className="text-xs wrap-anywhere" data-testid="order-row-po">
                        {orderLineMessages.poReferenceOf(order.poReference)}
                      </div>
                    )}
                  </td>
                  {/* A part's name may break anywhere (as on the invoice): the e-mail beside it may not. */}
                  <td>
                    {/* One block: on phones the cell is a row of its label and this. */}
                    <div>
                      <div className="wrap-anywhere">{order.productName}</div>
                      {/* Under the name rather than a column of its own: the desk's table is full at 1280 px. */}
                      <div className="text-xs text-base-content/70" data-testid="order-row-lines">
                        {orderLineMessages.lineCount(order.lineCount)}
                      </div>
                    </div>
                  </td>
                  <td className="text-right">{formatQuantity(order.productQuantity)}</td>
                  <td className="text-right font-semibold">{formatPrice(order.price)}</td>
                  <td>
                    {order.status === 'unpaid' ? (
                      <UnpaidButton
                        order={order}
                        busy={moves.busy}
                        onMove={() => moves.ask(order, markPaid)}
                      />
                    ) : (
                      <StatusBadge status={order.status} />
                    )}
                    {/* How it was paid by card and where a refund stands, until it succeeds. */}
                    {order.payment && (
                      <div className="mt-1">
                        <CardPaymentNote payment={order.payment} />
                      </div>
                    )}
                  </td>
                  <td>
                    <div className="flex flex-col gap-2">
                      <OrderActions
                        order={order}
                        busy={moves.busy}
                        onMove={(move) => moves.ask(order, move)}
                      />
                      <RefundToCheck order={order} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </PagedTable>
        )}
      </ListStates>
      {moves.dialog}
    </div>
  );
}
