import {
  addToCartMessages,
  cartCheckoutMessages,
  cartMessages,
  cartPageMessages,
  orderLineMessages,
  orderPageMessages,
  purchaseMessages,
} from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { addCartPart, setServerLine } from './cart-parts';
import { createCustomer, expect, placeOrderByApi, test } from './fixtures';
import { signIn } from './helpers';

/**
 * The web cart: a visitor's cart kept in the browser, merged into the account's at
 * sign-in (quantities added), a flagged line fixed with its suggestion, checked out as one order
 * whose invoice lists both lines, then ordered again.
 */
test('a visitor fills a cart, signs in, and the cart merges into the account’s', async ({
  page,
  request,
  customer,
  admin,
  part,
}) => {
  // The whole journey, from a visitor's first line to ordering again: longer than one page's test.
  test.slow();
  const packed = await addCartPart(request, admin, {
    minOrderQuantity: 10,
    orderMultiple: 5,
    availableQuantity: 500,
  });
  // The account already holds 20 of the first part (another device, an earlier visit).
  await setServerLine(request, customer, part._id, 20);
  const cartButton = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Cart(, \d+ lines?)?$/ });

  // A visitor adds 30 of the first part from its page (rendered by the store, an island).
  await page.goto(`/parts/${part._id}`);
  await page.getByLabel('Quantity').fill('30');
  await page.getByRole('button', { name: addToCartMessages.addPart(part.name) }).click();
  await expect(page.getByText(addToCartMessages.added('30', part.name))).toBeVisible();
  await expect(cartButton).toHaveAccessibleName('Cart, 1 line');

  // … and the second part's minimum from the catalog's card.
  await page.goto(`/parts?q=${encodeURIComponent(packed.name)}`);
  await page.getByRole('button', { name: addToCartMessages.addPart(packed.name) }).click();
  await expect(page.getByText(addToCartMessages.added('10', packed.name))).toBeVisible();
  await expect(cartButton).toHaveAccessibleName('Cart, 2 lines');

  // The visitor's cart, priced in the browser; 12 is not whole packs of 5: flagged.
  await cartButton.click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const packedLine = lines.filter({ hasText: packed.name });
  await packedLine.getByLabel(cartPageMessages.quantityOf(packed.name)).fill('12');
  await packedLine.getByLabel(cartPageMessages.quantityOf(packed.name)).press('Enter');
  await expect(packedLine.getByTestId('line-problem')).toContainText(cartMessages.notMultiple(5));
  await expectNoAxeViolations(page);

  // Checking out asks the visitor to sign in, and comes back to the cart, merged.
  await page.getByRole('link', { name: cartPageMessages.signInToCheckout }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, customer.email);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(lines).toHaveCount(2);
  const firstLine = lines.filter({ hasText: part.name });
  await expect(firstLine.getByLabel(cartPageMessages.quantityOf(part.name))).toHaveValue('50');
  await expect(packedLine.getByLabel(cartPageMessages.quantityOf(packed.name))).toHaveValue('12');
  await expect(page.evaluate(() => localStorage.getItem('visitorCart'))).resolves.toBeNull();

  // The flagged line is fixed with its suggestion, on the server.
  await packedLine.getByRole('button', { name: cartPageMessages.suggestionFor('10', packed.name) }).click();
  await expect(packedLine.getByLabel(cartPageMessages.quantityOf(packed.name))).toHaveValue('10');
  await expect(packedLine.getByTestId('line-problem')).toHaveCount(0);
  await expect(cartButton).toHaveAccessibleName('Cart, 2 lines');
  await expectNoAxeViolations(page);

  // Reloading (the server's cart, not the browser's) shows the same, and nothing was added twice.
  await page.reload();
  await expect(firstLine.getByLabel(cartPageMessages.quantityOf(part.name))).toHaveValue('50');
  await expect(page.getByTestId('cart-units')).toHaveText('60');

  // Checking out: one order of both lines, with the buyer's PO reference, then its confirmation.
  await page.getByLabel(purchaseMessages.phone, { exact: true }).fill('+1 555 010 4242');
  await page.getByLabel(purchaseMessages.address, { exact: true }).fill('42 Bench Street, Springfield 40042');
  await page.getByLabel(cartCheckoutMessages.poReference).fill('PO-2026-0042');
  await page.getByRole('button', { name: cartCheckoutMessages.placeOrder }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[^/?]+\?placed=1$/);
  await expect(page.getByTestId('order-placed')).toBeVisible();
  await expect(cartButton).toHaveAccessibleName('Cart, 0 lines');
  const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
  const placed = await request.get(`/api/order/${orderId}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  const { order } = (await placed.json()) as {
    order: { lines: { partId: string; productQuantity: number }[]; poReference: string };
  };
  expect(order.poReference).toBe('PO-2026-0042');
  expect(order.lines.map((line) => [line.partId, line.productQuantity])).toEqual([
    [part._id, 50],
    [packed._id, 10],
  ]);

  // The confirmation lists both lines; so do the invoice on screen and its PDF.
  await expect(page.getByTestId('order-line')).toHaveCount(2);
  await expect(page.getByTestId('po-reference')).toHaveText('PO-2026-0042');
  await page.getByRole('link', { name: orderPageMessages.invoice, exact: true }).click();
  await expect(page.getByTestId('invoice').getByTestId('order-line')).toHaveCount(2);
  const pdf = page.waitForResponse((r) => r.url().endsWith('/invoice.pdf'));
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: orderPageMessages.downloadPdf }).click();
  expect((await pdf).status()).toBe(200);
  expect((await downloaded).suggestedFilename()).toMatch(/\.pdf$/);

  // Ordering again puts both lines back in the emptied cart.
  await page.getByRole('link', { name: orderPageMessages.backToOrder }).click();
  await page.getByRole('button', { name: orderLineMessages.orderAgain }).click();
  await expect(page.getByTestId('order-again-summary')).toHaveText(orderLineMessages.reorderSummary(2, 2));
  await expect(cartButton).toHaveAccessibleName('Cart, 2 lines');
  await page.getByRole('link', { name: orderLineMessages.goToCart }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(firstLine.getByLabel(cartPageMessages.quantityOf(part.name))).toHaveValue('50');
  await expect(packedLine.getByLabel(cartPageMessages.quantityOf(packed.name))).toHaveValue('10');
});

test('the cart steps by the pack, removes a line and empties', async ({ page, request, customer, admin }) => {
  const packed = await addCartPart(request, admin, {
    minOrderQuantity: 10,
    orderMultiple: 5,
    availableQuantity: 500,
  });
  const other = await addCartPart(request, admin, {
    minOrderQuantity: 1,
    orderMultiple: 1,
    availableQuantity: 50,
  });
  await setServerLine(request, customer, packed._id, 10);
  await setServerLine(request, customer, other._id, 3);
  await page.addInitScript((token) => localStorage.setItem('accessToken', token), customer.token);

  await page.goto('/cart');
  const packedLine = page.getByTestId('cart-line').filter({ hasText: packed.name });
  const quantity = packedLine.getByLabel(cartPageMessages.quantityOf(packed.name));
  await expect(quantity).toHaveValue('10');
  await packedLine.getByRole('button', { name: cartPageMessages.increase(packed.name) }).click();
  await expect(quantity).toHaveValue('15');
  await expect(page.getByTestId('cart-announcement')).toHaveText(cartPageMessages.updated(packed.name, '15'));

  await page.getByRole('button', { name: cartPageMessages.removePart(other.name) }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  await page.getByRole('button', { name: cartPageMessages.emptyCart }).click();
  await page.getByRole('dialog').getByRole('button', { name: cartPageMessages.emptyCart }).click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await expect(
    page.getByTestId('cart-empty').getByRole('link', { name: cartPageMessages.toQuickOrder }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 lines' })).toBeVisible();
});

test('stock gone while checking out: nothing is ordered, the line says what is left and is fixed in one click', async ({
  page,
  request,
  customer,
  admin,
}) => {
  const scarce = await addCartPart(request, admin, {
    minOrderQuantity: 1,
    orderMultiple: 1,
    availableQuantity: 50,
  });
  await setServerLine(request, customer, scarce._id, 40);
  await page.addInitScript((token) => localStorage.setItem('accessToken', token), customer.token);
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: scarce.name });
  await expect(line.getByLabel(cartPageMessages.quantityOf(scarce.name))).toHaveValue('40');
  await expect(line.getByTestId('line-problem')).toHaveCount(0);

  // Someone else buys 20 while the page is open: 30 are left.
  const rival = await createCustomer('Rita Rival');
  await placeOrderByApi(request, rival, { partId: scarce._id, productQuantity: 20 });

  await page.getByLabel(purchaseMessages.phone, { exact: true }).fill('+1 555 010 4343');
  await page.getByLabel(purchaseMessages.address, { exact: true }).fill('43 Bench Street, Springfield 40043');
  await page.getByRole('button', { name: cartCheckoutMessages.placeOrder }).click();
  await expect(page.getByTestId('checkout-refused')).toBeVisible();
  await expect(line.getByTestId('line-problem')).toContainText(cartMessages.overStock(30));
  await expect(page).toHaveURL(/\/cart$/);
  const mine = await request.get(`/api/myorder?email=${encodeURIComponent(customer.email)}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(await mine.json()).toEqual([]);
  // Place order waits for the line, and says why to a screen reader.
  const placeOrder = page.getByRole('button', { name: cartCheckoutMessages.placeOrder });
  await expect(placeOrder).toBeDisabled();
  await expect(placeOrder).toHaveAccessibleDescription(cartPageMessages.fixProblems);

  await line.getByRole('button', { name: cartPageMessages.suggestionFor('30', scarce.name) }).click();
  await expect(line.getByTestId('line-problem')).toHaveCount(0);
  await expect(placeOrder).not.toHaveAttribute('aria-describedby');
  await page.getByRole('button', { name: cartCheckoutMessages.placeOrder }).click();
  await expect(page.getByTestId('order-placed')).toBeVisible();
});
