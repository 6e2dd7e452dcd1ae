import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type AttributeDefinition,
  browseMessages,
  type Category,
  categoryMessages,
  productAdminMessages as m,
  type Part,
  partMessages,
  productMessages,
  toastMessages,
} from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { type Account, expect, signInAs, test } from './fixtures';

/**
 * Add Product and Update place a part in the catalog: a category, a brand, and the category's
 * specifications typed as it defines them (a number with its unit, yes/no, a text value). The
 * part is then found where buyers look: its category page and that page's filters.
 */

const psuAttributes: AttributeDefinition[] = [
  { key: 'wattage', label: 'Wattage', type: 'number', unit: 'W' },
  { key: 'modular', label: 'Fully modular', type: 'boolean' },
  { key: 'efficiency', label: 'Efficiency rating', type: 'enum' },
];

/** A category of the test's own, so that its page lists only the test's parts. */
async function addCategory(
  request: APIRequestContext,
  admin: Account,
  name: string,
  attributes: AttributeDefinition[],
): Promise<Category> {
  const slug = `e2e-${randomUUID().slice(0, 8)}`;
  const res = await request.post('/api/categories', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { slug, name: `${name} ${slug}`, attributes },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Category;
}

/** A part already in the category: its efficiency is the value the form offers. */
async function addPartIn(request: APIRequestContext, admin: Account, category: Category) {
  const res = await request.post('/api/addproduct', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: `Budget PSU ${category.slug}`,
      sku: `E2E-${randomUUID().slice(0, 13)}`,
      price: 39,
      availableQuantity: 50,
      minOrderQuantity: 1,
      description: 'A plain power supply, already in the category before the test adds its own.',
      img: '/media/parts/nexa-airstream-140-fan.svg',
      category: category.slug,
      brand: 'Plainpower',
      attributes: { wattage: 550, modular: false, efficiency: 'Gold' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const partNamed = async (request: APIRequestContext, name: string): Promise<Part[]> =>
  (await (await request.get(`/api/parts?q=${encodeURIComponent(name)}&limit=10`)).json()) as Part[];

/** The error said next to a field: the one the field names as its description. */
async function expectErrorNextTo(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

async function fillProduct(page: Page, name: string) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('SKU').fill(`PSU-${randomUUID().slice(0, 8)}`);
  await page.getByLabel('Price (per unit, £)').fill('89.90');
  await page.getByLabel('Available quantity').fill('40');
  await page.getByLabel('Minimum order quantity').fill('1');
  await page.getByLabel('Description').fill('A fully modular power supply for quiet builds.');
}

test('an admin adds a part with its category, brand and specifications, finds it by filter, and updates a value', async ({
  page,
  request,
  admin,
}) => {
  // Two forms, two category pages, a part page and two axe checks on a shared machine.
  test.slow();
  const psus = await addCategory(request, admin, 'Power supplies', psuAttributes);
  const cases = await addCategory(request, admin, 'Cases', [
    { key: 'formFactor', label: 'Form factor', type: 'enum' },
  ]);
  await addPartIn(request, admin, psus);
  const name = `Quietline 850 ${psus.slug}`;
  await page.goto('/portfolio');
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 240 } });

  await signInAs(page, admin);
  await page.goto('/dashboard/addproduct');
  await fillProduct(page, name);
  await page.getByLabel('Image').setInputFiles({ name: 'psu.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel(m.category, { exact: true }).selectOption({ label: psus.name });
  const specs = page.getByRole('group', { name: m.specsHeading(psus.name) });
  const wattage = specs.getByLabel('Wattage (W)', { exact: true });
  const modular = specs.getByLabel('Fully modular', { exact: true });
  const efficiency = specs.getByLabel('Efficiency rating', { exact: true });
  await expect(wattage).toBeVisible();
  // The values the category's parts already hold are offered.
  await expect(page.locator(`datalist#${await efficiency.getAttribute('list')} option`)).toHaveAttribute(
    'value',
    'Gold',
  );
  await page.getByLabel(m.brand, { exact: true }).fill('Quietline');
  await modular.selectOption({ label: m.specYes });
  await efficiency.fill('Gold');
  await expectNoAxeViolations(page);

  // A wrong number is explained next to its field, and nothing is sent.
  const adds = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/addproduct') adds.count += 1;
  });
  await wattage.fill('850 watts');
  await page.getByRole('button', { name: m.addTitle }).click();
  await expectErrorNextTo(wattage, categoryMessages.attributeNotNumber('Wattage'));
  await expect(wattage).toBeFocused();
  await expectNoAxeViolations(page);
  expect(adds.count).toBe(0);
  expect(await partNamed(request, name)).toEqual([]);

  await wattage.fill('850');
  await expect(wattage).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: m.addTitle }).click();
  await expect(page.getByText(toastMessages.productAdded)).toBeVisible();
  expect(adds.count).toBe(1);
  const [added] = await partNamed(request, name);
  expect(added).toMatchObject({
    category: psus.slug,
    brand: 'Quietline',
    attributes: { wattage: 850, modular: true, efficiency: 'Gold' },
  });

  // The category page lists it, and its filters find it: fully modular, 800 W and up.
  await page.goto(`/c/${psus.slug}`);
  const cards = page.getByTestId('part-card');
  await expect(cards).toHaveCount(2);
  await page
    .getByTestId('facet-modular')
    .getByRole('checkbox', { name: browseMessages.valueCount(browseMessages.yes, 1) })
    .check();
  await expect(page).toHaveURL(/attr\.modular=true/);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name })).toBeVisible();
  await page.goto(`/c/${psus.slug}?attr.wattage=800..`);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name })).toBeVisible();

  // Update: the part's category, brand and values are there, and can be changed.
  await page.goto(`/dashboard/manageproducts/${added?._id}`);
  const category = page.getByLabel(m.category, { exact: true });
  await expect(category).toHaveValue(psus.slug);
  await expect(page.getByLabel(m.brand, { exact: true })).toHaveValue('Quietline');
  await expect(wattage).toHaveValue('850');
  await expect(modular).toHaveValue('true');
  await expect(efficiency).toHaveValue('Gold');
  // Another category shows its own attributes instead.
  await category.selectOption({ label: cases.name });
  const caseSpecs = page.getByRole('group', { name: m.specsHeading(cases.name) });
  await expect(caseSpecs.getByLabel('Form factor', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Wattage (W)')).toHaveCount(0);
  await category.selectOption({ label: psus.name });
  await expect(wattage).toHaveValue('850');

  // A wrong number is refused here too, before anything is sent.
  const updates = { count: 0 };
  page.on('request', (r) => {
    if (r.method() === 'PUT' && new URL(r.url()).pathname === `/api/part/${added?._id}`) updates.count += 1;
  });
  await wattage.fill('1,5');
  await page.getByRole('button', { name: m.saveChanges }).click();
  await expectErrorNextTo(wattage, categoryMessages.attributeNotNumber('Wattage'));
  expect(updates.count).toBe(0);

  await wattage.fill('750');
  await page.getByRole('button', { name: m.saveChanges }).click();
  await expect(page.getByText(productMessages.updated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);
  expect(updates.count).toBe(1);
  expect((await partNamed(request, name))[0]).toMatchObject({
    category: psus.slug,
    brand: 'Quietline',
    attributes: { wattage: 750, modular: true, efficiency: 'Gold' },
  });

  // The part page shows the new value; the 800 W filter no longer finds it, 700..800 does.
  await page.goto(`/parts/${added?._id}`);
  const table = page.getByRole('table', { name: partMessages.specifications });
  await expect(table.getByRole('row', { name: 'Wattage' })).toContainText(
    partMessages.specNumber('750', 'W'),
  );
  await expect(table.getByRole('row', { name: 'Fully modular' })).toContainText(partMessages.specYes);
  await page.goto(`/c/${psus.slug}?attr.wattage=800..`);
  await expect(page.getByTestId('category-results')).toHaveText(browseMessages.noMatch);
  await page.goto(`/c/${psus.slug}?attr.wattage=700..800`);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading', { name })).toBeVisible();
});

test('a value the API refuses is explained next to its field', async ({ page, request, admin, part }) => {
  const psus = await addCategory(request, admin, 'Power supplies', psuAttributes);
  await signInAs(page, admin);
  await page.goto(`/dashboard/manageproducts/${part._id}`);
  await page.getByLabel(m.category, { exact: true }).selectOption({ label: psus.name });
  // Another admin deletes the category while this form is open: the API refuses the save by its
  // `category` field, and the form says so next to that field.
  await page.getByLabel('Efficiency rating', { exact: true }).fill('Platinum');
  const removed = await request.delete(`/api/categories/${psus.slug}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(removed.status()).toBe(200);
  await page.getByRole('button', { name: m.saveChanges }).click();
  await expectErrorNextTo(page.getByLabel(m.category, { exact: true }), categoryMessages.partCategoryUnknown);
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageproducts/${part._id}$`));
  const after = (await (await request.get(`/api/part/${part._id}`)).json()) as Part;
  expect(after).toMatchObject({ category: null, attributes: {} });
  await expectNoAxeViolations(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the specification fields fit the screen', async ({ page, admin }) => {
    await signInAs(page, admin);
    await page.goto('/dashboard/addproduct');
    await page.getByLabel(m.category, { exact: true }).selectOption({ label: 'Processors' });
    const tdp = page.getByLabel('Power (TDP) (W)', { exact: true });
    await expect(tdp).toBeVisible();
    await expect(page.getByLabel('Integrated graphics', { exact: true })).toBeVisible();
    const box = await tdp.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page);
  });
});
