import { HOME_PARTS_COUNT, partPageMessages } from '@store/shared';
import { expect, signInAs, test } from './fixtures';
import { countRequests, signIn } from './helpers';

/**
 * Decision 023: the store sends the home page, the catalog and each part's page rendered. A
 * visitor sees them before any script runs, and the browser runs only their islands (the top
 * bar, a part's bill, the catalog's controls and pager); a signed-in visitor's browser starts the
 * app over them.
 */
test.describe('a page the store renders', () => {
  test('reads without JavaScript: the part, its price and badge, its title; the home page’s parts and reviews', async ({
    browser,
    part,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const answer = await page.goto(`/parts/${part._id}`);
    expect(answer?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByTestId('part-price')).toHaveText('£2.50');
    await expect(page.getByTestId('stock-badge')).toHaveText('In stock');
    await expect(page.getByTestId('bill-total')).toHaveText('£25.00'); // the minimum order, 10
    await expect(page).toHaveTitle(`${part.name} · Parts Depot`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL(`/parts/${part._id}`, page.url()).href,
    );

    await page.goto('/');
    await expect(page.getByTestId('part-card')).toHaveCount(HOME_PARTS_COUNT);
    await expect(page.getByTestId('review-card').first()).toBeVisible();

    // The catalog, any page of it: its URL says which.
    await page.goto(`/parts?q=${encodeURIComponent(part.name)}`);
    await expect(page.getByTestId('part-card')).toHaveCount(1);
    await expect(page.getByTestId('part-card').getByRole('heading', { name: part.name })).toBeVisible();
    await context.close();
  });

  test('the catalog’s controls and pager load the page they name', async ({ page }) => {
    await page.goto('/parts');
    await page
      .getByRole('navigation', { name: 'Catalog pages' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Catalog pages' })
      .getByRole('button', { name: 'Previous' })
      .click();
    await expect(page).toHaveURL(/page=1/);
    await expect(page.getByText(/^Page 1 of/)).toBeVisible();
    await page.getByLabel('Sort').selectOption('price-desc');
    await expect(page).toHaveURL(/sort=price-desc/);
    await page.getByLabel('Search parts by name').fill('SSD');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=SSD/);
    await expect(page.getByText(/matching “SSD”/)).toBeVisible();
  });

  test('an unknown part answers 404, with the not-found page and a way to the catalog', async ({ page }) => {
    const answer = await page.goto('/parts/no-such-part');
    expect(answer?.status()).toBe(404);
    await expect(page.getByTestId('part-not-found')).toBeVisible();
    await expect(page.getByRole('link', { name: partPageMessages.toCatalog })).toHaveAttribute(
      'href',
      '/parts',
    );
  });

  test('runs only its islands: no API request, each script fetched once; the bill and the menu work', async ({
    browser,
    part,
  }) => {
    for (const path of ['/', '/parts', `/parts/${part._id}`]) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const fetched = countRequests(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(
        [...fetched.keys()].filter((url) => url.startsWith('/api/')),
        path,
      ).toEqual([]);
      const scripts = await page
        .locator('script[src], link[rel="modulepreload"]')
        .evaluateAll((elements) =>
          elements.map(
            (element) =>
              new URL((element as HTMLScriptElement).src || (element as HTMLLinkElement).href).pathname,
          ),
        );
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) expect(fetched.get(script), `${path}: ${script}`).toBe(1);

      // The phone menu is an island: it opens, and Escape closes it back onto its button.
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.click();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(menu).toBeFocused();
      await context.close();
    }
  });

  test('the bill follows the quantity typed on a part’s page', async ({ page, part }) => {
    await page.goto(`/parts/${part._id}`);
    await page.getByLabel('Quantity').fill('600');
    // 600 × £2.50 = £1,500.00, less the 5% bulk discount.
    await expect(page.getByTestId('bill-discount')).toContainText('£75.00');
    await expect(page.getByTestId('bill-total')).toHaveText('£1,425.00');
  });

  test('Login on a rendered page brings the visitor back to it once signed in', async ({
    page,
    part,
    customer,
  }) => {
    await page.goto(`/parts/${part._id}`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, customer.email);
    await expect(page).toHaveURL(new RegExp(`/parts/${part._id}$`));
    await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
  });

  test('a signed-in visitor gets the app over it: their name, and links that change the page in place', async ({
    page,
    customer,
  }) => {
    await signInAs(page, customer);
    await page.goto('/');
    await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
    await expect(page.getByTestId('part-card')).toHaveCount(HOME_PARTS_COUNT);
    // The page's islands answer until the app has drawn over them: its own carry no server props.
    await expect(page.locator('[data-island][data-props]')).toHaveCount(0);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByTestId('blog-section')).toHaveCount(5);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });
});
