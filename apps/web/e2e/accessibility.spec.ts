import type { Order } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { eachVisit } from './every-route';
import { expect, placeOrderByApi, test } from './fixtures';

/**
 * WCAG 2.1 AA on every page: axe's A and AA rules find nothing on any route, for any
 * role, filled or empty, with validation errors or a toast showing (phone.spec runs them on the
 * phone layout too).
 */
test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  eachVisit(expectNoAxeViolations);
});

/**
 * The green marks appear only once something is paid (a verified buyer's review, a paid or
 * shipped order), so every-route's fresh, unpaid orders never show them to axe; the tests here do.
 */
test.describe('accessibility with paid and shipped orders and a verified buyer’s review', () => {
  test('home, My Orders and the order desk', async ({ page, customer, admin, part }) => {
    // Three pages, each checked by axe, after placing and moving two orders.
    test.slow();
    const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
    const place = () => placeOrderByApi(page.request, customer, { partId: part._id, productQuantity: 20 });
    const move = async (order: Order, status: Order['status']) => {
      const res = await page.request.patch(`/api/order/${order._id}/status`, {
        headers: as(admin),
        data: { status },
      });
      expect(res.ok(), await res.text()).toBe(true);
    };
    const paid = await place();
    await move(paid, 'paid');
    const shipped = await place();
    await move(shipped, 'paid');
    await move(shipped, 'shipped');
    const review = await page.request.post('/api/review', {
      headers: as(customer),
      data: { message: 'Paid, shipped and exactly as described.', ratings: 5 },
    });
    expect(review.status(), await review.text()).toBe(201);

    await page.goto('/');
    const card = page.getByTestId('review-card').filter({ hasText: 'Paid, shipped and exactly' });
    await expect(card.getByTestId('verified-buyer')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.addInitScript((token) => localStorage.setItem('accessToken', token), customer.token);
    await page.goto('/dashboard/myorders');
    await expect(page.getByTestId('order-status').filter({ hasText: 'Shipped' }).first()).toBeVisible();
    await expect(page.getByTestId('order-status').filter({ hasText: 'Paid' }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.addInitScript((token) => localStorage.setItem('accessToken', token), admin.token);
    await page.goto(`/dashboard/manageorders?q=${encodeURIComponent(customer.email)}`);
    await expect(page.getByTestId('order-status').filter({ hasText: 'Shipped' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
