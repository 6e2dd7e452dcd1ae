import { apiMessages, authErrorMessages, productMessages, toastMessages } from '@store/shared';
import { E2E_CONTACT } from '../playwright.config';
import { expect, signInAs, test } from './fixtures';
import { signIn } from './helpers';

/** Messages that say what happened, so that nobody is left guessing. */
test.describe('messages that say what happened', () => {
  test('a removed customer is told so when they sign in with their password, and only then', async ({
    page,
    request,
    customer,
    admin,
  }) => {
    const removed = await request.delete(`/api/user/${encodeURIComponent(customer.email)}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(removed.ok(), await removed.text()).toBe(true);

    await page.goto('/login');
    const error = page.getByTestId('provider-error');
    // A wrong password says nothing of the account (no enumeration)…
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(error).toHaveText(authErrorMessages['auth/invalid-credential'] ?? '');
    // …the right one, what registering again says.
    await signIn(page, customer.email);
    await expect(error).toHaveText(apiMessages.accountRemoved(E2E_CONTACT));
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a customer whose session the store ended is signed out and told why, once', async ({
    page,
    request,
    customer,
    admin,
  }) => {
    await signInAs(page, customer);
    // The top bar reads the cart after the page: were it refused after the role change below,
    // its toast would come before the reload and be wiped by it.
    const cartRead = page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/cart');
    await page.goto('/dashboard/myorders');
    await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
    await cartRead;
    // A role change ends every token issued before it (docs/architecture.md, 'Identity'): the
    // next calls answer 401.
    const promoted = await request.put(`/api/user/admin/${encodeURIComponent(customer.email)}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(promoted.ok(), await promoted.text()).toBe(true);

    // The page's several calls are all refused; one toast says so.
    await page.reload();
    await expect(page).not.toHaveURL(/\/dashboard/);
    const toast = page.locator('.Toastify__toast').filter({ hasText: toastMessages.sessionEnded });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('Add Product forgets the unreadable file once a new one is chosen, and previews it', async ({
    page,
    admin,
  }) => {
    // Real PNGs to upload: screenshots of a page.
    await page.goto('/portfolio');
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 240 } });
    const otherPng = await page.screenshot({ clip: { x: 0, y: 0, width: 200, height: 150 } });

    await signInAs(page, admin);
    await page.goto('/dashboard/addproduct');
    await page.getByLabel('Name').fill(`Preview Test Fan ${Date.now()}`);
    await page.getByLabel('Price (per unit, £)').fill('3.10');
    await page.getByLabel('Available quantity').fill('400');
    await page.getByLabel('Minimum order quantity').fill('20');
    await page.getByLabel('SKU').fill(`PREVIEW-FAN-${Date.now()}`);
    await page.getByLabel('Description').fill('A fan added to see the chosen image before it is uploaded.');
    const image = page.getByLabel('Image');
    await image.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture'),
    });
    // The browser cannot draw it either: no broken preview.
    await expect(page.getByTestId('chosen-image')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const refused = page.getByText('This file is not an image we can read.');
    await expect(refused).toBeVisible();

    await image.setInputFiles({ name: 'fan.png', mimeType: 'image/png', buffer: png });
    await expect(refused).toHaveCount(0);
    const preview = page.getByRole('img', { name: productMessages.chosenImage('fan.png') });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    const firstUrl = await preview.getAttribute('src');
    expect(firstUrl).toMatch(/^blob:/);

    // Another choice lets the first one's URL go.
    await image.setInputFiles({ name: 'fan-small.png', mimeType: 'image/png', buffer: otherPng });
    await expect(page.getByRole('img', { name: productMessages.chosenImage('fan-small.png') })).toBeVisible();
    const firstStillThere = await page.evaluate(
      (url) =>
        fetch(url ?? '').then(
          () => true,
          () => false,
        ),
      firstUrl,
    );
    expect(firstStillThere).toBe(false);

    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(toastMessages.productAdded)).toBeVisible();
    await expect(page.getByTestId('chosen-image')).toHaveCount(0);
  });
});
