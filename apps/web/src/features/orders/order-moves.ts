import {
  fulfilmentMessages as m,
  ORDER_MOVES,
  type OrderEvent,
  type OrderStatus,
  paymentMessages,
  orderMoveMessages as words,
} from '@store/shared';

/**
 * The admin's moves, named for what they do: each leads to one status and asks its
 * own question with the order number in it. Which moves a status offers is the shared table
 * (ORDER_MOVES, packages/shared) the server enforces; it refuses any other with 409.
 */
export interface OrderMove {
  to: OrderStatus;
  /** The button's words. */
  label: string;
  /** The confirmation's question. */
  question: (number: string) => string;
  /** How the order reads afterwards: 'Order PD-100001 is now …'. */
  outcome: string;
  /** Cancelling cannot be undone: its button and confirmation look like it. */
  destructive: boolean;
}

const markPaid: OrderMove = {
  to: 'paid',
  label: words.markPaid,
  question: m.confirmPaid,
  outcome: words.markedPaid,
  destructive: false,
};
const markShipped: OrderMove = {
  to: 'shipped',
  label: words.markShipped,
  question: m.confirmShipped,
  outcome: words.markedShipped,
  destructive: false,
};
const markUnpaid: OrderMove = {
  to: 'unpaid',
  label: words.markUnpaid,
  question: m.confirmUnpaid,
  outcome: words.markedUnpaid,
  destructive: false,
};
const cancel: OrderMove = {
  to: 'cancelled',
  label: words.cancel,
  question: m.confirmCancel,
  outcome: words.cancelled,
  destructive: true,
};

/** Each move by the status it leads to: every status is reached by exactly one kind of move. */
const MOVE_TO: Record<OrderStatus, OrderMove> = {
  paid: markPaid,
  shipped: markShipped,
  unpaid: markUnpaid,
  cancelled: cancel,
};

export const movesFor = (status: OrderStatus): OrderMove[] => ORDER_MOVES[status].map((to) => MOVE_TO[to]);

export const moveTo = (to: OrderStatus): OrderMove | undefined => MOVE_TO[to];

/** Who made a change, in words: the person's e-mail, or what the store did on its own. */
export function describeBy(event: Pick<OrderEvent, 'by' | 'status'>): string {
  if (event.by === 'stripe') return paymentMessages.stripeBy;
  if (event.by !== 'system') return event.by;
  // The only change the store makes by itself today: an unpaid order past UNPAID_ORDER_TTL.
  return event.status === 'cancelled' ? m.expiredBy : m.systemBy;
}
