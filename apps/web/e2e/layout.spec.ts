import type { Locator } from '@playwright/test';
import { E2E_SELLER } from '../playwright.config';
import { createCustomer, expect, placeOrderByApi, signInAs, test } from './fixtures';
import { lineStarts } from './helpers';

/**
 * A top bar that fits one line, a phone dashboard whose menu folds
 * away, admin tables that read cleanly, and an invoice that names its seller.
 */

/** Thirty characters: the longest name the top bar must fit on one line. */
const LONG_NAME = 'Maximiliana Worthington-Smythe';

test.describe('the top bar', () => {
  for (const width of [1024, 1280, 1920]) {
    test(`fits one line at ${width} px with a 30-character name`, async ({ page }) => {
      expect(LONG_NAME).toHaveLength(30);
      // Every signed-in role sees the same bar (Dashboard, the name, Sign Out).
      await signInAs(page, await createCustomer(LONG_NAME));
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/portfolio');
      const main = page.getByRole('navigation', { name: 'Main' });
      const signOut = main.getByRole('button', { name: 'Sign Out' });
      await expect(signOut).toBeVisible();
      const name = main.getByTestId('user-name');
      // Shown in full or cut short with the whole name in its title; read in full either way.
      await expect(name).toHaveAttribute('title', LONG_NAME);
      await expect(name).toHaveText(LONG_NAME);

      const header = await page.locator('header').first().boundingBox();
      const home = await main.getByRole('link', { name: 'Home' }).boundingBox();
      const signOutBox = await signOut.boundingBox();
      const nameBox = await name.boundingBox();
      if (!header || !home || !signOutBox || !nameBox) throw new Error('the top bar is not laid out');
      // One line: the bar's own height (4 rem and its border), its items side by side.
      expect(header.height).toBeLessThanOrEqual(70);
      expect(Math.abs(signOutBox.y + signOutBox.height / 2 - (home.y + home.height / 2))).toBeLessThan(4);
      expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(signOutBox.x);
      expect(signOutBox.x + signOutBox.width).toBeLessThanOrEqual(width);
    });
  }
});

test('on a phone the dashboard menu folds away behind a button the keyboard opens', async ({
  page,
  admin,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, admin);
  await page.goto('/dashboard');
  const toggle = page.getByRole('button', { name: 'Dashboard menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const menu = page.getByTestId('dashboard-menu');
  await expect(menu).toBeHidden();
  // The page's own content starts near the top, not below six admin links.
  const heading = await page.getByRole('heading', { name: 'My Profile' }).boundingBox();
  expect(heading?.y).toBeLessThan(250);

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('link', { name: 'Manage Products' })).toBeVisible();
  await page.keyboard.press('Tab');
  // An admin's menu starts with the Overview.
  await expect(menu.getByRole('link', { name: 'Overview' })).toBeFocused();
  // Escape folds it again and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Space');
  await menu.getByRole('link', { name: 'Manage Orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageorders$/);
  // A chosen page folds the menu.
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();

  // On a wide screen the menu is always there, with no button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu).toBeVisible();
  await expect(toggle).toBeHidden();
});

test.describe('admin tables at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /** An e-mail address may wrap only before its '@'. */
  async function expectUnbrokenEmails(cells: Locator) {
    await expect(cells.first()).toBeVisible();
    for (const cell of await cells.all()) {
      const { text, starts } = await lineStarts(cell);
      for (const start of starts) expect(text.slice(start), `"${text}" breaks mid-address`).toMatch(/^@/);
    }
  }

  test('Users: e-mails break only at the @, and each button names its user', async ({ page, admin }) => {
    // Listed by e-mail: 'aa-' puts this customer on the first page.
    const customer = await createCustomer('Casey Buyer', 'aa-casey');
    await signInAs(page, admin);
    await page.goto('/dashboard/users');
    const rows = page.getByTestId('user-row');
    const emails = rows.locator('td').filter({ hasText: '@' });
    await expectUnbrokenEmails(emails);
    // The visible words stay the spec's; screen readers hear whom each button acts on.
    const row = rows.filter({ hasText: customer.email });
    await expect(row.getByRole('button', { name: `Make Admin: ${customer.email}` })).toHaveText('Make Admin');
    await expect(row.getByRole('button', { name: `Remove User: ${customer.email}` })).toHaveText(
      'Remove User',
    );
    for (const each of await rows.all()) {
      const email = (await each.locator('td').filter({ hasText: '@' }).textContent()) ?? '';
      for (const button of await each.getByRole('button', { name: /^(Make Admin|Remove User)/ }).all()) {
        await expect(button).toHaveAccessibleName(`${await button.textContent()}: ${email}`);
      }
    }
  });

  test('Manage Orders: customers’ e-mails break only at the @', async ({ page, admin, customer, part }) => {
    await placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 1000 });
    await signInAs(page, admin);
    await page.goto(`/dashboard/manageorders?q=${encodeURIComponent(customer.email)}`);
    await expect(page.getByTestId('manage-order-row')).toHaveCount(1);
    await expectUnbrokenEmails(
      page.getByTestId('manage-order-row').locator('td > div').filter({ hasText: '@' }),
    );
    // Nor does the table grow wider than its box for it.
    const box = page.locator('main .overflow-x-auto').first();
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('Manage Products: a four-digit stock and its badge share one line', async ({ page, admin, part }) => {
    await signInAs(page, admin);
    await page.goto('/dashboard/manageproducts');
    const cells = page.getByTestId('product-stock');
    await expect(cells.first()).toBeVisible();
    // The test's own part has 2,500 in stock; the demo parts have four digits too.
    await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(part.name)}`);
    await expect(cells).toHaveCount(1);
    await expect(cells.first()).toContainText('2,500');
    for (const path of [
      `/dashboard/manageproducts?q=${encodeURIComponent(part.name)}`,
      '/dashboard/manageproducts',
    ]) {
      await page.goto(path);
      await expect(cells.first()).toBeVisible();
      for (const cell of await cells.all()) {
        const { text, starts } = await lineStarts(cell);
        expect(starts, `"${text}" takes more than one line`).toEqual([]);
      }
    }
  });
});

test('the invoice on screen names the seller, as the PDF does', async ({ page, customer, part }) => {
  const order = await placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 1000 });
  await signInAs(page, customer);
  await page.goto(`/dashboard/orders/${order._id}/invoice`);
  const seller = page.getByTestId('invoice-seller');
  await expect(seller).toContainText(E2E_SELLER.name);
  await expect(seller).toContainText(E2E_SELLER.address);
  await expect(seller).toContainText(`VAT/Tax ID: ${E2E_SELLER.taxId}`);
});
