import { deskStatusLabels, paymentMessages as m, uiMessages } from '@store/shared';
import { E2E_BASE_URL, E2E_STRIPE_URL } from '../playwright.config';
import { expectNoAxeViolations } from './axe';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * Decision 057 in the browser: a card payment whose amount differs from the order's is shown on
 * the desk as one to check, with 'Refund card payment'; the admin confirms, and the payment is
 * given back through the refund job (the stand-in's refund) while the order stays unpaid.
 */
test('an admin refunds a card payment to check from the desk', async ({ page, customer, admin, part }) => {
  const auth = (account: { token: string }) => ({ authorization: `Bearer ${account.token}` });
  const order = await placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 10 });
  const pay = await page.request.post(`/api/order/${order._id}/pay`, { headers: auth(customer) });
  expect(pay.status()).toBe(200);
  const sessionId = new URL(((await pay.json()) as { url: string }).url).pathname.split('/').at(-1);
  // The customer pays 24.00 of the order's 25.00: the store keeps it for an admin's look.
  const delivered = await page.request.post(`${E2E_STRIPE_URL}/_stand-in/sessions/${sessionId}/deliver`, {
    data: { webhookUrl: `${E2E_BASE_URL}/api/payments/stripe/webhook`, amountTotal: 2400 },
  });
  expect(await delivered.json()).toMatchObject({ status: 200 });

  await signInAs(page, admin);
  await page.goto(`/dashboard/manageorders?q=${order.number}`);
  const row = page.getByTestId('manage-order-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('card-payment')).toHaveText(m.states['needs-review']);
  const refund = row.getByRole('button', { name: `${m.refundToCheck} ${order.number}` });
  await expectNoAxeViolations(page);

  // Asked first; going back changes nothing.
  await refund.click();
  const dialog = page.getByRole('dialog', { name: m.refundToCheckQuestion(order.number) });
  await dialog.getByRole('button', { name: uiMessages.no }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('card-payment')).toHaveText(m.states['needs-review']);

  await refund.click();
  await dialog.getByRole('button', { name: m.refundToCheck }).click();
  await expect(page.getByText(m.refundToCheckAsked(order.number))).toBeVisible();
  await expect(refund).toHaveCount(0);
  // The refund job runs after the ask's commit: under way, then made (the desk shows it on reload).
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId('card-payment')).toHaveText(m.states.refunded, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  // The order was never paid, and stays so.
  await expect(row).toContainText(deskStatusLabels.unpaid);
});
