import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * Fulfilment in the browser: a customer's order from the Order click to the invoice PDF, and the
 * admin's desk from finding an order to marking it paid and undoing it, each move confirmed.
 */

async function fillDelivery(page: Page) {
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
}

test('a customer orders, lands on the confirmation with the number, opens the order and downloads the invoice', async ({
  page,
  customer,
  part,
}) => {
  await signInAs(page, customer);
  await page.goto(`/purchase/${part._id}`);
  await fillDelivery(page);
  await page.getByRole('button', { name: 'Order', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/orders\/[^/?]+\?placed=1$/);
  const thanks = page.getByRole('heading', { name: /^Thank you — your order PD-\d+ is placed$/ });
  await expect(thanks).toBeVisible();
  // Screen readers land on the news.
  await expect(thanks).toBeFocused();
  const number = /PD-\d+/.exec((await thanks.textContent()) ?? '')?.[0] ?? '';
  // The fixture's part: at least 10 at £2.50.
  await expect(page.getByTestId('placed-total')).toHaveText('£25.00');
  await expect(page.getByTestId('payment-status')).toContainText(`Quote your order number ${number}`);
  await expect(page.getByTestId('payment-status')).toContainText('bank transfer');

  // The order from My Orders, by its number: no confirmation this time.
  await page.goto('/dashboard/myorders');
  const row = page.getByTestId('order-row').filter({ hasText: number });
  await expect(row).toContainText(part.name);
  await row.getByRole('link', { name: number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId('order-placed')).toHaveCount(0);
  await expect(page.getByTestId('order-phone')).toHaveText('+1 555 010 2030');
  await expect(page.getByTestId('order-event')).toHaveCount(1);
  await expect(page.getByTestId('order-event')).toContainText(customer.email);

  // The PDF comes with the token, as a download.
  const answered = page.waitForResponse((r) => r.url().endsWith('/invoice.pdf'));
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF invoice' }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The print view: on paper, the invoice alone.
  await page.getByRole('link', { name: 'Invoice', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText('£25.00');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('invoice')).toBeVisible();
});

test('an admin opens an order from Manage Orders, marks it paid after a confirmation and undoes it', async ({
  page,
  admin,
  customer,
  part,
}) => {
  const address = `${part._id.slice(0, 8)} Quay Road, Harbourtown 40002`;
  const order = await placeOrderByApi(page.request, customer, {
    partId: part._id,
    productQuantity: 20,
    phone: '+44 20 7946 0958',
    address,
  });

  await signInAs(page, admin);
  await page.goto('/dashboard/manageorders');
  await page.getByLabel('Search orders by number, e-mail or PO reference').fill(order.number);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${order.number}`));
  const row = page.getByTestId('manage-order-row').filter({ hasText: order.number });
  await expect(row).toContainText(customer.email);
  await row.getByRole('link', { name: order.number, exact: true }).click();

  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('order-phone')).toHaveText('+44 20 7946 0958');
  await expect(page.getByTestId('order-address')).toHaveText(address);

  const dialog = page.getByRole('dialog');
  const markPaid = page.getByRole('button', { name: `Mark as paid ${order.number}` });
  // Escape changes nothing and gives focus back.
  await markPaid.click();
  await expect(dialog.getByRole('heading')).toHaveText(`Mark order ${order.number} as paid?`);
  await expect(dialog.getByRole('button', { name: 'Go back' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(markPaid).toBeFocused();
  await expect(page.getByTestId('order-status').first()).toHaveText('Unpaid');

  await markPaid.click();
  await dialog.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Order ${order.number} is now marked as paid.` }),
  ).toHaveCount(1);
  await expect(page.getByTestId('order-status').first()).toHaveText('Paid');

  await page.getByRole('button', { name: `Mark as unpaid ${order.number}` }).click();
  await expect(dialog.getByRole('heading')).toContainText(`Mark order ${order.number} as unpaid?`);
  await dialog.getByRole('button', { name: 'Mark as unpaid' }).click();
  await expect(page.getByTestId('order-status').first()).toHaveText('Unpaid');

  // The history: placed by the customer, both moves by the admin.
  const history = page.getByTestId('order-event');
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText('Unpaid');
  await expect(history.nth(0)).toContainText(customer.email);
  await expect(history.nth(1)).toContainText('Paid');
  await expect(history.nth(1)).toContainText(admin.email);
  await expect(history.nth(2)).toContainText('Unpaid');
  await expect(history.nth(2)).toContainText(admin.email);
});

test('an admin reads the e-mails a trial store would send, and exports the orders as CSV', async ({
  page,
  admin,
  customer,
  part,
}) => {
  const order = await placeOrderByApi(page.request, customer, {
    partId: part._id,
    productQuantity: 20,
    phone: '+1 555 010 7788',
    address: '23 Formula Lane, Springfield',
  });

  // The e2e store has no SMTP_URL: the confirmation is written to the outbox (a job, so it may
  // take a poll or two to appear).
  await signInAs(page, admin);
  const subject = `Your order ${order.number} is confirmed`;
  await expect(async () => {
    await page.goto('/dashboard/outbox');
    await expect(page.getByTestId('outbox-row').filter({ hasText: subject })).toHaveCount(1, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  const row = page.getByTestId('outbox-row').filter({ hasText: subject });
  await expect(row).toContainText(customer.email);
  await row.getByText(subject).click();
  await expect(row).toContainText(order.number);

  // The CSV: what the desk shows, for a spreadsheet, with a cell that a spreadsheet would read as a formula (the phone's +) made inert.
  await page.goto(`/dashboard/manageorders?q=${order.number}`);
  await expect(page.getByTestId('manage-order-row')).toHaveCount(1);
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(order.number);
  expect(lines[1]).toContain(customer.email);
  expect(lines[1]).toContain("'+1 555 010 7788");
});
