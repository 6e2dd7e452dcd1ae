import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import type { Order, Part } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { type Account, expect, signInAs, test } from './fixtures';

/**
 * Order lines on the web: a two-line order placed through POST /api/checkout shows each
 * line (SKU, part, unit price, quantity, discount, line total), its totals and its PO reference
 * on its page, its Payment page and its invoice, which prints the lines' header on every sheet
 * without splitting a line; My Orders and the desk say 'first part and 1 more' and count lines.
 */

const PO = 'PO-2026-0042';

/** A second part beside the fixture's: £4.00 each, at least 20, no bulk discount. */
async function addPart(request: APIRequestContext, admin: Account): Promise<Part> {
  const sku = `E2E-${randomUUID().slice(0, 8)}`;
  const res = await request.post('/api/addproduct', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: `E2E Second part ${sku}`,
      sku,
      price: 4,
      availableQuantity: 500,
      minOrderQuantity: 20,
      bulkDiscount: false,
      description: 'The second line of an end-to-end test’s order, so that the order has more than one part.',
      img: '/media/parts/nexa-airstream-140-fan.svg',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { insertedId } = (await res.json()) as { insertedId: string };
  return (await (await request.get(`/api/part/${insertedId}`)).json()) as Part;
}

/**
 * 600 of the fixture's part (£2.50, 5% off per full 500 units: £1,500.00 less £75.00) and 20 of
 * the second (£80.00): £1,505.00 in all.
 */
async function placeTwoLineOrder(
  request: APIRequestContext,
  buyer: Account,
  first: Part,
  second: Part,
): Promise<Order> {
  const res = await request.post('/api/checkout', {
    headers: { authorization: `Bearer ${buyer.token}`, 'idempotency-key': randomUUID() },
    data: {
      phone: '+1 555 010 2030',
      address: '12 Harbour Street, Springfield 40001',
      poReference: PO,
      lines: [
        { partId: first._id, quantity: 600 },
        { partId: second._id, quantity: 20 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** The lines table shows both lines, in order, with their figures, and the order's totals. */
async function expectBothLines(table: Locator, first: Part, second: Part, total: Locator) {
  const lines = table.getByTestId('order-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByRole('rowheader')).toHaveText(first.name);
  await expect(lines.nth(0)).toContainText('£2.50');
  await expect(lines.nth(0).getByTestId('order-line-quantity')).toHaveText('600');
  await expect(lines.nth(0)).toContainText('£75.00 (5%)');
  await expect(lines.nth(0)).toContainText('£1,425.00');
  await expect(lines.nth(1).getByRole('rowheader')).toHaveText(second.name);
  await expect(lines.nth(1).getByTestId('order-line-sku')).toHaveText(/^E2E-/);
  await expect(lines.nth(1)).toContainText('£80.00');
  await expect(total).toHaveText('£1,505.00');
  // Named by its caption, its columns by their headers.
  await expect(table.getByRole('columnheader', { name: 'SKU' })).toHaveCount(1);
  await expect(table.locator('caption')).toHaveText(/^The parts of this order/);
}

test('a two-line order shows its lines, totals and PO reference on its pages, its invoice and in the lists', async ({
  page,
  customer,
  admin,
  part,
  request,
}) => {
  const second = await addPart(request, admin);
  const order = await placeTwoLineOrder(request, customer, part, second);
  expect(order.lineCount).toBe(2);
  expect(order.productName).toBe(`${part.name} and 1 more`);

  await signInAs(page, customer);
  await page.goto('/dashboard/myorders');
  const row = page.getByTestId('order-row').filter({ hasText: order.number });
  await expect(row).toContainText(`${part.name} and 1 more`);
  await expect(row.getByTestId('order-row-lines')).toHaveText('2 lines');

  await row.getByRole('link', { name: order.number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByTestId('order-line-count')).toHaveText('2 lines');
  await expect(page.getByTestId('po-reference')).toHaveText(PO);
  await expectBothLines(
    page.getByRole('table', { name: /^The parts of this order/ }),
    part,
    second,
    page.getByTestId('order-detail-total'),
  );
  await expect(page.getByTestId('order-line-sku').first()).toHaveText(order.lines[0]?.sku ?? '');
  await expectNoAxeViolations(page);

  await page.goto(`/dashboard/payment/${order._id}`);
  await expectBothLines(page.getByRole('table'), part, second, page.getByTestId('payment-total'));
  await expect(page.getByTestId('po-reference')).toHaveText(PO);

  await page.goto(`/dashboard/orders/${order._id}/invoice`);
  const invoice = page.getByTestId('invoice');
  await expectBothLines(invoice.getByRole('table'), part, second, page.getByTestId('invoice-total'));
  await expect(invoice.getByTestId('po-reference')).toHaveText(PO);
  await expectNoAxeViolations(page);

  // On paper a long order goes on over sheets: the header on each, no line cut in two.
  await page.emulateMedia({ media: 'print' });
  const table = invoice.locator('table');
  await expect(table.locator('thead')).toHaveCSS('display', 'table-header-group');
  await expect(table.getByTestId('order-line').first()).toHaveCSS('break-inside', 'avoid');
  await expect(table.locator('tfoot')).toHaveCSS('display', 'table-row-group');
  await page.emulateMedia({ media: 'screen' });

  // The desk: the same words and count in the list, the lines in the order's page.
  await signInAs(page, admin);
  await page.goto(`/dashboard/manageorders?q=${order.number}`);
  const deskRow = page.getByTestId('manage-order-row').filter({ hasText: order.number });
  await expect(deskRow).toContainText(`${part.name} and 1 more`);
  await expect(deskRow.getByTestId('order-row-lines')).toHaveText('2 lines');
  await deskRow.getByRole('link', { name: order.number, exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  await expectBothLines(
    page.getByRole('table', { name: /^The parts of this order/ }),
    part,
    second,
    page.getByTestId('order-detail-total'),
  );
  // The customer's order is not the admin's to order again: the cart would be the admin's.
  await expect(page.getByRole('button', { name: 'Order again' })).toHaveCount(0);
});

test('Order again puts the order’s lines in the cart at today’s prices, and says which could not go', async ({
  page,
  customer,
  admin,
  part,
  request,
}) => {
  const second = await addPart(request, admin);
  const order = await placeTwoLineOrder(request, customer, part, second);
  // Since deleted: its line cannot go back in the cart.
  const deleted = await request.delete(`/api/deleteparts/${second._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);

  await signInAs(page, customer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page.getByTestId('order-again-summary')).toHaveText(
    '1 of 2 lines added to your cart at today’s prices; the other one could not be added.',
  );
  await expect(page.getByRole('status').filter({ hasText: '1 of 2 lines added' })).toHaveCount(1);
  // The top bar's cart counts the line at once.
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const rows = page.getByTestId('order-again-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(order.lines[0]?.sku ?? '');
  await expect(rows.nth(0)).toContainText('Added');
  await expect(rows.nth(1)).toContainText(order.lines[1]?.sku ?? '');
  await expect(rows.nth(1)).toContainText('Not added This part is no longer available.');
  await expectNoAxeViolations(page);

  const cart = await request.get('/api/cart', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(cart.status()).toBe(200);
  const { lines } = (await cart.json()) as { lines: { partId: string; quantity: number }[] };
  expect(lines.map(({ partId, quantity }) => ({ partId, quantity }))).toEqual([
    { partId: part._id, quantity: 600 },
  ]);

  await page.getByRole('link', { name: 'Go to your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('each line is a card of labelled figures that fits the screen', async ({
    page,
    customer,
    admin,
    part,
    request,
  }) => {
    const second = await addPart(request, admin);
    const order = await placeTwoLineOrder(request, customer, part, second);
    await signInAs(page, customer);
    await page.goto(`/dashboard/orders/${order._id}`);
    const line = page.getByTestId('order-line').first();
    await expect(line.getByTestId('order-line-quantity')).toHaveAttribute('data-label', 'Quantity');
    const box = await line.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
