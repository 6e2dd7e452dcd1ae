import type { OrderInput, OrderStatus, OrderStatusUpdate, OrdersFilter } from '@store/shared';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { showCartAnswer } from '../cart';

export const ORDERS_PAGE_SIZE = 20;

export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string, status: OrderStatus | undefined, page: number) =>
    [...orderKeys.all, 'mine', email, status ?? 'all', page] as const,
  manage: (filter: OrdersFilter, page: number) =>
    [...orderKeys.all, 'manage', filter.status ?? 'all', filter.q ?? '', page] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

/** My Orders: every order of the caller, cancelled ones included, or those of one status. */
export const myOrdersQuery = (email: string, status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: orderKeys.mine(email, status, page),
    queryFn: ({ signal }) =>
      api.orders.mine({ query: { email, status, page, limit: ORDERS_PAGE_SIZE }, signal }),
  });

/** The spec's GET /orders/{email}: the admin names themselves; `q` is a number or an e-mail. */
export const manageOrdersQuery = (adminEmail: string, filter: OrdersFilter, page: number) =>
  queryOptions({
    queryKey: orderKeys.manage(filter, page),
    queryFn: ({ signal }) =>
      api.orders.all({
        params: { email: adminEmail },
        query: { status: filter.status, q: filter.q, page, limit: ORDERS_PAGE_SIZE },
        signal,
      }),
  });

/** One order with its history and how to pay: the detail, confirmation, Payment and invoice pages. */
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => api.orders.get({ params: { id }, signal }),
  });

/** The server's PDF invoice (owner or admin), fetched with the token since a link carries none. */
export const fetchInvoicePdf = (id: string, number: string) =>
  api.invoices.pdf({ params: { id }, fileName: `invoice-${number}.pdf` });

/** Every order matching the desk's filters, as CSV for spreadsheets. */
export const fetchOrdersCsv = (filter: OrdersFilter) =>
  api.orders.csv({ query: { status: filter.status, q: filter.q }, fileName: 'orders.csv' });

/** The caller's own orders (My Orders' filter) as CSV: the server knows whose from the token. */
export const fetchMyOrdersCsv = (status: OrderStatus | undefined) =>
  api.orders.mineCsv({ query: { status }, fileName: 'my-orders.csv' });

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
  api.orders.place({ body: input, headers: { 'idempotency-key': idempotencyKey } });

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

/**
 * Order again: the order's lines added to the caller's cart, with each line's result.
 * The answer's cart replaces the cached one, so the top bar counts the new lines at once.
 */
export async function reorder(id: string) {
  const answer = await api.cart.reorder({ params: { id } });
  await showCartAnswer(answer.cart);
  return answer;
}

export const cancelOrder = (id: string) => api.orders.cancel({ params: { id } });

/** 'Pay by card': the Stripe Checkout page to send the customer to. */
export const payByCard = (id: string) => api.payments.pay({ params: { id } });

/** The desk: a card payment to check is given back in full (decision 057). */
export const refundCardPaymentToCheck = (id: string) => api.payments.refundToCheck({ params: { id } });

/**
 * How often the Payment page asks again while a card payment is being confirmed (the customer
 * came back from Stripe before its event reached the store): 1 s, doubling, at most 15 s apart.
 */
export function confirmingInterval(attempts: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 15_000);
}

/** The admin's desk: one move of the order's status (the server allows only the listed moves). */
export const moveOrder = ({ id, update }: { id: string; update: OrderStatusUpdate }) =>
  api.orders.move({ params: { id }, body: update });
