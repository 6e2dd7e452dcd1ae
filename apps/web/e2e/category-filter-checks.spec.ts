import { browseMessages as m } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * A price range the store cannot apply never breaks a category page: typed in the panel, it is
 * explained next to its fields and not applied; in a link, the page is shown without it and says
 * so. The parts and the filter panel stay usable either way.
 */

const LOAD_FAILED = 'We could not load this';

test('a range typed the wrong way round or below zero is explained next to the price fields', async ({
  page,
}) => {
  await page.goto('/c/memory');
  const count = page.getByTestId('category-count');
  await expect(count).toBeVisible();
  const from = page.getByLabel(m.rangeMin('Price'));
  const to = page.getByLabel(m.rangeMax('Price'));
  const apply = page.getByTestId('facet-price').getByRole('button', { name: m.rangeApply });

  await from.fill('500');
  await to.fill('100');
  await apply.click();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveAccessibleDescription(m.rangeReversed);
  await expect(to).toHaveAccessibleDescription(m.rangeReversed);
  await expect(page).not.toHaveURL(/price=/);
  await expect(count).toBeVisible();
  await expect(page.getByText(LOAD_FAILED)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await from.fill('-5');
  await to.fill('');
  await apply.click();
  await expect(from).toHaveAccessibleDescription(m.rangeNegative);
  await expect(page).not.toHaveURL(/price=/);

  await from.fill('100');
  await to.fill('500');
  await apply.click();
  await expect(page).toHaveURL(/price=100\.\.500/);
  await expect(page.getByLabel(m.rangeMin('Price'))).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('category-results')).toBeVisible();
  await expect(page.getByText(LOAD_FAILED)).toHaveCount(0);
});

test('a link with a price that is not a range shows the category without it, and says so', async ({
  page,
}) => {
  for (const bad of ['abc', '500..100', '-10..']) {
    await page.goto(`/c/processors?brand=VoltCore&price=${bad}`);
    const notice = page.getByTestId('filters-ignored');
    await expect(notice).toHaveText(m.filtersIgnored('Price'));
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(page.getByTestId('category-count')).toBeVisible();
    await expect(page.getByRole('complementary', { name: m.filters })).toBeVisible();
    // The valid filter of the same link still applies.
    await expect(page.getByTestId('facet-brand').getByRole('checkbox', { name: /^VoltCore / })).toBeChecked();
    await expect(page.getByText(LOAD_FAILED)).toHaveCount(0);
  }
  await expectNoAxeViolations(page);
});
