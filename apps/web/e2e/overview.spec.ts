import { expectNoAxeViolations } from './axe';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * The owner's overview in the browser: an admin opens the Overview from the dashboard's menu, reads the
 * figures (the chart drawn, its table there for screen readers), and follows 'To ship' into the
 * order desk filtered to paid orders, where the order just paid waits.
 */
test('an admin opens the overview and follows To ship into the desk', async ({
  page,
  customer,
  admin,
  part,
}) => {
  const order = await placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 20 });
  const paid = await page.request.patch(`/api/order/${order._id}/status`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'paid' },
  });
  expect(paid.status()).toBe(200);

  await signInAs(page, admin);
  await page.goto('/dashboard');
  const menu = page.getByTestId('dashboard-menu');
  await expect(menu.getByRole('link').first()).toHaveText('Overview');
  await menu.getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
  await expect(page.getByText(/by the day they were placed, in the store’s time zone \(UTC\)/)).toBeVisible();

  // The chart, drawn by its own chunk, and the same 30 days as a table for screen readers.
  await expect(page.locator('.uplot canvas')).toBeVisible();
  await expect(page.getByRole('table', { name: /each of the last 30 days/ }).getByRole('row')).toHaveCount(
    31,
  );
  // Today's revenue includes the order just paid (£50.00).
  const today = page.getByRole('listitem').filter({ hasText: 'Revenue today' });
  await expect(today).toContainText('£');
  await expectNoAxeViolations(page);

  const toShip = page.getByRole('link', { name: /^To ship/ });
  await expect(toShip).toContainText(/[1-9]/);
  await toShip.click();
  await expect(page).toHaveURL(/\/dashboard\/manageorders\?status=paid$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('paid');
  await expect(page.getByRole('link', { name: order.number, exact: true })).toBeVisible();
});

test('the overview fits a phone, a long part name in its low stock included', async ({ page, admin }) => {
  const added = await page.request.post('/api/addproduct', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: `Overview low-stock part with a rather long name ${Date.now().toString(36)}`,
      sku: `E2E-LOW-${Date.now().toString(36)}`,
      price: 12.5,
      availableQuantity: 1,
      minOrderQuantity: 1,
      description:
        'A part with one unit left, so that the overview lists it under Low stock among the first.',
      img: '/media/parts/nexa-airstream-140-fan.svg',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, admin);
  await page.goto('/dashboard/overview');
  await expect(page.locator('.uplot canvas')).toBeVisible();
  await expect(page.getByRole('link', { name: /Overview low-stock part/ }).first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The lists are stacked cards on a phone: nothing hidden in a sideways scroll.
  const scrolled = await page
    .locator('main *')
    .evaluateAll(
      (elements) =>
        elements.filter(
          (el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'auto',
        ).length,
    );
  expect(scrolled).toBe(0);
  await expectNoAxeViolations(page);
});
