import { type Order, type OrderStatus, orderMessages, orderStatusSchema } from '@store/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ListStates } from '../../../components/ui/list-states';
import { PagedTable, pageParam } from '../../../components/ui/paged-table';
import { EmptyState } from '../../../components/ui/states';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { useSessionUser } from '../../../lib/session';
import { advanceOrder, manageOrdersQuery, ORDERS_PAGE_SIZE, orderKeys } from '../api';
import { StatusBadge } from '../components/status-badge';

const filters: { value: OrderStatus | ''; label: string }[] = [
  { value: '', label: 'All orders' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** The admin's status control: 'UnPaid' (the spec's label) marks paid, then paid marks shipped. */
function StatusAction({
  order,
  onAdvance,
  busy,
}: {
  order: Order;
  onAdvance: (to: 'paid' | 'shipped') => void;
  busy: boolean;
}) {
  if (order.status === 'unpaid') {
    return (
      <button
        type="button"
        className="btn btn-warning btn-xs"
        disabled={busy}
        onClick={() => onAdvance('paid')}
        title="Mark as paid"
      >
        UnPaid
      </button>
    );
  }
  if (order.status === 'paid') {
    return (
      <button
        type="button"
        className="btn btn-info btn-xs"
        disabled={busy}
        onClick={() => onAdvance('shipped')}
      >
        Paid · Mark shipped
      </button>
    );
  }
  return <StatusBadge status={order.status} />;
}

export default function ManageOrdersPage() {
  const admin = useSessionUser();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const parsedStatus = orderStatusSchema.safeParse(params.get('status'));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const orders = useQuery({
    ...manageOrdersQuery(admin?.email ?? '', status, page),
    enabled: Boolean(admin),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const advance = useMutation({
    mutationFn: advanceOrder,
    onSuccess: () => {
      toast.success(orderMessages.statusUpdated);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-bold">Manage Orders</h2>
        <label className="flex items-center gap-2 text-sm">
          Status
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
      </div>
      <ListStates
        query={orders}
        loadingLabel="Loading orders…"
        empty={
          <div className="mt-6">
            <EmptyState>{orderMessages.noOrdersToManage}</EmptyState>
          </div>
        }
      >
        {(list) => (
          <PagedTable
            label="Order pages"
            page={page}
            total={list.total}
            limit={ORDERS_PAGE_SIZE}
            onPage={(next) => setParams({ ...(status && { status }), page: String(next) })}
          >
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Product</th>
                <th scope="col" className="text-right">
                  Quantity
                </th>
                <th scope="col" className="text-right">
                  Bill
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((order, i) => (
                <tr key={order._id} data-testid="manage-order-row">
                  <th scope="row">{(page - 1) * ORDERS_PAGE_SIZE + i + 1}</th>
                  <td>
                    <div className="font-medium">{order.userName}</div>
                    <div className="text-xs text-base-content/60">{order.email}</div>
                  </td>
                  <td>{order.productName}</td>
                  <td className="text-right">{formatQuantity(order.productQuantity)}</td>
                  <td className="text-right font-semibold">{formatPrice(order.price)}</td>
                  <td>
                    <StatusAction
                      order={order}
                      busy={advance.isPending}
                      onAdvance={(to) => advance.mutate({ id: order._id, status: to })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </PagedTable>
        )}
      </ListStates>
    </div>
  );
}
