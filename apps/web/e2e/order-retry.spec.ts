import { toastMessages } from '@store/shared';
import { expect, signInAs, test } from './fixtures';

/**
 * The answer to an Order click is lost on the way back (the store placed the order, the
 * connection dropped): the page retries with the same Idempotency-Key and the store answers
 * with that order, so the customer sees success and owns one order, not two.
 */
test('a lost answer is retried with the same key: one order, stock taken once', async ({
  page,
  customer,
  part,
}) => {
  await signInAs(page, customer);

  const keys: string[] = [];
  await page.route('**/api/checkout', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });

  await page.goto(`/purchase/${part._id}`);
  const available = page.getByTestId('available-quantity');
  // The fixture's part: 2,500 in stock, at least 10 an order.
  await expect(available).toHaveText('2,500');
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
  await page.getByRole('button', { name: 'Order', exact: true }).click();

  await expect(page.getByText(toastMessages.orderCompleted)).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[0]).toMatch(/^[\x20-\x7e]{1,200}$/);
  // The customer lands on the one order's confirmation; the stock was taken once.
  await expect(page.getByTestId('order-placed')).toBeVisible();
  await page.goto(`/purchase/${part._id}`);
  await expect(available).toHaveText('2,490');

  await page.goto('/dashboard/myorders');
  await expect(page.getByTestId('order-row').filter({ hasText: part.name })).toHaveCount(1);

  // The next click is a new order, with a new key.
  await page.goto(`/purchase/${part._id}`);
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expect(page.getByText(toastMessages.orderCompleted).first()).toBeVisible();
  await expect(page.getByTestId('order-placed')).toBeVisible();
  expect(keys).toHaveLength(3);
  expect(keys[2]).not.toBe(keys[0]);
  await page.goto('/dashboard/myorders');
  await expect(page.getByTestId('order-row').filter({ hasText: part.name })).toHaveCount(2);
});
