import type { Page } from '@playwright/test';
import { browseMessages, type Order, type Part } from '@store/shared';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * Every route of the store, as a visitor, a customer and an admin reach it, in the states a
 * person meets it in: filled, empty, with validation errors and with a toast. Shared by the
 * accessibility and phone specs, so that a new route is checked by both once it is listed here.
 */

export type Role = 'visitor' | 'customer' | 'admin';

export interface Visit {
  name: string;
  role: Role;
  /** The URL, from the test's own part (and the customer's order, when the visit needs one). */
  path: (ctx: { part: Part; order?: Order }) => string;
  /** The customer has ordered the test's part before the visit. */
  needsOrder?: boolean;
  /** What the person does before the page is checked (submit an empty form, cause a toast…). */
  act?: (page: Page, ctx: { part: Part }) => Promise<void>;
}

const submitEmpty = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.locator('.text-error, [role="alert"]').first()).toBeVisible();
};

const toastShows = async (page: Page) => {
  const toast = page.locator('.Toastify__toast').first();
  await expect(toast).toBeVisible();
  // The toast bounces and fades in (react-toastify's entry animation, on the toast itself; its
  // progress bar runs until it closes): checked once that has finished, as a reader sees it,
  // not mid-fade, when its text is still paler than it will be.
  await toast.evaluate((element) => Promise.allSettled(element.getAnimations().map((a) => a.finished)));
};

/**
 * 'Fits my board' on a category page: the demo board with the longest name is matched on its own
 * page (as a buyer does), then the category is opened again.
 */
const boardMatched = (category: string) => async (page: Page) => {
  const answer = await page.request.get('/api/parts?category=motherboards&limit=100');
  expect(answer.ok()).toBe(true);
  const boards = (await answer.json()) as Part[];
  const board = boards.reduce((longest, each) => (each.name.length > longest.name.length ? each : longest));
  await page.goto(`/parts/${board._id}`);
  await page.getByRole('button', { name: browseMessages.matchThis }).click();
  await expect(page.getByRole('button', { name: browseMessages.matching })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto(`/c/${category}`);
  await expect(page.getByRole('button', { name: browseMessages.fitsMyBoard(board.name) })).toBeVisible();
};

/** The first `count` processors chosen with Compare on their cards, then compared. */
const processorsCompared = (count: number) => async (page: Page) => {
  const names = await page.getByTestId('part-card').getByRole('heading').allInnerTexts();
  for (const name of names.slice(0, count)) {
    const toggle = page.getByRole('button', { name: browseMessages.compareLabel(name) });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('link', { name: browseMessages.compareNow(count) }).click();
  await expect(page.getByTestId('compare').locator('tbody tr').first()).toBeVisible();
};

export const visits: Visit[] = [
  // A visitor.
  { name: 'home', role: 'visitor', path: () => '/' },
  { name: 'catalog', role: 'visitor', path: () => '/parts' },
  {
    name: 'catalog, the part found',
    role: 'visitor',
    path: ({ part }) => `/parts?q=${encodeURIComponent(part.name)}`,
  },
  { name: 'catalog, nothing found', role: 'visitor', path: () => '/parts?q=no-such-part-anywhere' },
  { name: 'catalog, page past the end', role: 'visitor', path: () => '/parts?page=99' },
  { name: 'part page', role: 'visitor', path: ({ part }) => `/parts/${part._id}` },
  { name: 'unknown part', role: 'visitor', path: () => '/parts/000000000000000000000000' },
  { name: 'category', role: 'visitor', path: () => '/c/processors' },
  {
    name: 'category, filtered',
    role: 'visitor',
    path: () => '/c/processors?brand=VoltCore&attr.cores=8..',
  },
  { name: 'category, nothing matches', role: 'visitor', path: () => '/c/processors?attr.cores=500..' },
  {
    name: 'memory, fits my board',
    role: 'visitor',
    path: () => '/c/memory',
    act: boardMatched('memory'),
  },
  {
    name: 'processors, fits my board',
    role: 'visitor',
    path: () => '/c/processors',
    act: boardMatched('processors'),
  },
  { name: 'unknown category', role: 'visitor', path: () => '/c/no-such-category' },
  { name: 'compare, nothing chosen', role: 'visitor', path: () => '/compare' },
  { name: 'compare', role: 'visitor', path: ({ part }) => `/compare?ids=${part._id}` },
  { name: 'compare, two parts', role: 'visitor', path: () => '/c/processors', act: processorsCompared(2) },
  { name: 'compare, four parts', role: 'visitor', path: () => '/c/processors', act: processorsCompared(4) },
  { name: 'blogs', role: 'visitor', path: () => '/blogs' },
  { name: 'portfolio', role: 'visitor', path: () => '/portfolio' },
  { name: 'login', role: 'visitor', path: () => '/login' },
  { name: 'login, empty form sent', role: 'visitor', path: () => '/login', act: submitEmpty('Login') },
  { name: 'register', role: 'visitor', path: () => '/register' },
  {
    name: 'register, empty form sent',
    role: 'visitor',
    path: () => '/register',
    act: submitEmpty('Register'),
  },
  { name: 'not found', role: 'visitor', path: () => '/no-such-page' },
  { name: 'cart, empty', role: 'visitor', path: () => '/cart' },
  {
    name: 'cart, a visitor’s line',
    role: 'visitor',
    path: ({ part }) => `/parts/${part._id}`,
    act: async (page, { part }) => {
      await page.getByRole('button', { name: `Add ${part.name} to cart` }).click();
      await page.getByRole('link', { name: 'View cart' }).click();
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
    },
  },
  // A customer.
  { name: 'purchase', role: 'customer', path: ({ part }) => `/purchase/${part._id}` },
  {
    name: 'purchase, delivery left empty',
    role: 'customer',
    path: ({ part }) => `/purchase/${part._id}`,
    act: submitEmpty('Order'),
  },
  {
    name: 'order placed, with its toast',
    role: 'customer',
    path: ({ part }) => `/purchase/${part._id}`,
    act: async (page) => {
      await page.getByLabel('Phone').fill('+1 555 010 2030');
      await page.getByLabel('Address').fill('12 Harbour Street, Springfield 40001');
      await page.getByRole('button', { name: 'Order', exact: true }).click();
      await expect(page.getByTestId('order-placed')).toBeVisible();
      await toastShows(page);
    },
  },
  {
    name: 'cart, a flagged line',
    role: 'customer',
    path: ({ part }) => `/parts/${part._id}`,
    act: async (page, { part }) => {
      await page.getByRole('button', { name: `Add ${part.name} to cart` }).click();
      await page.getByRole('link', { name: 'View cart' }).click();
      const quantity = page.getByLabel(`Quantity of ${part.name}`);
      await quantity.fill('5');
      await quantity.press('Enter');
      await expect(page.getByTestId('line-problem')).toBeVisible();
    },
  },
  { name: 'quick order', role: 'customer', path: () => '/quick-order' },
  {
    name: 'quick order, empty form sent',
    role: 'customer',
    path: () => '/quick-order',
    act: submitEmpty('Add to cart'),
  },
  {
    name: 'quick order, its rows',
    role: 'customer',
    path: () => '/quick-order',
    act: async (page, { part }) => {
      await page.getByLabel('SKU, quantity per line').fill(`${part.sku},5\nNO-SUCH-SKU,10`);
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await expect(page.getByTestId('quick-order-row')).toHaveCount(2);
    },
  },
  { name: 'profile', role: 'customer', path: () => '/dashboard' },
  { name: 'my orders, none yet', role: 'customer', path: () => '/dashboard/myorders' },
  { name: 'my orders', role: 'customer', path: () => '/dashboard/myorders', needsOrder: true },
  {
    name: 'payment',
    role: 'customer',
    path: ({ order }) => `/dashboard/payment/${order?._id}`,
    needsOrder: true,
  },
  {
    name: 'order',
    role: 'customer',
    path: ({ order }) => `/dashboard/orders/${order?._id}`,
    needsOrder: true,
  },
  {
    name: 'invoice',
    role: 'customer',
    path: ({ order }) => `/dashboard/orders/${order?._id}/invoice`,
    needsOrder: true,
  },
  { name: 'add review', role: 'customer', path: () => '/dashboard/addreview' },
  {
    name: 'add review, empty form sent',
    role: 'customer',
    path: () => '/dashboard/addreview',
    act: submitEmpty('Add Review'),
  },
  {
    name: 'admin page refused, with its toast',
    role: 'customer',
    path: () => '/dashboard/addproduct',
    act: toastShows,
  },
  // An admin.
  { name: 'profile (admin)', role: 'admin', path: () => '/dashboard' },
  { name: 'overview', role: 'admin', path: () => '/dashboard/overview' },
  { name: 'add product', role: 'admin', path: () => '/dashboard/addproduct' },
  {
    name: 'add product, empty form sent',
    role: 'admin',
    path: () => '/dashboard/addproduct',
    act: submitEmpty('Add Product'),
  },
  { name: 'manage products', role: 'admin', path: () => '/dashboard/manageproducts' },
  {
    name: 'manage products, nothing found',
    role: 'admin',
    path: () => '/dashboard/manageproducts?q=no-such-part-anywhere',
  },
  { name: 'edit product', role: 'admin', path: ({ part }) => `/dashboard/manageproducts/${part._id}` },
  { name: 'manage orders', role: 'admin', path: () => '/dashboard/manageorders', needsOrder: true },
  {
    name: 'manage orders, nothing found',
    role: 'admin',
    path: () => '/dashboard/manageorders?q=no-such-order-anywhere',
  },
  {
    name: 'order (admin)',
    role: 'admin',
    path: ({ order }) => `/dashboard/orders/${order?._id}`,
    needsOrder: true,
  },
  { name: 'users', role: 'admin', path: () => '/dashboard/users' },
  { name: 'categories', role: 'admin', path: () => '/dashboard/categories' },
  {
    name: 'categories, empty form sent',
    role: 'admin',
    path: () => '/dashboard/categories',
    act: submitEmpty('Add category'),
  },
  { name: 'import products', role: 'admin', path: () => '/dashboard/import' },
  {
    name: 'import products, no file chosen',
    role: 'admin',
    path: () => '/dashboard/import',
    act: submitEmpty('Dry run'),
  },
  { name: 'outbox', role: 'admin', path: () => '/dashboard/outbox', needsOrder: true },
  // The admin's sign-in and the test part's addition are entries already.
  { name: 'audit log', role: 'admin', path: () => '/dashboard/audit' },
  {
    name: 'audit log, nothing found',
    role: 'admin',
    path: () => '/dashboard/audit?action=user.restore&actor=nobody-at-all%40example.com',
  },
];

/** Waits until the page has loaded its data: no route chunk, query or spinner still pending. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .loading, progress[aria-label="Loading page"]')).toHaveCount(0);
}

/**
 * One test per visit: signs in as its role (the fixtures make the people and the part), opens
 * the page, acts, and hands the settled page to `check`.
 */
export function eachVisit(check: (page: Page, visit: Visit) => Promise<void>) {
  for (const visit of visits) {
    test(`${visit.name} (${visit.role})`, async ({ page, customer, admin, part }) => {
      const order = visit.needsOrder
        ? await placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 20 })
        : undefined;
      if (visit.role === 'customer') await signInAs(page, customer);
      if (visit.role === 'admin') await signInAs(page, admin);
      await page.goto(visit.path({ part, order }));
      await settled(page);
      await visit.act?.(page, { part });
      await settled(page);
      await check(page, visit);
    });
  }
}
