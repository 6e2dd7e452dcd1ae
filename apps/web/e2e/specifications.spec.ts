import { partMessages as m, type Part } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';

/** Cards show the brand, and a part's page its specification table. */
test('a processor of the demo catalog shows its brand and its specifications', async ({ page, request }) => {
  const found = await request.get('/api/parts?category=processors&brand=VoltCore&attr.socket=AM5&limit=100');
  expect(found.status()).toBe(200);
  const part = ((await found.json()) as Part[]).find((p) => p.sku === 'VC-H7-8700X');
  if (!part) throw new Error('the demo catalog has no VC-H7-8700X');

  await page.goto(`/parts/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  await expect(page.getByTestId('part-brand')).toHaveText('VoltCore');
  const table = page.getByRole('table', { name: m.specifications });
  const row = (label: string) => table.getByRole('row', { name: label });
  await expect(row(m.specBrand)).toContainText('VoltCore');
  await expect(row(m.specCategory)).toContainText('Processors');
  await expect(row('Socket')).toContainText('AM5');
  await expect(row('Boost clock')).toContainText('5.1 GHz');
  await expect(row('Integrated graphics')).toContainText(m.specYes);
  await expectNoAxeViolations(page);
});
