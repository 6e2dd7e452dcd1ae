import { startStripeStandIn } from './stripe-stand-in.js';

/**
 * The Stripe stand-in as a process of its own, for the browser tests (apps/web/playwright.config.ts
 * starts it beside the store): `STAND_IN_PORT` and the store's `STRIPE_WEBHOOK_SECRET`. It stops
 * on SIGTERM or SIGINT.
 */
const standIn = await startStripeStandIn({
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '',
  port: Number(process.env.STAND_IN_PORT ?? 0),
});
console.log(`Stripe stand-in listening on ${standIn.url}`);
const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
