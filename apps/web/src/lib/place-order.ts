import type { OrderInput, OrderStatus, OrdersFilter } from '@store/shared';
import { mutationOptions } from '@tanstack/react-query';
import { api } from './api';
import { ApiError } from './api-client';

/**
 * Placing an order, from a part's Purchase page or the cart's checkout, and the orders' cache
 * keys that an order placed makes stale.
 */

export const orderKeys = {
  all: ['orders'] as const,
  mine: (email: string, status: OrderStatus | undefined, page: number) =>
    [...orderKeys.all, 'mine', email, status ?? 'all', page] as const,
  manage: (filter: OrdersFilter, page: number) =>
    [...orderKeys.all, 'manage', filter.status ?? 'all', filter.q ?? '', page] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

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

/**
 * A part's Purchase page orders as the cart does: one order of one line, through checkout, so
 * both are judged, priced and refused alike (a refused line answers with its problem).
 */
export const placeOrder = ({ input, idempotencyKey }: PlaceOrderVariables) => {
  const { partId, productQuantity, ...delivery } = input;
  return api.orders.checkout({
    body: { ...delivery, lines: [{ partId, quantity: productQuantity }] },
    headers: { 'idempotency-key': idempotencyKey },
  });
};

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
