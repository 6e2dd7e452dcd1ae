import { expect, type Page, test } from '@playwright/test';
import { confirmMessages, type Part, toastMessages } from '@store/shared';
import { E2E_ADMIN_EMAIL } from '../playwright.config';
import { registerUser, signInAsAdmin, signOut, uniqueEmail } from './helpers';

const available = (page: Page) => page.getByTestId('available-quantity');
const grouped = (n: number) => n.toLocaleString('en-US');

async function fillDelivery(page: Page) {
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
}

test.describe('ordering', () => {
  test('order a part, see the stock drop, cancel it in My Orders and see it come back', async ({
    page,
    request,
  }) => {
    const [part] = (await (await request.get('/api/parts?sort=newest&limit=1')).json()) as Part[];
    if (!part) throw new Error('no part');
    await registerUser(page, 'Olga Orderer', uniqueEmail('order'));

    await page.goto('/');
    await page.getByRole('link', { name: `Purchase ${part.name}` }).click();
    await expect(page.getByRole('heading', { name: part.name, level: 1 })).toBeVisible();
    const before = Number((await available(page).textContent())?.replace(/,/g, ''));
    await expect(page.getByLabel('Name')).toHaveValue('Olga Orderer');

    const quantity = page.getByLabel('Quantity');
    const orderButton = page.getByRole('button', { name: 'Order', exact: true });
    await expect(quantity).toHaveValue(String(part.minOrderQuantity));
    await expect(orderButton).toBeEnabled();
    await quantity.fill(String(part.minOrderQuantity - 1));
    await expect(orderButton).toBeDisabled();
    await quantity.fill(String(before + 1));
    await expect(orderButton).toBeDisabled();
    await quantity.fill('');
    await expect(orderButton).toBeDisabled();
    await quantity.fill(String(part.minOrderQuantity));
    await expect(orderButton).toBeEnabled();

    await fillDelivery(page);
    await orderButton.click();
    await expect(page.getByText(toastMessages.orderCompleted)).toBeVisible();
    await expect(available(page)).toHaveText(grouped(before - part.minOrderQuantity));

    await page.goto('/dashboard/myorders');
    const row = page.getByTestId('order-row').filter({ hasText: part.name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(page.getByRole('dialog')).toContainText(confirmMessages.cancelOrder);
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('order-row')).toHaveCount(0);

    await page.goto(`/purchase/${part._id}`);
    await expect(available(page)).toHaveText(grouped(before));
  });

  test('the purchase page shows the bulk discount before ordering', async ({ page, request }) => {
    const parts = (await (await request.get('/api/parts?limit=100')).json()) as Part[];
    const bulk = parts.find((p) => p.bulkDiscount && p.availableQuantity >= 1000);
    if (!bulk) throw new Error('no bulk part in the demo catalog');
    await registerUser(page, 'Bulk Buyer', uniqueEmail('bulk'));
    await page.goto(`/purchase/${bulk._id}`);
    await page.getByLabel('Quantity').fill('1000');
    await expect(page.getByText('Bulk discount (10%)')).toBeVisible();
    const total = Math.round(bulk.price * 100) * 1000 * 0.9;
    await expect(page.getByTestId('order-total')).toHaveText(
      `$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
  });

  test('an admin marks an order paid, then shipped', async ({ page, request }) => {
    const [part] = (await (await request.get('/api/parts?sort=newest&limit=1')).json()) as Part[];
    if (!part) throw new Error('no part');
    const buyer = 'Paula Payer';
    await registerUser(page, buyer, uniqueEmail('pay'));
    await page.goto(`/purchase/${part._id}`);
    await fillDelivery(page);
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await expect(page.getByText(toastMessages.orderCompleted)).toBeVisible();
    await signOut(page);

    await signInAsAdmin(page, E2E_ADMIN_EMAIL);
    await page.goto('/dashboard/manageorders');
    const row = page.getByTestId('manage-order-row').filter({ hasText: buyer });
    await row.getByRole('button', { name: 'UnPaid' }).click();
    await expect(row.getByRole('button', { name: 'Paid · Mark shipped' })).toBeVisible();
    await row.getByRole('button', { name: 'Paid · Mark shipped' }).click();
    await expect(row.getByText('Shipped')).toBeVisible();

    await page.getByLabel('Status').selectOption('shipped');
    await expect(page).toHaveURL(/status=shipped/);
    await expect(page.getByTestId('manage-order-row').filter({ hasText: buyer })).toHaveCount(1);
  });

  test("a customer's review appears on the home page with its rating", async ({ page }) => {
    await registerUser(page, 'Rory Reviewer', uniqueEmail('review'));
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
