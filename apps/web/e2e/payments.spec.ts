import { E2E_BASE_URL, E2E_STRIPE_URL } from '../playwright.config';
import { expectNoAxeViolations } from './axe';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * Card payments in the browser: 'Pay by card' sends the customer to the Checkout session's page (the
 * Stripe stand-in's, apps/api/test/support/stripe-stand-in.ts), they come back before Stripe's event, the
 * page says the payment is being confirmed, the test delivers the signed event, and the order
 * page shows it paid without a reload.
 */
test('a customer pays by card and the order page shows it paid once Stripe’s signed event lands', async ({
  page,
  customer,
  part,
}) => {
  const order = await placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 10 });

  await signInAs(page, customer);
  await page.goto(`/dashboard/payment/${order._id}`);
  await expect(page.getByTestId('payment-status')).toContainText('bank transfer');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();

  // Stripe's page (the stand-in's): the session charges the order's total, in pence.
  await expect(page).toHaveURL(new RegExp(`^${E2E_STRIPE_URL}/c/pay/cs_test_\\w+$`));
  await expect(page.getByTestId('stand-in-amount')).toHaveText('2500 gbp');
  const sessionId = new URL(page.url()).pathname.split('/').at(-1);

  // Back at the store before Stripe's event: confirming, and the page keeps asking.
  await page.getByRole('link', { name: 'Back to the store' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/payment/${order._id}?card=returned`);
  await expect(page.getByTestId('card-confirming')).toContainText('Payment received, confirming…');
  await expect(page.getByRole('button', { name: 'Pay by card' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Stripe's event, signed with the webhook secret, delivered to the store.
  const delivered = await page.request.post(`${E2E_STRIPE_URL}/_stand-in/sessions/${sessionId}/deliver`, {
    data: { webhookUrl: `${E2E_BASE_URL}/api/payments/stripe/webhook` },
  });
  expect(await delivered.json()).toMatchObject({ status: 200 });

  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByTestId('card-payment')).toHaveText('Paid by card');
  await expect(page.getByTestId('payment-status')).toContainText('Payment received');
  await expect(page.getByTestId('card-confirming')).toHaveCount(0);

  // The order's history names Stripe as who marked it paid.
  await page.getByTestId('payment-order-number').click();
  await expect(page.getByTestId('order-event').last()).toContainText('Stripe (card payment)');
});
