import { expect } from '@playwright/test';
import { signInAs, test } from './fixtures';
import { signOut } from './helpers';

/** Sign Out ends our API token on the store, not only in this browser (decision 028). */
test.describe('Sign Out', () => {
  test('the token read before signing out is refused afterwards', async ({ page, customer }) => {
    await signInAs(page, customer);
    await page.goto('/dashboard');
    await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();
    const profileStatus = async () =>
      (await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } })).status();
    expect(await profileStatus()).toBe(200);

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // A copy of the token (another tab, a stolen one) stops working once the store heard.
    await expect.poll(profileStatus).toBe(401);
  });

  test('completes when the store cannot be told', async ({ page, customer }) => {
    await page.route('**/api/session/end', (route) => route.abort('connectionrefused'));
    await signInAs(page, customer);
    await page.goto('/dashboard');
    await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    // Never told, the store still takes the token: the refusal above is Sign Out's doing.
    const stillValid = await page.request.get('/api/profile', {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(stillValid.status()).toBe(200);
  });
});
