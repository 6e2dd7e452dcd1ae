import { expect, test } from '@playwright/test';
import { BUSINESS_SUMMARY, homeMessages, type StoreSettings } from '@store/shared';

// The e2e store sets no CURRENCY (playwright.config.ts): it sells in pounds, as a store ships.
test('the home page’s business figures are in the store’s currency, never in dollars on a £ store', async ({
  page,
  request,
}) => {
  const settings = (await (await request.get('/api/settings')).json()) as StoreSettings;
  expect(settings.currency).toBe('gbp');
  expect(settings.money.symbol).toBe('£');

  await page.goto('/');
  const summary = page.getByRole('region', { name: homeMessages.summaryTitle });
  await expect(summary.getByRole('definition')).toHaveCount(BUSINESS_SUMMARY.length);
  const revenue = BUSINESS_SUMMARY.find((figure) => 'millions' in figure);
  expect(revenue).toBeDefined();
  if (!revenue || !('millions' in revenue)) return;
  // The figure follows its label: the <dd> after the <dt> that names it.
  const figure = summary.locator('dt', { hasText: revenue.label }).locator('xpath=following-sibling::dd[1]');
  await expect(figure).toHaveText(`£${revenue.millions}M`);
  await expect(summary).not.toContainText('$');
});
