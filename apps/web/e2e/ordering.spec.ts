import type { Page } from '@playwright/test';
import { confirmMessages, toastMessages } from '@store/shared';
import { createCustomer, expect, signInAs, test } from './fixtures';
import { signOut } from './helpers';

const available = (page: Page) => page.getByTestId('available-quantity');

async function fillDelivery(page: Page) {
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
}

test.describe('ordering', () => {
  test('order a part, see the stock drop, cancel it in My Orders and see it come back', async ({
    page,
    customer,
    part,
  }) => {
    await signInAs(page, customer);
    await page.goto(`/parts?q=${encodeURIComponent(part.name)}`);
    await page.getByRole('link', { name: `Purchase ${part.name}` }).click();
    await expect(page.getByRole('heading', { name: part.name, level: 1 })).toBeVisible();
    // The fixture's part: 2,500 in stock, at least 10 an order.
    await expect(available(page)).toHaveText('2,500');
    await expect(page.getByLabel('Name')).toHaveValue(customer.name);

    const quantity = page.getByLabel('Quantity');
    const orderButton = page.getByRole('button', { name: 'Order', exact: true });
    await expect(quantity).toHaveValue(String(part.minOrderQuantity));
    await expect(orderButton).toBeEnabled();
    await quantity.fill('9');
    await expect(orderButton).toBeDisabled();
    await quantity.fill('2501');
    await expect(orderButton).toBeDisabled();
    await quantity.fill('');
    await expect(orderButton).toBeDisabled();
    await quantity.fill(String(part.minOrderQuantity));
    await expect(orderButton).toBeEnabled();

    await fillDelivery(page);
    await orderButton.click();
    await expect(page.getByText(toastMessages.orderCompleted)).toBeVisible();
    // The confirmation, then the part's page shows the stock taken.
    await expect(page.getByTestId('order-placed')).toBeVisible();
    await page.goto(`/purchase/${part._id}`);
    await expect(available(page)).toHaveText('2,490');

    await page.goto('/dashboard/myorders');
    const row = page.getByTestId('order-row').filter({ hasText: part.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(page.getByRole('dialog')).toContainText(confirmMessages.cancelOrder);
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    // Cancelled orders stay listed, and can no longer be cancelled.
    await expect(row.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(row.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
    await page.getByLabel('Status').selectOption('unpaid');
    await expect(page.getByTestId('order-row').filter({ hasText: part.name })).toHaveCount(0);
    await page.getByLabel('Status').selectOption('cancelled');
    await expect(page.getByTestId('order-row').filter({ hasText: part.name })).toHaveCount(1);

    await page.goto(`/purchase/${part._id}`);
    await expect(available(page)).toHaveText('2,500');
  });

  test('the purchase page shows the bulk discount before ordering', async ({ page, customer, part }) => {
    await signInAs(page, customer);
    await page.goto(`/purchase/${part._id}`);
    await page.getByLabel('Quantity').fill('1000');
    await expect(page.getByText('Bulk discount (10%)')).toBeVisible();
    // 1,000 × £2.50 = £2,500.00, less 10% (£250.00) = £2,250.00.
    await expect(page.getByTestId('order-total')).toHaveText('£2,250.00');
  });

  test('an admin marks an order paid, then shipped with its tracking number', async ({
    page,
    admin,
    part,
  }) => {
    // A name no other test's buyer has, to find this order among everyone's.
    const buyer = await createCustomer(`Paula Payer ${part._id.slice(0, 8)}`);
    await signInAs(page, buyer);
    await page.goto(`/purchase/${part._id}`);
    await fillDelivery(page);
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(page.getByText(toastMessages.orderCompleted)).toBeVisible();
    const number = (await page.getByTestId('order-number').textContent())?.replace('Order ', '') ?? '';
    expect(number).toMatch(/^PD-\d+$/);
    await signOut(page);

    await signInAs(page, admin);
    await page.goto('/dashboard/manageorders');
    const row = page.getByTestId('manage-order-row').filter({ hasText: buyer.name });
    const dialog = page.getByRole('dialog');
    // The spec's 'UnPaid', named for what it does, asks first.
    await row.getByRole('button', { name: `UnPaid: mark order ${number} as paid` }).click();
    await expect(dialog.getByRole('heading')).toHaveText(`Mark order ${number} as paid?`);
    await dialog.getByRole('button', { name: 'Mark as paid' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('Paid');

    await row.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(dialog.getByRole('heading')).toHaveText(`Mark order ${number} as shipped?`);
    await expect(dialog.getByLabel('Carrier (optional)')).toBeFocused();
    await dialog.getByLabel('Carrier (optional)').fill('Parcel Force');
    await dialog.getByLabel('Tracking number (optional)').fill('PF123456789GB');
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    await expect(row.getByTestId('order-status')).toHaveText('Shipped');
    await expect(
      page.getByRole('status').filter({ hasText: `Order ${number} is now marked as shipped.` }),
    ).toHaveCount(1);

    await page.getByLabel('Status').selectOption('shipped');
    await expect(page).toHaveURL(/status=shipped/);
    await expect(page.getByTestId('manage-order-row').filter({ hasText: buyer.name })).toHaveCount(1);

    // The order's Payment page now says where the parcel is (admins see it as its owner does).
    await page
      .getByTestId('manage-order-row')
      .filter({ hasText: number })
      .getByRole('link', { name: number, exact: true })
      .click();
    await expect(page.getByTestId('tracking-number')).toHaveText('PF123456789GB');
    await page.getByRole('link', { name: 'Payment', exact: true }).click();
    await expect(page.getByTestId('payment-status')).toContainText('Your order is on its way.');
    await expect(page.getByTestId('carrier')).toHaveText('Parcel Force');
    await expect(page.getByTestId('tracking-number')).toHaveText('PF123456789GB');
  });

  test("a customer's review appears on the home page with its rating", async ({ page }) => {
    const reviewer = await createCustomer('Rory Reviewer');
    await signInAs(page, reviewer);
    await page.goto('/dashboard/addreview');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText('Message is Required')).toBeVisible();
    await page.getByLabel('Message').fill('Fast delivery, well packed, and the drives all passed burn-in.');
    await page.getByLabel(/Ratings/).fill('4.75');
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText(toastMessages.reviewAdded)).toBeVisible();

    await page.goto('/');
    const card = page.getByTestId('review-card').filter({ hasText: 'Rory Reviewer' });
    await expect(card).toContainText('burn-in');
    await expect(card.getByRole('img', { name: 'Rated 4.75 out of 5' })).toBeVisible();
    await expect(card.getByTestId('verified-buyer')).toHaveCount(0);
  });
});
