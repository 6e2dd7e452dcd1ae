import { accountMessages, invoiceMessages, toastMessages } from '@store/shared';
import { expect, signInAs, test } from './fixtures';

/**
 * Issue 20, "checkout remembers": the purchase page starts from My Profile's phone and address,
 * else from the customer's last order (the server's answer, not the browser's memory), and a
 * business's company name and VAT number go on the invoices of its orders.
 */
test('checkout starts from the last order, then from My Profile’s defaults; the invoice names the company', async ({
  page,
  customer,
  part,
}) => {
  await signInAs(page, customer);
  const phone = page.getByLabel('Phone', { exact: true });
  const address = page.getByLabel('Address', { exact: true });
  const orderButton = page.getByRole('button', { name: 'Order', exact: true });

  // A first order: nothing to start from.
  await page.goto(`/purchase/${part._id}`);
  await expect(orderButton).toBeEnabled();
  await expect(phone).toHaveValue('');
  await expect(address).toHaveValue('');
  await phone.fill('+1 555 010 7070');
  await address.fill('7 Seventh Avenue, Springfield 40007');
  await orderButton.click();
  await expect(page.getByTestId('order-placed')).toBeVisible();

  // The next one starts from the last order, which the server remembers (the browser keeps none).
  await page.goto(`/purchase/${part._id}`);
  await expect(phone).toHaveValue('+1 555 010 7070');
  await expect(address).toHaveValue('7 Seventh Avenue, Springfield 40007');
  const kept = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(kept).not.toContain('7070');
  // … and the customer can change it.
  await phone.fill('+1 555 010 8080');
  await expect(phone).toHaveValue('+1 555 010 8080');

  // My Profile's defaults, with a company and VAT number, come first.
  await page.goto('/dashboard');
  await page.getByLabel('Default phone').fill('+44 20 7946 0018');
  await page.getByLabel('Default address').fill('4 Dock Road, Portsmouth PO1 3AX');
  await page.getByLabel('Company name (businesses)').fill('Harbour Builds Ltd');
  await page.getByLabel('VAT number (businesses)').fill('x');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Please enter a valid VAT number (2 to 20 letters and digits)')).toBeVisible();
  await page.getByLabel('VAT number (businesses)').fill('GB 123 4567 89');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(accountMessages.profileDefaultsSaved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Company name (businesses)')).toHaveValue('Harbour Builds Ltd');

  await page.goto(`/purchase/${part._id}`);
  await expect(phone).toHaveValue('+44 20 7946 0018');
  await expect(address).toHaveValue('4 Dock Road, Portsmouth PO1 3AX');
  await orderButton.click();
  await expect(page.getByText(toastMessages.orderCompleted)).toBeVisible();
  await expect(page.getByTestId('order-placed')).toBeVisible();

  // The on-screen invoice names the buyer's company and VAT number.
  const orderPath = new URL(page.url()).pathname;
  await page.goto(`${orderPath}/invoice`);
  const buyer = page.getByTestId('invoice-buyer');
  await expect(buyer).toContainText('Harbour Builds Ltd');
  await expect(buyer).toContainText(invoiceMessages.taxId('GB 123 4567 89'));
});
