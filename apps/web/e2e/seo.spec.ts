import { headMessages, pageMessages, toastMessages } from '@store/shared';
import { expect, signInAs, test } from './fixtures';

const { title, titles } = headMessages;
const homeTitle = `${headMessages.siteName} · ${titles.home}`;
const canonical = (page: import('@playwright/test').Page) => page.locator('link[rel="canonical"]');

test.describe('titles, descriptions and canonical URLs', () => {
  test('each public page has its own title, a description and a canonical URL without tracking parameters', async ({
    page,
    baseURL,
  }) => {
    const publicPages: [string, string, string][] = [
      ['/?utm_source=news', homeTitle, `${baseURL}/`],
      ['/home', homeTitle, `${baseURL}/`],
      ['/parts?page=2&sort=newest&utm_campaign=x', title(titles.catalog), `${baseURL}/parts?page=2`],
      ['/parts?page=1', title(titles.catalog), `${baseURL}/parts`],
      ['/blogs', title(titles.blogs), `${baseURL}/blogs`],
      ['/portfolio#skills', title(titles.portfolio), `${baseURL}/portfolio`],
    ];
    for (const [path, expectedTitle, expectedCanonical] of publicPages) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(expectedTitle);
      await expect(canonical(page), path).toHaveAttribute('href', expectedCanonical);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{50,}/);
      await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
    }
    // Client-side navigation updates them too, not only a fresh load.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveTitle(title(titles.blogs));
    await expect(canonical(page)).toHaveAttribute('href', `${baseURL}/blogs`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      headMessages.descriptions.blogs,
    );
  });

  test('sign-in pages and unknown paths have their own titles, no canonical and noindex', async ({
    page,
  }) => {
    for (const [path, expected] of [
      ['/login', titles.login],
      ['/register', titles.register],
      ['/no-such-page', titles.notFound],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title(expected));
      await expect(canonical(page), path).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
    }
  });

  test('signed-in pages have their own titles, a customer’s and an admin’s', async ({
    page,
    customer,
    part,
  }) => {
    await signInAs(page, customer);
    const seen = new Set<string>();
    for (const [path, expected] of [
      ['/dashboard', titles.profile],
      ['/dashboard/myorders', titles.myOrders],
      ['/dashboard/addreview', titles.addReview],
      [`/purchase/${part._id}`, titles.purchase],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title(expected));
      await expect(canonical(page), path).toHaveCount(0);
      seen.add(await page.title());
    }
    expect(seen.size).toBe(4);
    expect(await page.title()).toBe('Purchase · Parts Depot');
  });

  test('admin pages have their own titles', async ({ page, admin }) => {
    await signInAs(page, admin);
    for (const [path, expected] of [
      ['/dashboard/manageproducts', titles.manageProducts],
      ['/dashboard/manageorders', titles.manageOrders],
      ['/dashboard/addproduct', titles.addProduct],
      ['/dashboard/users', titles.users],
    ] as const) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(title(expected));
    }
    await page.goto('/dashboard/myorders');
    await expect(page).toHaveTitle('My Orders · Parts Depot');
  });
});

test.describe('robots.txt and sitemap.xml', () => {
  test('are served as text and XML, before the web app, and list a newly added part', async ({
    request,
    baseURL,
    part,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const robotsText = await robots.text();
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robotsText).toContain('Disallow: /dashboard');
    expect(robotsText).not.toContain('<html');

    // An index of files of at most 50,000 URLs each (decision 029): one for the demo catalog.
    const index = await request.get('/sitemap.xml');
    expect(index.status()).toBe(200);
    expect(index.headers()['content-type']).toMatch(/^application\/xml/);
    expect(await index.text()).toContain(`<sitemap><loc>${baseURL}/sitemap-1.xml</loc>`);
    const sitemap = await request.get('/sitemap-1.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    for (const path of ['/', '/parts', '/blogs', '/portfolio', `/parts/${part._id}`]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(xml).not.toContain('/dashboard');
  });
});

test.describe('a page past the end of the catalog', () => {
  test('says the page is empty and links to the last page, keeping the pager', async ({ page }) => {
    await page.goto('/parts?page=999');
    const notice = page.getByTestId('page-past-end');
    await expect(notice).toContainText('Page 999 is empty');
    await expect(page.getByText(pageMessages.noParts)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Catalog pages' })).toBeVisible();
    const link = notice.getByRole('link', { name: /Go to the last page/ });
    const last = Number((await link.textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(last).toBeGreaterThanOrEqual(1);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/parts\\?page=${last}$`));
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Catalog pages' })).toContainText(
      `Page ${last} of ${last}`,
    );
  });
});

test.describe('polish', () => {
  test('Escape closes the phone menu and puts focus back on the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/parts');
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('link', { name: 'Blogs' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  for (const width of [1280, 390]) {
    test(`toasts open below the top bar at ${width} px`, async ({ page, customer }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInAs(page, customer);
      // A customer opening an admin page: signed out, sent to /login with a toast.
      await page.goto('/dashboard/users');
      const toast = page.getByText(toastMessages.unauthorized);
      await expect(toast).toBeVisible();
      const header = await page.locator('header').first().boundingBox();
      const container = await page.locator('.Toastify__toast').first().boundingBox();
      expect(header && container).toBeTruthy();
      if (!header || !container) return;
      expect(container.y).toBeGreaterThanOrEqual(header.y + header.height);
    });
  }

  test('the order form’s Name and Email look read-only, still labelled', async ({ page, customer, part }) => {
    await signInAs(page, customer);
    await page.goto(`/purchase/${part._id}`);
    const name = page.getByLabel('Name', { exact: true });
    const quantity = page.getByLabel('Quantity');
    await expect(name).toHaveValue(customer.name);
    await expect(name).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    const style = (element: import('@playwright/test').Locator) =>
      element.evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, cursor: s.cursor, outline: s.outlineStyle };
      });
    await name.focus();
    const readOnlyStyle = await style(name);
    await quantity.focus();
    const editableStyle = await style(quantity);
    expect(readOnlyStyle.background).not.toBe(editableStyle.background);
    expect(readOnlyStyle.cursor).toBe('default');
    expect(readOnlyStyle.outline).toBe('dashed');
    expect(editableStyle.outline).not.toBe('dashed');
  });

  test('review avatars have their initial in the middle of the circle', async ({ page }) => {
    await page.goto('/');
    const avatar = page.locator('.avatar-placeholder > span').first();
    await expect(avatar).toBeVisible();
    const offset = await avatar.evaluate((circle) => {
      const range = document.createRange();
      range.selectNodeContents(circle);
      const text = range.getBoundingClientRect();
      const box = circle.getBoundingClientRect();
      return {
        x: Math.abs(text.x + text.width / 2 - (box.x + box.width / 2)),
        y: Math.abs(text.y + text.height / 2 - (box.y + box.height / 2)),
      };
    });
    expect(offset.x).toBeLessThanOrEqual(1.5);
    expect(offset.y).toBeLessThanOrEqual(1.5);
  });
});
