import type { APIRequestContext } from '@playwright/test';
import { apiMessages, type Part, productMessages } from '@store/shared';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * Edits never undo orders: an admin's edit form is open while a customer orders.
 * Saving it must not put back the stock the order took.
 */
const partNow = async (request: APIRequestContext, part: Part) =>
  (await (await request.get(`/api/part/${part._id}`)).json()) as Part;

test.describe('editing a product while customers order it', () => {
  test('a stale stock is refused with the current one, the other edits stay, and saving again works', async ({
    page,
    request,
    admin,
    customer,
    part,
  }) => {
    await signInAs(page, admin);
    await page.goto(`/dashboard/manageproducts/${part._id}`);
    const name = page.getByLabel('Name');
    const stock = page.getByLabel('Available quantity');
    // The fixture's part: 2,500 in stock, at least 10 an order.
    await expect(stock).toHaveValue('2500');

    await placeOrderByApi(request, customer, { partId: part._id, productQuantity: 30 });

    const renamed = `${part.name} (boxed)`;
    await name.fill(renamed);
    await stock.fill('3000');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const alert = page.getByRole('alert').filter({ hasText: apiMessages.stockChanged(2470) });
    await expect(alert).toHaveText('Stock changed to 2470 since you opened this form');
    await expect(stock).toHaveAttribute('aria-invalid', 'true');
    await expect(stock).toHaveAttribute('aria-describedby', (await alert.getAttribute('id')) ?? '');
    await expect(stock).toBeFocused();
    // The admin's edits are all still there, and nothing was saved.
    await expect(name).toHaveValue(renamed);
    await expect(stock).toHaveValue('3000');
    expect(await partNow(request, part)).toMatchObject({ name: part.name, availableQuantity: 2470 });

    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(productMessages.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
    expect(await partNow(request, part)).toMatchObject({ name: renamed, availableQuantity: 3000 });
  });

  test('an edit that leaves the stock as loaded never touches it', async ({
    page,
    request,
    admin,
    customer,
    part,
  }) => {
    await signInAs(page, admin);
    await page.goto(`/dashboard/manageproducts/${part._id}`);
    await expect(page.getByLabel('Available quantity')).toHaveValue('2500');

    await placeOrderByApi(request, customer, { partId: part._id, productQuantity: 40 });

    const renamed = `${part.name} (renamed)`;
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
    expect(await partNow(request, part)).toMatchObject({ name: renamed, availableQuantity: 2460 });
  });
});
