import { STAND_IN_CARDS, startStripeStandIn } from './stripe-stand-in.js';

/**
 * The Stripe stand-in as a process of its own: for the browser tests (apps/web/playwright.config.ts
 * starts it beside the store), and for trying card payments without a Stripe account
 * (`npm run stripe:stand-in`, README 'Card payments with Stripe'). `STAND_IN_PORT` (12111 when
 * unset, 0 for any free port), the store's `STRIPE_WEBHOOK_SECRET` (the stand-in's own when
 * unset) and `STAND_IN_WEBHOOK_URL` (where a card paid on its page is announced; by default the
 * store's webhook beside the page the customer goes back to). It prints the settings to start the
 * store with, and stops on SIGTERM or SIGINT.
 */
/** Not secrets: the stand-in takes any key, and signs with the secret it prints. */
const SECRET_KEY = 'sk_test_stand_in_0123456789';
const WEBHOOK_SECRET = 'whsec_stand_in_0123456789abcdef';

const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET || WEBHOOK_SECRET;
const standIn = await startStripeStandIn({
  webhookSecret,
  port: Number(process.env.STAND_IN_PORT ?? 12111),
  ...(process.env.STAND_IN_WEBHOOK_URL && { webhookUrl: process.env.STAND_IN_WEBHOOK_URL }),
});
const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, '$1 ');
console.log(
  [
    `Stripe stand-in listening on ${standIn.url}`,
    '',
    'Start the store with these settings (card payments through the stand-in):',
    `STRIPE_SECRET_KEY=${SECRET_KEY}`,
    `STRIPE_WEBHOOK_SECRET=${webhookSecret}`,
    `STRIPE_API_URL=${standIn.url}`,
    '',
    `Test cards on its checkout page: ${spaced(STAND_IN_CARDS.paid)} is paid,`,
    `${spaced(STAND_IN_CARDS.declined)} is declined. Ctrl+C stops it.`,
  ].join('\n'),
);
const stop = () => {
  void standIn.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
