import {
  apiMessages,
  DEFAULT_MONEY_PATTERN,
  creditLimitMessages as m,
  validationMessages,
} from '@store/shared';
import { E2E_CONTACT } from '../playwright.config';
import { expectNoAxeViolations } from './axe';
import { createCustomer, expect, signInAs, test } from './fixtures';

/**
 * An admin edits a customer's credit limit on the Users page, by keyboard,
 * and the purchase page shows the store's refusal of an order above it.
 */
test.describe('credit limits', () => {
  test('an admin lowers a credit limit by keyboard; the customer is told why the order is refused', async ({
    page,
    browser,
    admin,
    part,
  }) => {
    // Users are listed by e-mail, 20 a page: 'a-' sorts before every other test's address.
    const customer = await createCustomer('Cody Credit', 'a-credit');
    await signInAs(page, admin);
    await page.goto('/dashboard/users');
    const row = page.getByTestId('user-row').filter({ hasText: customer.email });
    await expect(row.getByTestId('credit-limit')).toHaveText(`£25,000.00 ${m.defaultNote}`);

    // Open by keyboard: the amount takes the focus.
    const edit = row.getByRole('button', { name: m.edit(customer.email) });
    await edit.focus();
    await page.keyboard.press('Enter');
    const amount = page.getByLabel(m.label(customer.email, 'GBP'));
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue('25000.00');
    await expectNoAxeViolations(page);

    // Escape cancels, and the focus returns to Edit.
    await page.keyboard.press('Escape');
    await expect(amount).toHaveCount(0);
    await expect(edit).toBeFocused();

    await page.keyboard.press('Enter');
    await amount.fill('ten dollars');
    await page.keyboard.press('Enter');
    await expect(row.getByRole('alert')).toHaveText(validationMessages.creditLimitNumber);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');

    await amount.fill('10');
    await page.keyboard.press('Enter');
    await expect(page.getByText(m.saved(customer.email, '£10.00'))).toBeVisible();
    await expect(row.getByTestId('credit-limit')).toHaveText('£10.00');
    await expect(edit).toBeFocused();

    // The customer orders 10 × £2.50 = £25.00: this order alone is above £10.00, refused so.
    const shop = await browser.newContext();
    try {
      const buyer = await shop.newPage();
      await signInAs(buyer, customer);
      await buyer.goto(`/purchase/${part._id}`);
      await buyer.getByLabel('Phone').fill('+1 555 010 2030');
      await buyer.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
      await buyer.getByRole('button', { name: 'Order', exact: true }).click();
      await expect(
        buyer.getByText(apiMessages.orderAloneOverLimit(2500, 1000, DEFAULT_MONEY_PATTERN, E2E_CONTACT)),
      ).toBeVisible();
    } finally {
      await shop.close();
    }

    // Back to the default.
    await edit.click();
    await row.getByRole('button', { name: m.useDefault }).click();
    await expect(row.getByTestId('credit-limit')).toHaveText(`£25,000.00 ${m.defaultNote}`);
  });
});
