/** What other parts of the app may use of orders: placing one from the Purchase page. */
export { newIdempotencyKey, orderKeys, placeOrderMutation, shouldRetryOrder } from './api';
export { ContactFields, useRememberedContact } from './components/contact-fields';
