import { type OrderStatus, orderStatusSchema } from './schemas/order.js';

/**
 * The admin's moves: from each status, the statuses it may go to, in the order the desk offers
 * them (docs/decisions/010). Paid back to unpaid undoes a payment marked by mistake; shipped and
 * cancelled are final. The API refuses any other move with 409; the web offers exactly these.
 */
export const ORDER_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  unpaid: ['paid', 'cancelled'],
  paid: ['shipped', 'unpaid', 'cancelled'],
  shipped: [],
  cancelled: [],
};

/** The statuses an order may be in for an admin to move it to `to`. */
export const statusesMovableTo = (to: OrderStatus): OrderStatus[] =>
  orderStatusSchema.options.filter((from) => ORDER_MOVES[from].includes(to));

/**
 * Whether the customer can still pay for the order: only while it is unpaid. A paid or shipped
 * order has nothing left to pay and a cancelled one nothing owed; the card payment refuses
 * (409) any order not unpaid, and the Payment page shows how to pay only for one.
 */
export const isPayable = (order: { status: OrderStatus }): boolean => order.status === 'unpaid';
