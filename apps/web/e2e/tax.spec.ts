import { readFile } from 'node:fs/promises';
import {
  billMessages,
  cartCheckoutMessages,
  invoiceMessages,
  orderPageMessages,
  type Part,
  purchaseMessages,
} from '@store/shared';
import { readPdf } from '../../api/test/support/pdf-text';
import { E2E_TAX_RATE, E2E_TAXED_URL } from '../playwright.config';
import { formatPrice } from '../src/lib/format';
import { setServerLine } from './cart-parts';
import { createCustomer, expect, signInAs, test } from './fixtures';

/**
 * Tax in the browser, on the taxed store (playwright.config: TAX_RATE 20, prices
 * before tax; its own database, seeded with the demo catalog): the cart shows net, tax and total,
 * and the order it becomes shows the same three on its page, the print invoice and the PDF.
 * The expected figures are worked out here from the parts' prices, per line and rounded half up
 * (decision 053), not read from the store.
 */
test.use({ baseURL: E2E_TAXED_URL });

/** `amount × rate` rounded half up to the cent, in integers (decision 053). */
const taxOf = (netCents: number) => Math.floor((2 * netCents * E2E_TAX_RATE + 100) / 200);
const money = (cents: number) => formatPrice(cents / 100);
/** The demo part's unit price in cents, as the catalog lists it. */
const cents = (price: number) => Math.round(price * 100);

/** Text that a regular expression matches as it is. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the taxed store shows net, tax and total alike on the cart, the order, the print and the PDF invoice', async ({
  page,
  request,
}) => {
  const customer = await createCustomer('Tamsin Taxpayer', 'tamsin', E2E_TAXED_URL);
  const listed = await request.get('/api/parts?limit=100');
  expect(listed.status()).toBe(200);
  // Two demo parts sold one at a time, well below the bulk discount's 500: no discount applies.
  const parts = ((await listed.json()) as Part[])
    .filter((p) => p.orderMultiple === 1 && p.minOrderQuantity <= 50 && p.availableQuantity >= 100)
    .slice(0, 2);
  expect(parts).toHaveLength(2);
  // One more than the minimum: quantities whose tax needs rounding more often than not.
  const lines = parts.map((part) => {
    const quantity = part.minOrderQuantity + 1;
    const net = cents(part.price) * quantity;
    return { part, quantity, net, tax: taxOf(net) };
  });
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const tax = lines.reduce((sum, line) => sum + line.tax, 0);
  const total = net + tax;
  // The rule is per line: the sum is what the store must show, whatever the total's 20 % is.
  for (const line of lines) await setServerLine(request, customer, line.part._id, line.quantity);

  await signInAs(page, customer);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-net')).toHaveText(money(net));
  await expect(page.getByTestId('cart-tax')).toHaveText(money(tax));
  await expect(page.getByTestId('cart-total')).toHaveText(money(total));

  await page.getByLabel(purchaseMessages.phone, { exact: true }).fill('+44 113 496 0000');
  await page.getByLabel(purchaseMessages.address, { exact: true }).fill('3 Mill Yard, Leeds LS2 7EW');
  await page.getByRole('button', { name: cartCheckoutMessages.placeOrder }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[^/?]+\?placed=1$/);
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('order-net')).toHaveText(money(net));
  await expect(page.getByTestId('order-tax')).toHaveText(money(tax));
  await expect(page.getByRole('row', { name: billMessages.taxAt(E2E_TAX_RATE) })).toBeVisible();
  await expect(page.getByTestId('order-detail-total')).toHaveText(money(total));

  // The invoice to print: the same three.
  await page.getByRole('link', { name: orderPageMessages.invoice, exact: true }).click();
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByTestId('order-net')).toHaveText(money(net));
  await expect(invoice.getByTestId('order-tax')).toHaveText(money(tax));
  await expect(invoice.getByTestId('invoice-total')).toHaveText(money(total));

  // The PDF, read back as a viewer reads it: each label with its amount on its row.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: orderPageMessages.downloadPdf }).click();
  const { text } = await readPdf(await readFile(await (await downloaded).path()));
  for (const [label, amount] of [
    [invoiceMessages.net, net],
    [invoiceMessages.tax(E2E_TAX_RATE), tax],
    [invoiceMessages.total, total],
  ] as const) {
    expect(text).toMatch(new RegExp(`${literally(label)}\\s+${literally(money(amount))}`));
  }
});
