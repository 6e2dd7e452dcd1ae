import type { Page } from '@playwright/test';
import {
  apiMessages,
  cartCheckoutMessages,
  cartPageMessages,
  contactUs,
  DEFAULT_MONEY_PATTERN,
  purchaseMessages,
} from '@store/shared';
import { E2E_CONTACT } from '../playwright.config';
import { expectNoAxeViolations } from './axe';
import { addCartPart, setServerLine } from './cart-parts';
import { createCustomer, expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * The credit limit before and at checkout: the cart shows the customer's limit (MAX_UNPAID_TOTAL,
 * £25,000.00 here) and what their unpaid orders hold of it, and warns before checking out when
 * the cart would take them over it; the refusal then says what applies to them, and names the
 * store's e-mail (a mailto link) and phone (STORE_EMAIL, STORE_PHONE: playwright.config).
 */
const contact = contactUs(E2E_CONTACT);

async function checkOut(page: Page) {
  await page.getByLabel(purchaseMessages.phone, { exact: true }).fill('+44 20 7946 0018');
  await page.getByLabel(purchaseMessages.address, { exact: true }).fill('4 Dock Road, Portsmouth PO1 3AX');
  await page.getByRole('button', { name: cartCheckoutMessages.placeOrder }).click();
}

test('a new customer’s cart above the limit is flagged, and checking out says this order alone is above it', async ({
  page,
  request,
  admin,
}) => {
  const buyer = await createCustomer('Fern First', 'first-buyer');
  // £1,892.51 a unit: 60 of them are £113,550.60, a first order above £25,000.00 on its own.
  const server = await addCartPart(request, admin, {
    minOrderQuantity: 1,
    orderMultiple: 1,
    availableQuantity: 100,
    price: 1892.51,
  });
  await setServerLine(request, buyer, server._id, 60);
  await signInAs(page, buyer);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('£113,550.60');

  const credit = page.getByTestId('cart-credit');
  await expect(credit).toContainText(cartPageMessages.creditLimit('£25,000.00', '£0.00'));
  const warning = page.getByTestId('cart-credit-warning');
  await expect(warning).toHaveText(cartPageMessages.cartAloneOverLimit('£113,550.60', '£25,000.00', contact));
  await expect(warning.getByRole('link', { name: E2E_CONTACT.email })).toHaveAttribute(
    'href',
    `mailto:${E2E_CONTACT.email}`,
  );
  await expectNoAxeViolations(page);

  // The button stays: the store judges the order, and says why it is refused.
  await checkOut(page);
  const refused = page.getByTestId('checkout-refused');
  await expect(refused).toHaveText(
    apiMessages.orderAloneOverLimit(11_355_060, 2_500_000, DEFAULT_MONEY_PATTERN, E2E_CONTACT),
  );
  await expect(refused).toContainText('This order alone comes to £113,550.60');
  await expect(refused).toContainText(E2E_CONTACT.phone);
  await expect(refused).not.toContainText('pay for or cancel');
  await expect(refused.getByRole('link', { name: E2E_CONTACT.email })).toHaveAttribute(
    'href',
    `mailto:${E2E_CONTACT.email}`,
  );
  await expect(page).toHaveURL(/\/cart$/);
  await expectNoAxeViolations(page);

  // On a phone the warning and the refusal wrap within the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(warning).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('a cart that takes unpaid orders over the limit is flagged as it grows, and checking out says to pay one first', async ({
  page,
  request,
  admin,
}) => {
  const buyer = await createCustomer('Gil Growing', 'growing-buyer');
  const cable = await addCartPart(request, admin, {
    minOrderQuantity: 1,
    orderMultiple: 1,
    availableQuantity: 1000,
    price: 100,
  });
  // £20,000.00 unpaid already; the cart starts at £1,000.00, within what is left.
  await placeOrderByApi(request, buyer, { partId: cable._id, productQuantity: 200 });
  await setServerLine(request, buyer, cable._id, 10);
  await signInAs(page, buyer);
  await page.goto('/cart');

  await expect(page.getByTestId('cart-credit')).toContainText(
    cartPageMessages.creditLimit('£25,000.00', '£20,000.00'),
  );
  const warning = page.getByTestId('cart-credit-warning');
  await expect(warning).toHaveCount(0);

  // £10,000.00 on its own fits; with the £20,000.00 unpaid it does not.
  const quantity = page.getByLabel(cartPageMessages.quantityOf(cable.name));
  await quantity.fill('100');
  await quantity.press('Enter');
  await expect(page.getByTestId('cart-total')).toHaveText('£10,000.00');
  await expect(warning).toHaveText(cartPageMessages.cartOverLimit('£30,000.00', '£25,000.00', contact));
  await expectNoAxeViolations(page);

  await checkOut(page);
  await expect(page.getByTestId('checkout-refused')).toHaveText(
    apiMessages.unpaidTotalTooHigh(3_000_000, 2_500_000, DEFAULT_MONEY_PATTERN, E2E_CONTACT),
  );
});
