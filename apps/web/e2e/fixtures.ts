import { randomUUID } from 'node:crypto';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import type { Order, Part } from '@store/shared';
import { E2E_ADMIN_EMAILS, E2E_AUTH_EMULATOR_URL, E2E_BASE_URL } from '../playwright.config';
import { PASSWORD, uniqueEmail } from './helpers';

/**
 * Each test's own people and parts, made through the store's public doors rather than its
 * forms: the Auth emulator's sign-in calls (forwarded under the store's origin, as the browser
 * reaches them) and our API. Only accounts.spec registers through the form, once.
 */

/** Someone with an account in the emulator and a row in our store. */
export interface Account {
  email: string;
  name: string;
  /** Our API's token, as the web app keeps it after signing in. */
  token: string;
}

interface IdentityAnswer {
  idToken: string;
  error?: { message: string };
}

/**
 * Calls the emulator through the store, as the Firebase SDK in the browser does. `store`: the
 * store's origin, the taxed one's for tax.spec.ts (playwright.config), else the first's.
 */
async function identity(call: string, body: object, store = E2E_BASE_URL): Promise<IdentityAnswer> {
  const res = await fetch(`${store}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=e2e`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const answer = (await res.json()) as IdentityAnswer;
  if (!res.ok && !answer.error) throw new Error(`accounts:${call} answered ${res.status}`);
  return answer;
}

/** Our API's token for a Firebase ID token, as the web app's startSession() gets it. */
async function exchange(
  email: string,
  name: string,
  idToken: string,
  store = E2E_BASE_URL,
): Promise<Account> {
  const res = await fetch(`${store}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!res.ok) throw new Error(`signing ${email} in answered ${res.status}: ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { email, name, token };
}

async function signInWithPassword(email: string, store = E2E_BASE_URL): Promise<string> {
  const answer = await identity('signInWithPassword', { email, password: PASSWORD }, store);
  if (answer.error) throw new Error(`signing ${email} in: ${answer.error.message}`);
  return answer.idToken;
}

/** A new account (or, after a worker restart, the one it made before) and its ID token. */
async function signUp(email: string, name: string, store = E2E_BASE_URL): Promise<string> {
  const answer = await identity('signUp', { email, password: PASSWORD, displayName: name }, store);
  if (answer.error?.message === 'EMAIL_EXISTS') return signInWithPassword(email, store);
  if (answer.error) throw new Error(`signing ${email} up: ${answer.error.message}`);
  return answer.idToken;
}

/** Verifies the address as its owner does: asks for the link, then follows it from the outbox. */
async function verify(email: string, idToken: string) {
  const sent = await identity('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  if (sent.error) throw new Error(`sending ${email} a verification link: ${sent.error.message}`);
  const { projectId } = (await (await fetch(`${E2E_BASE_URL}/api/auth-config`)).json()) as {
    projectId: string;
  };
  const outbox = (await (
    await fetch(`${E2E_AUTH_EMULATOR_URL}/emulator/v1/projects/${projectId}/oobCodes`)
  ).json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  const link = outbox.oobCodes.findLast((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
  if (!link) throw new Error(`no verification link was sent to ${email}`);
  const followed = await fetch(link.oobLink);
  if (!followed.ok) throw new Error(`following ${email}'s verification link answered ${followed.status}`);
}

/** A new customer, signed up and known to our store; `label` starts the e-mail address. */
export async function createCustomer(
  name: string,
  label = name.split(' ')[0]?.toLowerCase() ?? 'customer',
  store = E2E_BASE_URL,
): Promise<Account> {
  const email = uniqueEmail(label);
  return exchange(email, name, await signUp(email, name, store), store);
}

/** An account at a given address (unverified), signed up and known to our store. */
export async function createAccount(email: string, name: string): Promise<Account> {
  return exchange(email, name, await signUp(email, name));
}

/** Signs the page in as `account` from its next navigation, as signing in leaves it. */
export async function signInAs(page: Page, account: Account) {
  // Once per tab (sessionStorage), so that signing out in the test stays signed out.
  await page.addInitScript(
    ({ token, flag }) => {
      if (sessionStorage.getItem(flag)) return;
      sessionStorage.setItem(flag, '1');
      localStorage.setItem('accessToken', token);
    },
    { token: account.token, flag: `e2e-signed-in-as-${account.email}` },
  );
}

/**
 * A one-line order placed by `buyer` through the API (POST /api/checkout), as the purchase page
 * places it, so that a test about what follows an order need not click through one. Delivery
 * details matter to few tests: those that read them back give their own.
 */
export async function placeOrderByApi(
  request: APIRequestContext,
  buyer: Account,
  {
    partId,
    productQuantity,
    ...delivery
  }: { partId: string; productQuantity: number; phone?: string; address?: string },
): Promise<Order> {
  const res = await request.post('/api/checkout', {
    headers: { authorization: `Bearer ${buyer.token}` },
    data: {
      phone: '+1 555 010 2030',
      address: '1 Main Street',
      ...delivery,
      lines: [{ partId, quantity: productQuantity }],
    },
  });
  // An assertion, unlike the fixtures' thrown errors: the order is a step of the test itself.
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/**
 * Holds the app's code back, as a slow connection would, so that a rendered page's islands answer
 * meanwhile. `takeOver()` lets it load and waits until the app has drawn over every island the
 * server wrote (those carry their props; the app's own carry none).
 */
export async function holdAppCode(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const serverIslands = page.locator('[data-island][data-props]');
  return {
    serverIslands,
    async takeOver() {
      expect(await serverIslands.count()).toBeGreaterThan(0);
      release();
      await expect(serverIslands).toHaveCount(0);
    },
  };
}

export const ADMIN_NAME = 'Olive Owner';

export const test = base.extend<{ customer: Account; admin: Account; part: Part }, { adminEmail: string }>({
  /**
   * ADMIN_EMAILS (playwright.config) names one address per parallel worker; it becomes admin
   * once verified, so each worker makes and verifies its own the first time.
   */
  adminEmail: [
    // biome-ignore lint/correctness/noEmptyPattern: no dependencies (see `customer`)
    async ({}, use, workerInfo) => {
      const email = E2E_ADMIN_EMAILS[workerInfo.parallelIndex];
      if (!email) throw new Error(`no admin address for worker ${workerInfo.parallelIndex}: add one`);
      await verify(email, await signUp(email, ADMIN_NAME));
      await use(email);
    },
    { scope: 'worker' },
  ],

  // Playwright reads a fixture's dependencies from its first parameter, so it must be a pattern.
  // biome-ignore lint/correctness/noEmptyPattern: no dependencies
  customer: async ({}, use) => {
    await use(await createCustomer('Cora Customer'));
  },

  /** Signed in afresh for each test, so the token carries the verified e-mail: Admin. */
  admin: async ({ adminEmail }, use) => {
    await use(await exchange(adminEmail, ADMIN_NAME, await signInWithPassword(adminEmail)));
  },

  /**
   * The test's own part: 2,500 in stock at £2.50, at least 10 an order, with the bulk discount.
   * Cheaper than every demo part, so that sorting by price never moves the demo parts' order.
   */
  part: async ({ admin, request }, use, testInfo) => {
    const res = await request.post('/api/addproduct', {
      headers: { authorization: `Bearer ${admin.token}` },
      data: {
        name: `E2E Part ${testInfo.testId} ${Date.now().toString(36)}`,
        // Unique per test and run: SKUs are unique among all parts.
        sku: `E2E-${randomUUID().slice(0, 13)}`,
        price: 2.5,
        availableQuantity: 2500,
        minOrderQuantity: 10,
        bulkDiscount: true,
        description:
          'A part made for one end-to-end test alone, so that its stock, orders and fate are that test’s own to check.',
        img: '/media/parts/nexa-airstream-140-fan.svg',
      },
    });
    if (res.status() !== 201)
      throw new Error(`adding the part answered ${res.status()}: ${await res.text()}`);
    // The answer is the contract's insert result; the part itself is read as a visitor sees it.
    const { insertedId } = (await res.json()) as { insertedId: string };
    await use((await (await request.get(`/api/part/${insertedId}`)).json()) as Part);
  },
});

export { expect };
