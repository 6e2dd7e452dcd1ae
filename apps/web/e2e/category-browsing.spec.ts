import type { Page } from '@playwright/test';
import { type Facets, browseMessages as m, type Part } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { expect, holdAppCode, signInAs, test } from './fixtures';

/**
 * Browsing by category on the web: a buyer finds processors by kind and spec from the top bar, ticks two
 * brands and a socket, narrows the cores, sees the counts follow, compares two parts side by
 * side and opens a part's compatible parts. The demo catalog is the fixture; the API says what
 * each step should show.
 */

const facetValue = (page: Page, facet: string, value: string) =>
  page.getByTestId(`facet-${facet}`).getByRole('checkbox', { name: new RegExp(`^${value} \\(\\d+\\)$`) });

/** What the API counts for these filters: the page must show the same. */
async function expectCounts(
  page: Page,
  request: import('@playwright/test').APIRequestContext,
  query: string,
) {
  const answer = await request.get(`/api/facets?category=processors&${query}`);
  expect(answer.status()).toBe(200);
  const facets = (await answer.json()) as Facets;
  await expect(page.getByTestId('category-count')).toHaveText(m.results(facets.total));
  const socket = facets.facets.find((facet) => facet.key === 'socket');
  if (!socket || socket.type === 'number') throw new Error('processors have no socket facet');
  for (const { value, count } of socket.values) {
    await expect(facetValue(page, 'socket', value)).toHaveAccessibleName(m.valueCount(value, count));
  }
  return facets.total;
}

test('a buyer filters processors, compares two and opens compatible parts', async ({ page, request }) => {
  // Nine steps and three axe checks: more than one page's worth of time on a shared machine.
  test.slow();
  await page.goto('/');
  await page.getByRole('banner').getByText(m.categoriesMenu, { exact: true }).first().click();
  await page.getByTestId('category-menu').getByRole('link', { name: 'Processors', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processors' })).toBeVisible();
  await expect(page).toHaveTitle(/^Processors · /);
  const all = await expectCounts(page, request, '');

  await facetValue(page, 'brand', 'VoltCore').check();
  await expect(page).toHaveURL(/brand=VoltCore/);
  await facetValue(page, 'brand', 'Arcwell').check();
  await expect(page).toHaveURL(/brand=VoltCore%2CArcwell/);
  await facetValue(page, 'socket', 'AM5').check();
  await expect(page).toHaveURL(/attr\.socket=AM5/);
  const ticked = await expectCounts(page, request, 'brand=VoltCore,Arcwell&attr.socket=AM5');
  expect(ticked).toBeLessThan(all);

  await page.getByLabel(m.rangeMin('Cores')).fill('8');
  await page.getByLabel(m.rangeMax('Cores')).fill('16');
  await page.getByTestId('facet-cores').getByRole('button', { name: m.rangeApply }).click();
  await expect(page).toHaveURL(/attr\.cores=8\.\.16/);
  const narrowed = await expectCounts(
    page,
    request,
    'brand=VoltCore,Arcwell&attr.socket=AM5&attr.cores=8..16',
  );
  expect(narrowed).toBeLessThan(ticked);
  expect(narrowed).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('button', { name: m.removeFilter(m.chip('Cores', '8..16')) })).toBeVisible();
  await expectNoAxeViolations(page);

  // Two of the cards, side by side.
  const cards = page.getByTestId('part-card');
  await expect(cards).toHaveCount(narrowed);
  const names = await cards.getByRole('heading').allInnerTexts();
  for (const name of names.slice(0, 2)) {
    const toggle = page.getByRole('button', { name: m.compareLabel(name) });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('link', { name: m.compareNow(2) }).click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  const table = page.getByRole('table', { name: m.compareCaption });
  for (const name of names.slice(0, 2)) {
    await expect(table.getByRole('columnheader', { name })).toBeVisible();
  }
  await expect(table.getByRole('row', { name: /^Socket/ })).toHaveAttribute('data-differs', 'false');
  await expect(table.getByRole('row', { name: /^Cores/ })).toBeVisible();
  await expect(table.locator('tr[data-differs="true"]').first()).toContainText(m.compareDiffers);
  await expectNoAxeViolations(page);

  // The first one's page, and the boards and memory that fit it.
  await table.getByRole('link', { name: names[0] }).click();
  await expect(page.getByRole('heading', { level: 1, name: names[0] })).toBeVisible();
  const compatible = page.getByRole('button', { name: m.compatibleParts });
  await compatible.click();
  await expect(compatible).toHaveAttribute('aria-expanded', 'true');
  const boards = page.getByRole('region', { name: 'Motherboards' });
  await expect(boards.getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // All the boards that fit: a category page filtered by compatibility.
  await boards.getByRole('link', { name: m.fitsAll('Motherboards') }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Motherboards' })).toBeVisible();
  await expect(page.getByTestId('facet-socket').getByRole('checkbox')).toHaveCount(1);
  await expect(facetValue(page, 'socket', 'AM5')).toBeVisible();
});

test('a customer who matched a part is offered what fits it in another category', async ({
  page,
  request,
}) => {
  const found = await request.get('/api/parts?category=motherboards&attr.socket=AM5&limit=1');
  const [board] = (await found.json()) as Part[];
  if (!board) throw new Error('the demo catalog has no AM5 board');
  await page.goto(`/parts/${board._id}`);
  await page.getByRole('button', { name: m.matchThis }).click();
  await expect(page.getByRole('button', { name: m.matching })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/c/processors');
  await page.getByRole('button', { name: m.fitsMyBoard(board.name) }).click();
  await expect(page).toHaveURL(new RegExp(`compatibleWith=${board._id}`));
  await expect(page.getByRole('button', { name: m.removeFilter(m.fitsChip(board.name)) })).toBeVisible();
  await expect(page.getByTestId('facet-socket').getByRole('checkbox')).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the filters are a drawer, opened and closed by a button', async ({ page }) => {
    await page.goto('/c/processors');
    const toggle = page.getByRole('button', { name: m.showFilters });
    await expect(page.getByTestId('facet-brand')).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: m.hideFilters })).toHaveAttribute('aria-expanded', 'true');
    await facetValue(page, 'brand', 'VoltCore').check();
    await expect(page).toHaveURL(/brand=VoltCore/);
    await expect(
      page.getByRole('button', { name: m.removeFilter(m.chip('Brand', 'VoltCore')) }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  // A visitor's ticks load pages the store renders; a customer's are the app's own.
  for (const role of ['visitor', 'customer'] as const) {
    test(`the drawer says how many parts its filters find (${role})`, async ({ page, request, customer }) => {
      const total = async (query: string) => {
        const answer = await request.get(`/api/facets?category=processors&${query}`);
        expect(answer.status()).toBe(200);
        return ((await answer.json()) as Facets).total;
      };
      if (role === 'customer') await signInAs(page, customer);
      await page.goto('/c/processors');
      await page.getByRole('button', { name: m.showFilters }).click();
      const show = page.getByTestId('filters-show-parts');
      const said = page.getByTestId('filters-count-status');
      const all = await total('');
      await expect(show).toHaveText(m.showParts(all));
      await expect(said).toHaveText(m.results(all));
      await expect(said).toHaveRole('status');

      await facetValue(page, 'brand', 'VoltCore').check();
      await expect(page).toHaveURL(/brand=VoltCore/);
      const some = await total('brand=VoltCore');
      expect(some).toBeLessThan(all);
      await expect(show).toHaveText(m.showParts(some));
      await expect(said).toHaveText(m.results(some));
      await expect(page.getByTestId('category-count')).toHaveText(m.results(some));
      await expectNoAxeViolations(page);

      // Back to the parts: the drawer closes, the focus on its button, just above them.
      await show.click();
      await expect(page.getByTestId('facet-brand')).toBeHidden();
      await expect(page.getByRole('button', { name: m.showFilters })).toBeFocused();
      await expect(said).toHaveText('');
    });
  }

  test("a signed-in buyer's drawer opens while the app is still loading, and stays open once it has taken over", async ({
    page,
    customer,
  }) => {
    await signInAs(page, customer);
    // The app's code is held back: the page's islands answer meanwhile.
    const app = await holdAppCode(page);
    await page.goto('/c/processors');
    await page.getByRole('button', { name: m.showFilters }).click();
    await expect(page.getByRole('button', { name: m.hideFilters })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('facet-brand')).toBeVisible();
    await app.takeOver();
    await expect(page.getByRole('button', { name: m.hideFilters })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('facet-brand')).toBeVisible();
  });
});

test('the store renders a category page with its title, description and canonical link, and lists it in the sitemap', async ({
  request,
}) => {
  const page = await request.get('/c/processors?brand=VoltCore&utm_source=x');
  expect(page.status()).toBe(200);
  const html = await page.text();
  expect(html).toContain('<title>Processors · Parts Depot</title>');
  expect(html).toContain(`<meta name="description" content="${m.categoryDescription('Processors')}">`);
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/c\/processors">/);
  // Drawn on the server: the panel's counts and the cards are in the page itself.
  expect(html).toContain('data-island="filter-panel"');
  expect(html).toContain('data-testid="part-card"');

  const sitemap = await request.get('/sitemap-1.xml');
  expect(await sitemap.text()).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/c\/processors<\/loc>/);
});
