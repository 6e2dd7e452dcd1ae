import {
  billMessages,
  confirmMessages,
  isPayable,
  orderPageMessages as m,
  type OrderStatus,
  orderLineMessages,
  orderMessages,
  orderStatusLabels,
  orderStatusSchema,
  uiMessages,
} from '@store/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { DownloadButton } from '../../../components/ui/download-button';
import { ListStates } from '../../../components/ui/list-states';
import { PagedTable, pageParam } from '../../../components/ui/paged-table';
import { EmptyState } from '../../../components/ui/states';
import { formatDate, formatPrice, formatQuantity } from '../../../lib/format';
import { partKeys } from '../../../lib/part-queries';
import { orderKeys } from '../../../lib/place-order';
import { useSessionUser } from '../../../lib/session';
import { cancelOrder, fetchMyOrdersCsv, myOrdersQuery, ORDERS_PAGE_SIZE } from '../api';
import { StatusBadge } from '../components/status-badge';

const filters: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: m.allOrders },
  ...orderStatusSchema.options.map((value) => ({ value, label: orderStatusLabels[value] })),
];

/**
 * My Orders: number, date, PO reference, product, quantity, total bill,
 * status, Payment (while there is something to pay) and Cancel Order. Cancelled orders stay
 * listed (the status filter narrows the list); Export CSV downloads the orders the filter shows,
 * every page of them, for the customer's accounts.
 */
export default function MyOrdersPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const parsedStatus = orderStatusSchema.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const orders = useQuery({
    ...myOrdersQuery(user?.email ?? '', status, page),
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [announcement, setAnnouncement] = useState('');

  const cancel = useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => {
      toast.success(orderMessages.cancelled);
      setAnnouncement(orderMessages.cancelled);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      // The stock came back: the purchase pages must show it.
      void queryClient.invalidateQueries({ queryKey: partKeys.all });
    },
    onError: (error) => {
      toast.error(error.message);
      setAnnouncement(error.message);
    },
  });

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-bold">{m.myOrdersTitle}</h2>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            {m.status}
            <select
              className="select select-sm w-40"
              value={status ?? ''}
              onChange={(event) => setParams(event.target.value ? { status: event.target.value } : {})}
            >
              {filters.map((filter) => (
                <option key={filter.label} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </select>
          </label>
          <DownloadButton fetchFile={() => fetchMyOrdersCsv(status)}>{m.exportCsv}</DownloadButton>
        </div>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ListStates
        query={orders}
        loadingLabel={m.loadingYourOrders}
        empty={
          <div className="mt-6">
            <EmptyState>
              {status ? orderMessages.noOrdersToManage : orderMessages.noOrders}{' '}
              <Link to="/" className="link link-primary">
                {m.browseParts}
              </Link>
            </EmptyState>
          </div>
        }
      >
        {(list) => (
          <PagedTable
            label={m.pages}
            page={page}
            total={list.total}
            limit={ORDERS_PAGE_SIZE}
            onPage={(next) => setParams({ ...(status && { status }), page: String(next) })}
            caption={m.yourOrdersCaption}
          >
            <thead>
              <tr>
                <th scope="col">{m.number}</th>
                <th scope="col">{m.date}</th>
                <th scope="col">{orderLineMessages.poReference}</th>
                <th scope="col">{m.product}</th>
                <th scope="col" className="text-right">
                  {billMessages.quantity}
                </th>
                <th scope="col" className="text-right">
                  {billMessages.totalBill}
                </th>
                <th scope="col">{m.status}</th>
                <th scope="col">
                  <span className="sr-only">{uiMessages.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((order) => (
                <tr key={order._id} data-testid="order-row">
                  <th scope="row" className="whitespace-nowrap">
                    <Link to={`/dashboard/orders/${order._id}`} className="link link-primary">
                      {order.number}
                    </Link>
                  </th>
                  <td className="whitespace-nowrap">
                    <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                  </td>
                  <td data-testid="order-row-po">
                    {order.poReference ? (
                      <span className="block max-w-40 wrap-anywhere">{order.poReference}</span>
                    ) : (
                      <span className="text-base-content/70">{orderLineMessages.noPoReference}</span>
                    )}
                  </td>
                  <td>
                    {/* One block: on phones the cell is a row of its label and this. */}
                    <div>
                      <div className="wrap-anywhere">{order.productName}</div>
                      {/* Under the name, as on the desk (whose table has no room for a column at 1280 px). */}
                      <div className="text-xs text-base-content/70" data-testid="order-row-lines">
                        {orderLineMessages.lineCount(order.lineCount)}
                      </div>
                    </div>
                  </td>
                  <td className="text-right">{formatQuantity(order.productQuantity)}</td>
                  <td className="text-right font-semibold">{formatPrice(order.price)}</td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td>
                    <div className="flex flex-wrap justify-end gap-2">
                      {/* Only while there is something to pay: a paid, shipped or cancelled order has not. */}
                      {isPayable(order) && (
                        <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-xs">
                          {m.payment}
                          <span className="sr-only"> {m.forOrder(order.number)}</span>
                        </Link>
                      )}
                      {order.status === 'unpaid' && (
                        <button
                          type="button"
                          className="btn btn-error btn-outline btn-xs"
                          disabled={cancel.isPending}
                          onClick={async () => {
                            if (await confirm(confirmMessages.cancelOrder)) cancel.mutate(order._id);
                          }}
                        >
                          {m.cancelOrder}
                          <span className="sr-only"> {order.number}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </PagedTable>
        )}
      </ListStates>
      {dialog}
    </div>
  );
}
