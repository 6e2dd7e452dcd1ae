/** What the rest of the store uses of card payments: the composition root and the job worker. */

export { fromMinorUnits } from './minor-units.js';
export { createPaymentsRepo } from './repo.js';
export { createPaymentsService, type PaymentsService, type PaymentsSettings } from './service.js';
export { createStripeGateway, type StripeSettings } from './stripe-gateway.js';
