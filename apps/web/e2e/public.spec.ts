import { expect, test } from '@playwright/test';
import { DESCRIPTION_EXCERPT_LENGTH, HOME_PARTS_COUNT, type Part, pageMessages } from '@store/shared';

test.describe('public storefront', () => {
  test('home shows the 3 newest parts with 100-character excerpts, and the reviews', async ({
    page,
    request,
  }) => {
    // Tests running alongside add parts, so the newest three are read again if one came in
    // between the API's answer and the page's.
    let newest: Part[] = [];
    const cards = page.getByTestId('part-card');
    await expect(async () => {
      newest = (await (await request.get('/api/parts?sort=newest&limit=3')).json()) as Part[];
      expect(newest).toHaveLength(HOME_PARTS_COUNT);
      await page.goto('/');
      await expect(cards.getByRole('heading')).toHaveText(
        newest.map((part) => part.name),
        { timeout: 5_000 },
      );
    }).toPass();
    for (const [i, part] of newest.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name: part.name })).toBeVisible();
      const shown = await card.getByTestId('part-excerpt').textContent();
      expect(part.description.length).toBeGreaterThan(DESCRIPTION_EXCERPT_LENGTH);
      expect(shown).toBe(`${part.description.slice(0, DESCRIPTION_EXCERPT_LENGTH)}…`);
      // The name opens the part's page; a part that can be ordered has Purchase, one sold out
      // (another test's) a disabled 'Out of stock' in its place.
      await expect(card.getByRole('link', { name: part.name, exact: true })).toHaveAttribute(
        'href',
        `/parts/${part._id}`,
      );
      if (part.stock === 'out') {
        await expect(card.getByRole('button', { name: /Out of stock/ })).toBeDisabled();
      } else {
        await expect(card.getByRole('link', { name: `Purchase ${part.name}` })).toHaveAttribute(
          'href',
          `/purchase/${part._id}`,
        );
      }
      await expect(card.getByText(/Minimum order/)).toBeVisible();
      // The image really loaded (served by the API from the repository).
      // (Its link is hidden from assistive technology: the name links to the same page.)
      const loaded = await card
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
      expect(loaded).toBe(true);
    }

    const reviews = page.getByTestId('review-card');
    await expect(reviews.first()).toBeVisible();
    expect(await reviews.count()).toBeGreaterThan(0);
    await expect(reviews.first().getByRole('img', { name: /Rated .* out of 5/ })).toBeVisible();
  });

  test('/home is the home page too', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Our Parts' })).toBeVisible();
    await expect(page.getByText('5 years business partnership')).toBeVisible();
  });

  test('/blogs shows five Q. sections', async ({ page }) => {
    await page.goto('/blogs');
    const sections = page.getByTestId('blog-section');
    await expect(sections).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      await expect(sections.nth(i).locator('h2 strong')).toHaveText('Q.');
    }
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/some/page');
    await expect(page.getByRole('heading', { name: pageMessages.notFound })).toBeVisible();
  });

  test('the footer shows the current year', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByTestId('copyright-year')).toHaveText(String(new Date().getFullYear()));
  });

  test('in the app, top bar links navigate without a full reload; the home page fits a 360 px screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByTestId('part-card').first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The home page is sent rendered, with plain links (decision 023); the portfolio is the app's.
    await page.goto('/portfolio');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Open menu' }).click();
    await main.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByTestId('blog-section')).toHaveCount(5);
    await expect(main.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('the production page runs under the CSP without violations or console errors', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/');
    await expect(page.getByTestId('part-card')).toHaveCount(HOME_PARTS_COUNT);
    await expect(page.getByTestId('review-card').first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a failing API shows an error state with a retry', async ({ page }) => {
    await page.route('**/api/parts?**', (route) =>
      route.fulfill({ status: 503, body: '{"message":"down"}' }),
    );
    await page.clock.install();
    // Home, reached in the app (opened, it comes rendered by the store: decision 023).
    await page.goto('/blogs');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    // Three retries with back-off, then the error state.
    await page.clock.runFor(20_000);
    await expect(page.getByRole('alert')).toContainText('We could not load this');
    await page.unroute('**/api/parts?**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('part-card')).toHaveCount(HOME_PARTS_COUNT);
  });
});
