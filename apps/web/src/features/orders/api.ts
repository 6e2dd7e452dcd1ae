import { IDEMPOTENCY_KEY_HEADER, type OrderInput, type OrderStatus } from '@store/shared';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson, apiList } from '../../lib/api-client';

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
      apiList('/myorder', 'orderSchema', {
        auth: true,
        query: { email, page, limit: ORDERS_PAGE_SIZE },
        signal,
      }),
  });

/** The spec's GET /orders/{email}: the admin names themselves. */
export const manageOrdersQuery = (adminEmail: string, status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: orderKeys.manage(status, page),
    queryFn: ({ signal }) =>
      apiList(`/orders/${encodeURIComponent(adminEmail)}`, 'orderSchema', {
        auth: true,
        query: { status, page, limit: ORDERS_PAGE_SIZE },
        signal,
      }),
  });

export const paymentQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.payment(id),
    queryFn: ({ signal }) =>
      apiJson(`/order/${encodeURIComponent(id)}`, 'orderPaymentSchema', { auth: true, signal }),
  });

/** One Order click: what to order, and the key that makes retrying it safe. */
export interface PlaceOrderVariables {
  input: OrderInput;
  idempotencyKey: string;
}

/** A fresh key per Order click. `randomUUID` exists only in secure contexts (https, localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const placeOrder = ({ input, idempotencyKey }: PlaceOrderVariables) =>
  apiJson('/order', 'placedOrderSchema', {
    method: 'POST',
    auth: true,
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/**
 * Retried only when the answer may have been lost (no answer at all, or 503): the same key goes
 * again, so the store returns the order if the first attempt did place it.
 */
export function shouldRetryOrder(failureCount: number, error: Error): boolean {
  const lost = error instanceof ApiError && (error.status === 0 || error.status === 503);
  return lost && failureCount < 2;
}

export const placeOrderMutation = mutationOptions({
  mutationFn: placeOrder,
  retry: shouldRetryOrder,
});

export const cancelOrder = (id: string) =>
  apiJson(`/order/${encodeURIComponent(id)}`, 'updateResultSchema', { method: 'DELETE', auth: true });

export const advanceOrder = ({ id, status }: { id: string; status: 'paid' | 'shipped' }) =>
  apiJson(`/order/${encodeURIComponent(id)}/status`, 'orderStatusResultSchema', {
    method: 'PATCH',
    auth: true,
    body: { status },
  });
