import { IDEMPOTENCY_KEY_TTL_HOURS } from '@store/shared';
import type { OrderRow, OrdersTransaction } from './repo.js';

/** How long an idempotency key holds: an older one is spent, and a repeat places a new order. */
export const KEY_LIFETIME_SECONDS = IDEMPOTENCY_KEY_TTL_HOURS * 60 * 60;

/**
 * What every change of an order brings with it, in the change's transaction: its history entry
 * (who and when), and the `order-event` job that tells the people concerned (the job works out
 * which e-mails the entry calls for, mail/order-emails.ts).
 */
export async function record(tx: OrdersTransaction, order: OrderRow, by: string): Promise<void> {
  const eventId = await tx.recordEvent(order, by);
  await tx.enqueue('order-event', { eventId });
}
