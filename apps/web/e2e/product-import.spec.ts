import {
  type Category,
  categoryAdminMessages as c,
  categoryMessages,
  productImportMessages as m,
  type Part,
} from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { expect, signInAs, test } from './fixtures';

const HEADER =
  'sku,name,price,minOrderQuantity,orderMultiple,availableQuantity,category,brand,description,img';
const IMG = '/media/parts/nexa-airstream-140-fan.svg';

/** An admin checks a CSV with a dry run, imports it, and sees the bad row refused alone. */
test('an admin imports a CSV with one bad row: it is refused, the rest go in', async ({
  page,
  admin,
  part,
}) => {
  const run = Date.now().toString(36).toUpperCase();
  const added = `IMP-${run}`;
  const quoted = (cells: (string | number)[]) =>
    cells.map((cell) => `"${String(cell).replaceAll('"', '""')}"`).join(',');
  const csv = [
    HEADER,
    quoted([part.sku, part.name, 3.75, 10, 1, 2500, '', '', part.description, part.img]),
    quoted([added, `Imported fan ${run}`, 9.5, 1, 1, 40, 'cooling', 'Nexa', 'A fan from a file.', IMG]),
    quoted([`BAD-${run}`, 'Broken row', 'cheap', 1, 1, 5, '', '', 'No price.', IMG]),
  ].join('\r\n');
  await signInAs(page, admin);
  await page.goto('/dashboard/import');
  await expect(page.getByRole('heading', { name: m.pageTitle })).toBeVisible();
  await page
    .getByLabel(m.fileLabel)
    .setInputFiles({ name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  await page.getByRole('button', { name: m.dryRun }).click();
  await expect(page.getByRole('status').filter({ hasText: m.dryRunDone(2, 1) })).toBeVisible();
  const rows = page.getByTestId('import-row');
  await expect(rows.filter({ hasText: added })).toContainText(m.wouldAdd);
  // Nothing changed yet.
  const price = async () => ((await (await page.request.get(`/api/part/${part._id}`)).json()) as Part).price;
  expect(await price()).toBe(2.5);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: m.importNow }).click();
  await expect(page.getByRole('status').filter({ hasText: m.importDone(2, 1) })).toBeVisible();
  // The refused row comes first, with its column's message.
  await expect(rows.first()).toHaveAttribute('data-status', 'error');
  await expect(rows.first()).toContainText(m.cellProblem('price', m.notANumber('price')));
  await expect(rows.filter({ hasText: added })).toContainText(m.added);
  await expect(rows.filter({ hasText: part.sku })).toContainText(m.changed('price'));
  expect(await price()).toBe(3.75);
  const found = await page.request.get(`/api/parts?q=${encodeURIComponent(`Imported fan ${run}`)}`);
  expect(((await found.json()) as Part[]).map((p) => p.sku)).toContain(added);
  await expectNoAxeViolations(page);
});

/** The Categories page adds one with an attribute, and says why a delete is refused. */
test('an admin adds a category with an attribute and cannot delete one that holds parts', async ({
  page,
  admin,
}) => {
  const slug = `fans-${Date.now().toString(36)}`;
  await signInAs(page, admin);
  await page.goto('/dashboard/categories');
  await expect(page.getByRole('heading', { name: c.pageTitle })).toBeVisible();
  const form = page.getByRole('form', { name: c.addHeading });
  await form.getByLabel(c.name, { exact: true }).fill('Case fans');
  await form.getByLabel(c.slug, { exact: true }).fill(slug);
  await form.getByRole('button', { name: c.addAttribute }).click();
  await form.getByLabel(c.attributeKey).fill('size');
  await form.getByLabel(c.attributeLabel).fill('Size');
  await form.getByLabel(c.attributeType).selectOption('number');
  await form.getByLabel(c.attributeUnit).fill('mm');
  await form.getByRole('button', { name: c.add }).click();
  const row = page.getByTestId('category-row').filter({ hasText: slug });
  await expect(row).toContainText('Size');

  // The demo catalog's processors hold parts: the API's 409 is shown as it says it.
  await page.getByRole('button', { name: c.deleteNamed('Processors') }).click();
  await page.getByRole('dialog').getByRole('button', { name: c.delete }).click();
  const tree = (await (await page.request.get('/api/categories')).json()) as Category[];
  const held = tree.find((category) => category.slug === 'processors')?.partCount ?? 0;
  expect(held).toBeGreaterThan(0);
  await expect(page.getByTestId('category-refusal')).toHaveText(categoryMessages.categoryHasParts(held));
  await expectNoAxeViolations(page);
});
