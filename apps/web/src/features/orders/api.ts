import type { Order, OrderInput, OrderPayment, OrderStatus } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiJson, apiList } from '../../lib/api-client';

export const ORDERS_PAGE_SIZE = 20;

export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string, page: number) => [...orderKeys.all, 'mine', email, page] as const,
  manage: (status: OrderStatus | undefined, page: number) =>
    [...orderKeys.all, 'manage', status ?? 'all', page] as const,
  payment: (id: string) => [...orderKeys.all, 'payment', id] as const,
};

export const myOrdersQuery = (email: string, page: number) =>
  queryOptions({
    queryKey: orderKeys.mine(email, page),
    queryFn: ({ signal }) =>
      apiList<Order>('/myorder', { auth: true, query: { email, page, limit: ORDERS_PAGE_SIZE }, signal }),
  });

/** The spec's GET /orders/{email}: the admin names themselves. */
export const manageOrdersQuery = (adminEmail: string, status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: orderKeys.manage(status, page),
    queryFn: ({ signal }) =>
      apiList<Order>(`/orders/${encodeURIComponent(adminEmail)}`, {
        auth: true,
        query: { status, page, limit: ORDERS_PAGE_SIZE },
        signal,
      }),
  });

export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.payment(id),
    queryFn: ({ signal }) =>
      apiJson<OrderPayment>(`/order/${encodeURIComponent(id)}`, { auth: true, signal }),
  });

export const placeOrder = (input: OrderInput) =>
  apiJson<{ acknowledged: boolean; insertedId: string; order: Order }>('/order', {
    method: 'POST',
    auth: true,
    body: input,
  });

export const cancelOrder = (id: string) =>
  apiJson<{ modifiedCount: number }>(`/order/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export const advanceOrder = ({ id, status }: { id: string; status: 'paid' | 'shipped' }) =>
  apiJson<{ order: Order }>(`/order/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    auth: true,
    body: { status },
  });
