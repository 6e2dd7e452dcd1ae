import { expect, test } from '@playwright/test';
import { confirmMessages, validationMessages as m, toastMessages } from '@store/shared';
import { E2E_ADMIN_EMAIL } from '../playwright.config';
import { signInAsAdmin } from './helpers';

test.describe('catalog management', () => {
  test('an admin adds a product with an image, edits its price and deletes it', async ({ page }) => {
    const name = `Test Rig Cable Kit ${Date.now()}`;
    // A real PNG to upload: a screenshot of the blank page.
    await page.goto('/portfolio');
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 240 } });

    await signInAsAdmin(page, E2E_ADMIN_EMAIL);
    await page.goto('/dashboard/addproduct');
    await page.getByRole('button', { name: 'Add Product' }).click();
    for (const message of [
      m.nameRequired,
      m.priceRequired,
      m.availableRequired,
      m.minOrderRequired,
      m.descriptionRequired,
      m.imageRequired,
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Price (per unit, $)').fill('12.34');
    await page.getByLabel('Available quantity').fill('900');
    await page.getByLabel('Minimum order quantity').fill('30');
    await page
      .getByLabel('Description')
      .fill('Sleeved PSU extension cables for tidy builds: 24-pin, 8-pin EPS and PCIe, in black.');
    await page.getByLabel('Image').setInputFiles({ name: 'cables.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(toastMessages.productAdded)).toBeVisible();

    await page.goto('/');
    const card = page.getByTestId('part-card').first();
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByTestId('part-price')).toContainText('$12.34');
    const image = card.getByRole('img', { name });
    await expect(image).toHaveAttribute('src', /^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await page.goto('/dashboard/manageproducts');
    const row = page.getByTestId('product-row').filter({ hasText: name });
    await row.getByRole('link', { name: /Update/ }).click();
    await page.getByLabel('Price (per unit, $)').fill('10.99');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
    await expect(row).toContainText('$10.99');
    await page.goto('/');
    await expect(page.getByTestId('part-card').first().getByTestId('part-price')).toContainText('$10.99');

    await page.goto('/dashboard/manageproducts');
    await row.getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByRole('dialog')).toContainText(confirmMessages.deleteProduct);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { name })).toHaveCount(0);
  });

  test('a visitor searches the catalog and pages through it, with the page in the URL', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'See all parts' }).click();
    await expect(page).toHaveURL(/\/parts$/);
    await expect(page.getByTestId('part-card')).toHaveCount(12);

    await page
      .getByRole('navigation', { name: 'Catalog pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('Page 2 of')).toBeVisible();
    await expect(page.getByTestId('catalog-results')).toHaveAttribute('aria-busy', 'false');
    const secondPageFirst = await page.getByTestId('part-card').first().getByRole('heading').textContent();
    await page.reload();
    await expect(page.getByTestId('part-card').first().getByRole('heading')).toHaveText(
      secondPageFirst ?? '',
    );

    await page.getByLabel('Search parts by name').fill('terrabyte');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=terrabyte/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByTestId('catalog-results')).toHaveAttribute('aria-busy', 'false');
    const names = await page.getByTestId('part-card').getByRole('heading').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const found of names) expect(found.toLowerCase()).toContain('terrabyte');

    await page.getByLabel('Sort').selectOption('price-desc');
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(page.getByTestId('catalog-results')).toHaveAttribute('aria-busy', 'false');
    const prices = (await page.getByTestId('part-price').allTextContents()).map((p) =>
      Number(p.replace(/[^0-9.]/g, '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  test('a deleted part says it is no longer available', async ({ page }) => {
    await signInAsAdmin(page, E2E_ADMIN_EMAIL);
    await page.goto('/purchase/3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f');
    await expect(page.getByRole('heading', { name: 'This part is no longer available.' })).toBeVisible();
  });
});
