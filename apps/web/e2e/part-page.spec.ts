import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { computeBill, fromCents, type Part, partPageMessages, stockMessages, toCents } from '@store/shared';
import { type Account, expect, placeOrderByApi, signInAs, test } from './fixtures';

/** A public page for each part, and stock shown truthfully everywhere. */

const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const totalOf = (part: Part, quantity: number) =>
  money.format(fromCents(computeBill(toCents(part.price), quantity, part.bulkDiscount).totalCents));

const partNow = async (request: APIRequestContext, id: string) =>
  (await (await request.get(`/api/part/${id}`)).json()) as Part;

const badge = (page: Page) => page.getByTestId('stock-badge');

async function addPart(
  request: APIRequestContext,
  admin: Account,
  stock: { availableQuantity: number; minOrderQuantity: number },
): Promise<string> {
  const added = await request.post('/api/addproduct', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: `Stock test part ${randomUUID().slice(0, 8)}`,
      sku: `STOCK-${randomUUID().slice(0, 13)}`,
      price: 1.25,
      ...stock,
      bulkDiscount: false,
      // Longer than the cards' excerpt, as public.spec expects of the newest parts.
      description:
        'A part made for one end-to-end test of stock levels, so that its card, page and purchase page show its level.',
      img: '/media/parts/nexa-airstream-140-fan.svg',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { insertedId: string }).insertedId;
}

/** A part of its own with exactly its minimum order in stock, then bought out by a customer. */
async function soldOutPart(request: APIRequestContext, admin: Account, customer: Account): Promise<Part> {
  const insertedId = await addPart(request, admin, { availableQuantity: 10, minOrderQuantity: 10 });
  await placeOrderByApi(request, customer, { partId: insertedId, productQuantity: 10 });
  const part = await partNow(request, insertedId);
  expect(part).toMatchObject({ availableQuantity: 0, stock: 'out' });
  return part;
}

test.describe('a part of its own page', () => {
  test('a visitor opens a part from a home card by its name and sees its badge and live bill', async ({
    page,
    request,
    part: own,
  }) => {
    // The test's own part, just added, so among the home page's newest: any other card may be a
    // part another test is deleting at this moment.
    await page.goto('/');
    const name = own.name;
    const card = page.getByTestId('part-card').filter({ has: page.getByRole('heading', { name }) });
    await card.getByRole('link', { name, exact: true }).click();

    await expect(page).toHaveURL(/\/parts\/[0-9a-f-]{36}$/);
    const part = await partNow(request, page.url().split('/').at(-1) ?? '');
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(badge(page)).toHaveText(stockMessages.labels[part.stock]);
    await expect(page.getByTestId('part-description')).toHaveText(part.description);
    await expect(page.getByTestId('part-price')).toHaveText(money.format(part.price));

    const quantity = page.getByLabel('Quantity');
    await expect(quantity).toHaveValue(String(part.minOrderQuantity));
    await expect(page.getByTestId('bill-total')).toHaveText(totalOf(part, part.minOrderQuantity));
    const more = Math.min(part.minOrderQuantity + 7, part.availableQuantity);
    await quantity.fill(String(more));
    await expect(page.getByTestId('bill-total')).toHaveText(totalOf(part, more));
    // Outside the part's range there is no bill, as on the purchase page.
    await quantity.fill(String(part.availableQuantity + 1));
    await expect(page.getByTestId('bill-total')).toHaveText('—');
  });

  test('a visitor opens a part from a catalog card by its image, sees the bulk discount, and Purchase asks them to sign in', async ({
    page,
    part,
  }) => {
    await page.goto(`/parts?q=${encodeURIComponent(part.name)}`);
    const card = page.getByTestId('part-card').filter({ hasText: part.name });
    await expect(card.getByTestId('stock-badge')).toHaveText(stockMessages.labels.in);
    // The image is a mouse target only: hidden from assistive technology, out of the tab order.
    const imageLink = card.locator('a:has(img)');
    await expect(imageLink).toHaveAttribute('tabindex', '-1');
    await expect(imageLink).toHaveAttribute('aria-hidden', 'true');
    await imageLink.click();

    await expect(page).toHaveURL(`/parts/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(page.getByAltText(part.name)).toBeVisible();
    // The fixture's part: 2,500 in stock at £2.50, at least 10 an order, with the bulk discount.
    await expect(badge(page)).toHaveText('In stock');
    await expect(page.getByText('Bulk discount eligible')).toBeVisible();
    await expect(page.getByText(partPageMessages.bulkNote)).toBeVisible();
    await expect(page.getByTestId('bill-total')).toHaveText('£25.00');
    await expect(page.getByTestId('bill-discount')).toHaveCount(0);
    await page.getByLabel('Quantity').fill('1000');
    await expect(page.getByText('Bulk discount (10%)')).toBeVisible();
    // (Read out as 'minus £250.00'.)
    await expect(page.getByTestId('bill-discount')).toHaveText(/£250\.00$/);
    await expect(page.getByTestId('bill-total')).toHaveText('£2,250.00');

    await page.getByRole('link', { name: `Purchase ${part.name}` }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a sold-out part says 'Out of stock' on its card, its page and the purchase page, and cannot be ordered", async ({
    page,
    request,
    admin,
    customer,
  }) => {
    const part = await soldOutPart(request, admin, customer);

    await page.goto(`/parts?q=${encodeURIComponent(part.name)}`);
    const card = page.getByTestId('part-card').filter({ hasText: part.name });
    await expect(card.getByTestId('stock-badge')).toHaveText('Out of stock');
    await expect(card.getByRole('button', { name: /^Out of stock/ })).toBeDisabled();
    await expect(card.getByRole('link', { name: /^Purchase/ })).toHaveCount(0);

    await card.getByRole('link', { name: part.name, exact: true }).click();
    await expect(page).toHaveURL(`/parts/${part._id}`);
    await expect(badge(page)).toHaveText('Out of stock');
    await expect(page.getByRole('button', { name: /^Out of stock/ })).toBeDisabled();
    await expect(page.getByRole('link', { name: /^Purchase/ })).toHaveCount(0);
    await expect(page.getByLabel('Quantity')).toHaveCount(0);
    await expect(page.getByText(stockMessages.outOfStockNote)).toBeVisible();

    // Even typed in by hand, the purchase page refuses to order it.
    await signInAs(page, admin);
    await page.goto(`/purchase/${part._id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    await expect(badge(page)).toHaveText('Out of stock');
    await expect(page.getByTestId('quantity-hint')).toHaveText('Out of stock');
    await expect(page.getByText(/Between \d/)).toHaveCount(0);
    await expect(page.getByLabel('Quantity')).toBeDisabled();
    await page.getByLabel('Phone').fill('+1 555 010 2030');
    await page.getByLabel('Address').fill('1 Main Street');
    await expect(page.getByRole('button', { name: 'Out of stock', exact: true })).toBeDisabled();

    // Manage Products shows its stock, found by name.
    await page.goto('/dashboard/manageproducts');
    await page.getByLabel('Search products by name').fill(part.name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=Stock/);
    const rows = page.getByTestId('product-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.getByTestId('product-stock')).toHaveText(/^0\s*Out of stock$/);
  });

  test("the catalog's 'In stock only' filter is kept in the URL and leaves sold-out parts out", async ({
    page,
    request,
    admin,
    customer,
  }) => {
    const soldOut = await soldOutPart(request, admin, customer);
    const card = page.getByTestId('part-card').filter({ hasText: soldOut.name });
    await page.goto(`/parts?q=${encodeURIComponent(soldOut.name)}`);
    await expect(card).toHaveCount(1);
    await page.getByLabel('In stock only').check();
    await expect(page).toHaveURL(/inStock=1/);
    await expect(page.getByTestId('catalog-results')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('In stock only')).toBeChecked();
    await page.getByLabel('In stock only').uncheck();
    await expect(page).not.toHaveURL(/inStock/);
    await expect(card).toHaveCount(1);
  });

  test('an unknown or deleted part shows a not-found message with a link to the catalog', async ({
    page,
    request,
    admin,
    part,
  }) => {
    await page.goto(`/parts/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: partPageMessages.notFound })).toBeVisible();
    await page.getByRole('link', { name: partPageMessages.toCatalog }).click();
    await expect(page).toHaveURL(/\/parts$/);

    const deleted = await request.delete(`/api/deleteparts/${part._id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.status()).toBe(200);
    await page.goto(`/parts/${part._id}`);
    await expect(page.getByRole('heading', { name: partPageMessages.notFound })).toBeVisible();
    await expect(page.getByRole('link', { name: partPageMessages.toCatalog })).toHaveAttribute(
      'href',
      '/parts',
    );
  });

  test('at 360 px a low-stock part fits the screen, and the keyboard goes from its name to Purchase', async ({
    page,
    request,
    admin,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const id = await addPart(request, admin, { availableQuantity: 30, minOrderQuantity: 10 });
    const part = await partNow(request, id);
    expect(part.stock).toBe('low');

    await page.goto(`/parts?q=${encodeURIComponent(part.name)}`);
    const card = page.getByTestId('part-card').filter({ hasText: part.name });
    await expect(card.getByTestId('stock-badge')).toHaveText('Low stock');
    // One tab stop per destination: the image's link is skipped.
    await card.getByRole('link', { name: part.name, exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(card.getByRole('link', { name: `Purchase ${part.name}` })).toBeFocused();

    await page.goto(`/parts/${id}`);
    await expect(badge(page)).toHaveText('Low stock');
    const purchase = page.getByRole('link', { name: `Purchase ${part.name}` });
    await purchase.scrollIntoViewIfNeeded();
    await expect(purchase).toBeInViewport();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.screen);
  });
});
