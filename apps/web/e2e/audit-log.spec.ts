import { auditActionLabels, auditFieldLabel, auditMessages as m, productMessages } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { expect, placeOrderByApi, signInAs, test } from './fixtures';

/**
 * An admin edits a price and finds, in the Audit log, who changed it and what it was; the part's
 * edit page shows its own entries.
 */
test('an admin edits a price and sees the entry, before and after, in the audit log', async ({
  page,
  admin,
  part,
}) => {
  await signInAs(page, admin);
  await page.goto(`/dashboard/manageproducts/${part._id}`);
  const price = page.getByLabel('Price (per unit, £)');
  await expect(price).toHaveValue('2.5');
  await price.fill('3.75');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(productMessages.updated)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageproducts$/);

  // The dashboard's menu leads there (folded behind its button on a phone).
  const menuButton = page.getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.getByRole('link', { name: m.title }).click();
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();

  // Only this part's edits: by action, then the admin's own e-mail.
  await page.getByLabel(m.action).selectOption({ label: auditActionLabels['part.edit'] });
  await page.getByLabel(m.actor).fill(admin.email);
  await page.getByRole('button', { name: m.apply, exact: true }).click();
  await expect(page).toHaveURL(/action=part\.edit/);
  const entry = page.getByTestId('audit-entry').filter({ hasText: part.name });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(admin.email);
  await expect(entry).toContainText(auditActionLabels['part.edit']);
  const change = entry.getByTestId('audit-change').filter({
    has: page.getByTestId('audit-field').getByText(auditFieldLabel('price'), { exact: true }),
  });
  await expect(change.getByTestId('audit-before')).toHaveText('2.5');
  await expect(change.getByTestId('audit-after')).toHaveText('3.75');
  await expectNoAxeViolations(page);

  // The entry's link opens the part, whose edit page lists it too.
  await entry.getByRole('link', { name: new RegExp(part.name) }).click();
  const trail = page.getByTestId('target-audit-trail');
  await expect(
    trail.getByTestId('audit-entry').filter({ hasText: auditActionLabels['part.edit'] }),
  ).toHaveCount(1);
  await expect(
    trail.getByTestId('audit-entry').filter({ hasText: auditActionLabels['part.add'] }),
  ).toHaveCount(1);
});

test('a filter that matches nothing says so, and clearing it shows the log again', async ({
  page,
  admin,
}) => {
  await signInAs(page, admin);
  await page.goto('/dashboard/audit?action=user.restore&actor=nobody-at-all%40example.com');
  await expect(page.getByText(m.empty)).toBeVisible();
  await expect(page.getByLabel(m.actor)).toHaveValue('nobody-at-all@example.com');
  await page.getByRole('button', { name: m.clear }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByTestId('audit-entry').first()).toBeVisible();
});

test('a shipment’s carrier and tracking number are named in words on the order’s audit trail', async ({
  page,
  request,
  admin,
  customer,
  part,
}) => {
  const order = await placeOrderByApi(request, customer, {
    partId: part._id,
    productQuantity: part.minOrderQuantity,
  });
  const move = (data: object) =>
    request.patch(`/api/order/${order._id}/status`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data,
    });
  expect((await move({ status: 'paid' })).status()).toBe(200);
  expect((await move({ status: 'shipped', carrier: 'DPD', trackingNumber: '15501234567890' })).status()).toBe(
    200,
  );

  await signInAs(page, admin);
  await page.goto(`/dashboard/orders/${order._id}`);
  const shipped = page
    .getByTestId('target-audit-trail')
    .getByTestId('audit-change')
    .filter({ hasText: '15501234567890' });
  await expect(shipped.getByTestId('audit-field')).toHaveText(auditFieldLabel('trackingNumber'));
  await expect(page.getByTestId('target-audit-trail')).not.toContainText('trackingNumber');
  await expect(page.getByTestId('target-audit-trail')).toContainText(`${auditFieldLabel('carrier')}:`);
});
