/** What other parts of the app may use of orders: placing one from the Purchase page. */
export { newIdempotencyKey, orderKeys, placeOrderMutation, shouldRetryOrder } from './api';
