import type { OrderStatus, OrderStatusUpdate, OrdersFilter } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { orderKeys } from '../../lib/place-order';
import { showCart } from '../../lib/server-cart';

export const ORDERS_PAGE_SIZE = 20;

/** My Orders: every order of the caller, cancelled ones included, or those of one status. */
export const myOrdersQuery = (email: string, status: OrderStatus | undefined, page: number) =>
  queryOptions({
    queryKey: orderKeys.mine(email, status, page),
    queryFn: ({ signal }) =>
      api.orders.mine({ query: { email, status, page, limit: ORDERS_PAGE_SIZE }, signal }),
  });

/** The desk's `GET /orders/{email}`: the admin names themselves; `q` is a number or an e-mail. */
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

/**
 * Order again: the order's lines added to the caller's cart, with each line's result.
 * The answer's cart replaces the cached one, so the top bar counts the new lines at once.
 */
export async function reorder(id: string) {
  const answer = await api.cart.reorder({ params: { id } });
  showCart(answer.cart);
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
