import { cartMessages } from '@store/shared';
import { createCustomer, expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * The Purchase page orders through the cart's checkout: when the stock runs short between the
 * page's load and the Order click, the refusal names the line's own problem with the stock left,
 * nothing is ordered, and the page shows the stock as it is now.
 */
test('an order refused for stock taken meanwhile says how many are left', async ({
  page,
  customer,
  part,
}) => {
  await signInAs(page, customer);
  await page.goto(`/purchase/${part._id}?quantity=2000`);
  const available = page.getByTestId('available-quantity');
  await expect(available).toHaveText('2,500');

  // Another buyer takes 1,000 of the 2,500 while this page is open.
  await placeOrderByApi(page.request, await createCustomer('Rita Rival'), {
    partId: part._id,
    productQuantity: 1000,
  });

  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
  await page.getByRole('button', { name: 'Order', exact: true }).click();

  // The toast says the line's own problem, not the order's summary.
  await expect(page.locator('.Toastify__toast')).toContainText(cartMessages.overStock(1500));
  await expect(available).toHaveText('1,500');
  await expect(page).toHaveURL(new RegExp(`/purchase/${part._id}`));
});
