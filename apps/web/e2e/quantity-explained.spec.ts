import type { Page } from '@playwright/test';
import { cartMessages, cartPageMessages, type Part } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { addCartPart } from './cart-parts';
import { expect, signInAs, test } from './fixtures';

/**
 * A quantity that breaks a part's rules (its minimum, its packs, its stock) is explained next to
 * the field on the part page and the purchase page, as in the cart, with the nearest valid
 * quantities one click away.
 */

const PACKED = { minOrderQuantity: 20, orderMultiple: 10, availableQuantity: 5000 };

const offerButton = (page: Page, part: Part, quantity: string) =>
  page.getByRole('button', { name: cartPageMessages.suggestionFor(quantity, part.name), exact: true });

async function expectExplained(page: Page, part: Part, typed: string, reason: string, uses: string[]) {
  const field = page.getByLabel('Quantity', { exact: true });
  await field.fill(typed);
  await expect(page.getByTestId('quantity-problem')).toContainText(reason);
  await expect(field).toHaveAccessibleDescription(new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  for (const quantity of uses) await expect(offerButton(page, part, quantity)).toBeVisible();
}

test('the part page says why 25, 10 or 6,000 of a part in packs of 10 cannot be added, and offers the nearest', async ({
  page,
  request,
  admin,
}) => {
  const part = await addCartPart(request, admin, PACKED);
  await page.goto(`/parts/${part._id}`);
  const field = page.getByLabel('Quantity', { exact: true });
  await expect(field).toHaveValue('20');
  await expect(page.getByTestId('quantity-problem')).toHaveCount(0);

  await expectExplained(page, part, '25', cartMessages.notMultiple(10), ['20', '30']);
  await expect(page.getByTestId('add-to-cart')).toBeDisabled();
  await expectNoAxeViolations(page);
  await offerButton(page, part, '30').click();
  await expect(field).toHaveValue('30');
  await expect(page.getByTestId('quantity-problem')).toHaveCount(0);
  await expect(page.getByTestId('add-to-cart')).toBeEnabled();
  await expect(page.getByTestId('bill-total')).not.toHaveText('—');

  await expectExplained(page, part, '10', cartMessages.belowMinimum(20), ['20']);
  await expectExplained(page, part, '6000', cartMessages.overStock(5000), ['5,000']);
  await offerButton(page, part, '5,000').click();
  await expect(field).toHaveValue('5000');
  await expect(page.getByTestId('add-to-cart')).toBeEnabled();
});

test('the purchase page says why 25 cannot be ordered, and Use 20 makes the order possible', async ({
  page,
  request,
  admin,
  customer,
}) => {
  const part = await addCartPart(request, admin, PACKED);
  await signInAs(page, customer);
  await page.goto(`/purchase/${part._id}?quantity=25`);
  const field = page.getByLabel('Quantity', { exact: true });
  await expect(field).toHaveValue('25');
  const order = page.getByRole('button', { name: 'Order', exact: true });
  await expect(order).toBeDisabled();
  await expect(page.getByTestId('quantity-problem')).toContainText(cartMessages.notMultiple(10));
  await expect(field).toHaveAccessibleDescription(/packs of 10/);
  await expectNoAxeViolations(page);
  await offerButton(page, part, '20').click();
  await expect(field).toHaveValue('20');
  await expect(order).toBeEnabled();
  await expect(page.getByTestId('quantity-problem')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the explanation and its buttons fit 360 px', async ({ page, request, admin }) => {
    const part = await addCartPart(request, admin, PACKED);
    await page.goto(`/parts/${part._id}`);
    await expectExplained(page, part, '25', cartMessages.notMultiple(10), ['20', '30']);
    for (const quantity of ['20', '30']) {
      const button = offerButton(page, part, quantity);
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
