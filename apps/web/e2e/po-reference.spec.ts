import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  cartCheckoutMessages,
  myOrderExportColumns,
  orderLineMessages,
  orderPageMessages,
} from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * The buyer's PO reference from the one-part purchase page to the order, My Orders (a column;
 * on phones part of each row's card), the customer's own CSV and the desk's search; and My
 * Orders offers Payment only where there is something to pay.
 */

test('a PO given on the purchase page is on the order, in My Orders, in the customer’s CSV and found on the desk', async ({
  page,
  customer,
  admin,
  part,
}) => {
  // Placing, listing, downloading and searching: more than one page's test.
  test.slow();
  const po = `PO-A-1${randomUUID().slice(0, 6).toUpperCase()}`;
  // An order cancelled since: nothing to pay.
  const cancelled = await placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 10 });
  const cancel = await page.request.delete(`/api/order/${cancelled._id}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);

  await signInAs(page, customer);
  await page.goto(`/purchase/${part._id}`);
  await page.getByLabel('Phone').fill('+1 555 010 2030');
  await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
  const poField = page.getByLabel(cartCheckoutMessages.poReference);
  await expect(poField).toHaveAttribute('maxlength', '40');
  await poField.fill(po);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Order', exact: true }).click();

  // The confirmation shows the reference, as the server stored it.
  await expect(page).toHaveURL(/\/dashboard\/orders\/[^/?]+\?placed=1$/);
  await expect(page.getByTestId('po-reference')).toHaveText(po);
  const thanks = page.getByRole('heading', { name: /^Thank you — your order PD-\d+ is placed$/ });
  const number = /PD-\d+/.exec((await thanks.textContent()) ?? '')?.[0] ?? '';
  expect(number).not.toBe('');

  // My Orders: a PO column; Payment on the unpaid order only.
  await page.goto('/dashboard/myorders');
  const table = page.getByRole('table', { name: orderPageMessages.yourOrdersCaption });
  await expect(table.getByRole('columnheader', { name: orderLineMessages.poReference })).toHaveCount(1);
  const placedRow = page.getByTestId('order-row').filter({ hasText: number });
  await expect(placedRow.getByTestId('order-row-po')).toHaveText(po);
  await expect(placedRow.getByRole('link', { name: `Payment for ${number}` })).toBeVisible();
  const cancelledRow = page.getByTestId('order-row').filter({ hasText: cancelled.number });
  await expect(cancelledRow).toContainText('Cancelled');
  await expect(cancelledRow.getByTestId('order-row-po')).toHaveText(orderLineMessages.noPoReference);
  await expect(cancelledRow.getByRole('link', { name: /^Payment/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Export CSV: the customer's own orders, one row per line, with the PO.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: orderPageMessages.exportCsv }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^my-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trim().split(/\r\n/);
  expect(lines[0]).toBe(Object.values(myOrderExportColumns).join(','));
  expect(lines).toHaveLength(3);
  const placedLine = lines.find((line) => line.startsWith(`${number},`)) ?? '';
  expect(placedLine).toContain(`,Unpaid,Awaiting payment,${po},${part.sku},`);
  expect(lines.some((line) => line.startsWith(`${cancelled.number},`))).toBe(true);

  // The desk finds the order by its PO reference, in any case and by its beginning.
  await signInAs(page, admin);
  await page.goto('/dashboard/manageorders');
  await page.getByLabel('Search orders by number, e-mail or PO reference').fill(po.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const deskRows = page.getByTestId('manage-order-row');
  await expect(deskRows).toHaveCount(1);
  await expect(deskRows.first()).toContainText(number);
  await expect(deskRows.first().getByTestId('order-row-po')).toHaveText(orderLineMessages.poReferenceOf(po));
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('My Orders shows the PO as part of each row’s card', async ({ page, customer, part }) => {
    const po = `PO-A-1${randomUUID().slice(0, 6).toUpperCase()}`;
    const res = await page.request.post('/api/order', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: {
        partId: part._id,
        productQuantity: 10,
        phone: '+1 555 010 2030',
        address: '12 Harbour Street, Springfield 40001',
        poReference: po,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await signInAs(page, customer);
    await page.goto('/dashboard/myorders');
    const cell = page.getByTestId('order-row').first().getByTestId('order-row-po');
    await expect(cell).toHaveText(po);
    await expect(cell).toHaveAttribute('data-label', orderLineMessages.poReference);
    await expect(cell).toBeVisible();
    const box = await page.getByTestId('order-row').first().boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.getByRole('button', { name: orderPageMessages.exportCsv })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
