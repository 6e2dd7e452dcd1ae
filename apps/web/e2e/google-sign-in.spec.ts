import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from '../playwright.config';
import { expect, test } from './fixtures';
import { PASSWORD, registerUser, signOut, uniqueEmail } from './helpers';

/**
 * 'Continue with google' in the trial set-up: the store serves the Auth emulator's stand-in for
 * Google's sign-in page under its own origin (to browsers on its own machine, as this one is),
 * where a person picks or makes up a Google account. Nothing is asked of Google.
 */

/**
 * Every console error of the page, CSP refusals among them, and every request to Google. The
 * stand-in page's style sheets and fonts come from public CDNs this machine cannot reach: their
 * failed loads are the only errors let through.
 */
function watch(page: Page) {
  const errors: string[] = [];
  const fromGoogle: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url } = message.location();
    if (/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//.test(url)) return;
    errors.push(`${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    if (/^https:\/\/[^/]*(apis\.google\.com|accounts\.google\.com)\//.test(request.url()))
      fromGoogle.push(request.url());
  });
  return { errors, fromGoogle };
}

/** The identity provider's calls the page makes from now on (forwarded under the store's origin). */
function identityCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(identitytoolkit|securetoken)\.googleapis\.com\//.test(pathname)) calls.push(pathname);
  });
  return calls;
}

/** Presses 'Continue with google' and makes up a new Google account on the stand-in page. */
async function continueWithNewGoogleAccount(page: Page, email: string, name: string) {
  await page.getByRole('button', { name: 'Continue with google' }).click();
  await expect(page).toHaveURL(/\/emulator\/auth\/handler\?/);
  expect(new URL(page.url()).origin).toBe(E2E_BASE_URL);
  await page.getByRole('button', { name: 'Add new account' }).click();
  await page.locator('#email-input').fill(email);
  await page.locator('#display-name-input').fill(name);
  await page.getByRole('button', { name: /Sign in with Google/i }).click();
}

/** How many users Firebase keeps in this browser's storage for the next visit. */
const keptFirebaseUsers = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').count();
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );

test.describe("'Continue with google' with the Auth emulator", () => {
  test('signs in through the stand-in page and comes back to the page the visitor wanted', async ({
    page,
  }) => {
    const seen = watch(page);
    await page.goto('/dashboard/myorders');
    await expect(page).toHaveURL(/\/login$/);
    await continueWithNewGoogleAccount(page, uniqueEmail('google'), 'Gail Google');

    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByTestId('user-name').first()).toHaveText('Gail Google');
    await page.getByTestId('dashboard-menu').getByRole('link', { name: 'My Profile' }).click();
    await expect(page.getByTestId('profile-role')).toHaveText('Customer');
    await page.getByTestId('dashboard-menu').getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    expect(seen.errors).toEqual([]);
    expect(seen.fromGoogle).toEqual([]);
  });

  test('lists the Google account made before, which signs in again from the register page', async ({
    page,
  }) => {
    const seen = watch(page);
    const email = uniqueEmail('google-again');
    await page.goto('/login');
    await continueWithNewGoogleAccount(page, email, 'Greg Google');
    await expect(page.getByTestId('user-name').first()).toHaveText('Greg Google');

    const calls = identityCalls(page);
    await signOut(page);
    await expect.poll(() => keptFirebaseUsers(page)).toBe(0);
    expect(calls).toEqual([]);

    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue with google' }).click();
    await page.getByRole('listitem').filter({ hasText: email }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-name').first()).toHaveText('Greg Google');
    expect(seen.errors).toEqual([]);
    expect(seen.fromGoogle).toEqual([]);
  });

  test('says so when the stand-in page cannot be had, and stays on the login page', async ({ page }) => {
    // What a browser on another machine is told (the store refuses it the page: API tests).
    await page.route('**/emulator/auth/handler?*', (route) =>
      route.fulfill({ status: 403, json: { message: 'refused' } }),
    );
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with google' }).click();
    await expect(page.getByTestId('provider-error')).toHaveText(
      "Google sign-in in this trial works only in a browser on the store's own computer. Please log in with your e-mail and password.",
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Sign Out, once the identity provider no longer takes the sign-in it kept', () => {
  test('asks the provider nothing, logs no error, and keeps nothing of it', async ({ page }) => {
    const email = uniqueEmail('kept');
    await registerUser(page, 'Kit Kept', email);
    // Elsewhere the account goes (as after a restart of the emulator, which refuses the ID
    // tokens it issued before): the sign-in Firebase kept in this browser is refused from now on.
    const signedIn = await (
      await page.request.post('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e', {
        data: { email, password: PASSWORD, returnSecureToken: true },
      })
    ).json();
    const deleted = await page.request.post('/identitytoolkit.googleapis.com/v1/accounts:delete?key=e2e', {
      data: { idToken: signedIn.idToken },
    });
    expect(deleted.status()).toBe(200);

    // A later visit, still signed in to the store.
    await page.goto('/dashboard/myorders');
    await expect(page.getByTestId('user-name').first()).toHaveText('Kit Kept');
    const seen = watch(page);
    const calls = identityCalls(page);
    await signOut(page);
    await expect.poll(() => keptFirebaseUsers(page)).toBe(0);
    expect(seen.errors).toEqual([]);
    expect(calls).toEqual([]);
  });
});
