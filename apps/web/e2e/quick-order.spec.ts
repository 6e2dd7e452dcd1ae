import { cartMessages, quickOrderMessages as m } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { addCartPart } from './cart-parts';
import { expect, signInAs, test } from './fixtures';

/** Quick order by pasted lines or a CSV file, each row's outcome shown. */
test('quick order adds pasted lines and a CSV file, and shows each row’s error', async ({
  page,
  request,
  customer,
  admin,
}) => {
  const packed = await addCartPart(request, admin, {
    minOrderQuantity: 10,
    orderMultiple: 5,
    availableQuantity: 500,
  });
  const loose = await addCartPart(request, admin, {
    minOrderQuantity: 1,
    orderMultiple: 1,
    availableQuantity: 100,
  });
  const scarce = await addCartPart(request, admin, {
    minOrderQuantity: 1,
    orderMultiple: 1,
    availableQuantity: 5,
  });
  await signInAs(page, customer);

  await page.goto('/quick-order');
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);

  // Pasted: a header, a good row, an unknown SKU, a partial pack, a quantity that is no number,
  // more than the stock.
  await page
    .getByLabel(m.linesLabel)
    .fill(
      `SKU,quantity\n${loose.sku},4\nNO-SUCH-SKU,5\n${packed.sku};12\n${loose.sku} many\n${scarce.sku},8`,
    );
  await page.getByRole('button', { name: m.add }).click();
  const rows = page.getByTestId('quick-order-row');
  await expect(rows).toHaveCount(5);
  // The partial pack and the row above stock are in the cart, but not as they can be ordered:
  // counted apart from the rows added as they are, and not shown as a success.
  await expect(page.getByTestId('quick-order-summary')).toHaveText(m.resultsSummary(1, 2, 2));
  await expect(rows.filter({ hasText: 'NO-SUCH-SKU' })).toContainText(m.error);
  await expect(rows.filter({ hasText: 'NO-SUCH-SKU' })).toContainText(
    'There is no part with the SKU NO-SUCH-SKU.',
  );
  const status = (row: typeof rows) => row.locator('[data-outcome]');
  const looseRow = rows.first();
  await expect(looseRow).toContainText(loose.sku);
  await expect(status(looseRow)).toHaveText(m.added);
  await expect(status(looseRow)).toHaveClass(/badge-success/);
  const packedRow = rows.filter({ hasText: packed.sku });
  const scarceRow = rows.filter({ hasText: scarce.sku });
  for (const [row, problem] of [
    [packedRow, cartMessages.notMultiple(5)],
    [scarceRow, cartMessages.overStock(5)],
  ] as const) {
    await expect(status(row)).toHaveText(m.addedNeedsAttention);
    await expect(status(row)).not.toHaveClass(/badge-success/);
    await expect(row).toContainText(problem);
  }
  await expectNoAxeViolations(page);
  // Taking the suggestion makes the line one that can be ordered: added, and counted so.
  await packedRow.getByRole('button', { name: m.suggestionFor('10', packed.sku) }).click();
  await expect(packedRow.getByRole('button')).toHaveCount(0);
  await expect(status(packedRow)).toHaveText(m.added);
  await expect(page.getByTestId('quick-order-summary')).toHaveText(m.resultsSummary(2, 2, 1));
  await expectNoAxeViolations(page);

  // A CSV file: read in the browser, sent as text.
  await page.getByLabel(m.linesLabel).fill('');
  await page.getByLabel(m.fileLabel).setInputFiles({
    name: 'bom.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,qty\n${loose.sku},6\n`),
  });
  await expect(page.getByText(m.fileRead('bom.csv'))).toBeVisible();
  await page.getByRole('button', { name: m.add }).click();
  await expect(page.getByTestId('quick-order-summary')).toHaveText(m.resultsSummary(1, 0));

  // The cart holds the three parts: 4 + 6 of one, 10 of another, and 8 of the scarce one.
  await page.getByRole('link', { name: m.toCart }).last().click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  await expect(page.getByTestId('cart-units')).toHaveText('28');
});
