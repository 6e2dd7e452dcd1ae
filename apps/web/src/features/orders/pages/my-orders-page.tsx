import { confirmMessages, orderMessages } from '@store/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ListStates } from '../../../components/ui/list-states';
import { PagedTable, pageParam } from '../../../components/ui/paged-table';
import { EmptyState } from '../../../components/ui/states';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { partKeys } from '../../parts';
import { cancelOrder, myOrdersQuery, ORDERS_PAGE_SIZE, orderKeys } from '../api';
import { StatusBadge } from '../components/status-badge';

/** My Orders (spec §2): number, product, quantity, total bill, Payment, Cancel Order. */
export default function MyOrdersPage() {
  const user = useSessionUser();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const orders = useQuery({
    ...myOrdersQuery(user?.email ?? '', page),
    enabled: Boolean(user),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();

  const cancel = useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => {
      toast.success(orderMessages.cancelled);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      // The stock came back: the purchase pages must show it.
      void queryClient.invalidateQueries({ queryKey: partKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <div>
      <h2 className="text-2xl font-bold">My Orders</h2>
      <ListStates
        query={orders}
        loadingLabel="Loading your orders…"
        empty={
          <div className="mt-6">
            <EmptyState>
              {orderMessages.noOrders}{' '}
              <Link to="/" className="link link-primary">
                Browse our parts
              </Link>
            </EmptyState>
          </div>
        }
      >
        {(list) => (
          <PagedTable
            label="Order pages"
            page={page}
            total={list.total}
            limit={ORDERS_PAGE_SIZE}
            onPage={(next) => setParams({ page: String(next) })}
          >
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Product</th>
                <th scope="col" className="text-right">
                  Quantity
                </th>
                <th scope="col" className="text-right">
                  Total bill
                </th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((order, i) => (
                <tr key={order._id} data-testid="order-row">
                  <th scope="row">{(page - 1) * ORDERS_PAGE_SIZE + i + 1}</th>
                  <td>{order.productName}</td>
                  <td className="text-right">{formatQuantity(order.productQuantity)}</td>
                  <td className="text-right font-semibold">{formatPrice(order.price)}</td>
                  <td>
                    <StatusBadge status={order.status} />
                  </td>
                  <td>
                    <div className="flex flex-wrap justify-end gap-2">
                      <Link to={`/dashboard/payment/${order._id}`} className="btn btn-primary btn-xs">
                        Payment
                      </Link>
                      {order.status === 'unpaid' && (
                        <button
                          type="button"
                          className="btn btn-error btn-outline btn-xs"
                          disabled={cancel.isPending}
                          onClick={async () => {
                            if (await confirm(confirmMessages.cancelOrder)) cancel.mutate(order._id);
                          }}
                        >
                          Cancel Order
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
