import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(label: string) {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}
export const PASSWORD = 'secret-password';

/** Registers through the real form, against the Firebase Auth emulator and our API. */
export async function registerUser(page: Page, name: string, email: string) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('user-name').first()).toHaveText(name);
}

export async function signOut(page: Page) {
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs in as the ADMIN_EMAILS account, registering it the first time. */
export async function signInAsAdmin(page: Page, email: string) {
  await page.goto('/register');
  await page.getByLabel('Name').fill('Olive Owner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  const signedIn = page.getByTestId('user-name').first();
  const exists = page.getByTestId('provider-error');
  await expect(signedIn.or(exists)).toBeVisible();
  if (await exists.isVisible()) {
    await page.goto('/login');
    await signIn(page, email);
    await expect(signedIn).toBeVisible();
  }
}
