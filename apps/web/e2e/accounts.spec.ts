import { accountMessages, validationMessages as m, pageMessages, toastMessages } from '@store/shared';
import { E2E_AUTH_EMULATOR_URL, E2E_LATE_ADMIN_EMAIL } from '../playwright.config';
import { ADMIN_NAME, createAccount, createCustomer, expect, signInAs, test } from './fixtures';
import { PASSWORD, registerUser, signIn, signOut, uniqueEmail, verifyEmail } from './helpers';

test.describe('accounts', () => {
  // The one test that registers through the form; every other test's account is a fixture's.
  test('register shows the name; verify the e-mail; sign out; signing in returns to the page of origin', async ({
    page,
  }) => {
    const email = uniqueEmail('reg');
    await registerUser(page, 'Rosa Register', email);
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    await verifyEmail(page, email);

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();

    // A sign-in-only page sends the visitor to /login, then back after signing in.
    await page.goto('/dashboard/addreview');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/dashboard\/addreview$/);
    await expect(page.getByTestId('user-name').first()).toHaveText('Rosa Register');
  });

  test('login from the top bar returns to the page the visitor was reading', async ({ page, customer }) => {
    await page.goto('/blogs');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
    await signIn(page, customer.email);
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('shows every validation message of the login and register forms', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(m.emailRequired)).toBeVisible();
    await expect(page.getByText(m.passwordRequired)).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(m.emailInvalid)).toBeVisible();
    await expect(page.getByText(m.passwordTooShort)).toBeVisible();

    await page.goto('/register');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText(m.nameRequired)).toBeVisible();
    await expect(page.getByText(m.emailRequired)).toBeVisible();
    await expect(page.getByText(m.passwordRequired)).toBeVisible();
  });

  test('shows the identity provider error in words, in red under the password', async ({
    page,
    customer,
  }) => {
    const { email } = customer;
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByTestId('provider-error');
    await expect(error).toHaveText('The e-mail or password is not correct.');
    await expect(error).toHaveClass(/text-error/);

    // An e-mail without an account gets the very same words: login never tells which.
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(error).toHaveText('The e-mail or password is not correct.');

    await page.goto('/register');
    await page.getByLabel('Name').fill('Wanda Again');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByTestId('provider-error')).toHaveText(
      'An account with this e-mail already exists. Please log in instead.',
    );
  });

  test("a customer's menu has the customer items and no admin items", async ({ page, customer }) => {
    await signInAs(page, customer);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    const menu = page.getByTestId('dashboard-menu');
    await expect(menu.getByRole('link')).toHaveText(['My Profile', 'My Orders', 'Add Review']);
    await expect(page.getByTestId('profile-role')).toHaveText('Customer');
  });

  test('a customer opening /dashboard/users lands on /login, signed out, with the unauthorized toast', async ({
    page,
    customer,
  }) => {
    await signInAs(page, customer);
    await page.goto('/dashboard/users');
    await expect(page.getByText(toastMessages.unauthorized)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
  });

  test('an admin makes a customer admin after a confirmation naming them; the row shows Admin, waiting for e-mail verification', async ({
    page,
    admin,
  }) => {
    // Users are listed by e-mail, 20 a page: 'a-' sorts before every other test's address.
    const customer = await createCustomer('Pat Promoted', 'a-promoted');
    // ADMIN_EMAILS made the fixture's account an admin once its e-mail was verified.
    await signInAs(page, admin);
    await page.goto('/');
    await expect(page.getByTestId('user-name').first()).toHaveText(ADMIN_NAME);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByTestId('dashboard-menu').getByRole('link')).toHaveText([
      'Overview',
      'My Profile',
      'Add Product',
      'Manage Products',
      'Categories',
      'Import products',
      'Manage Orders',
      'Make Admin',
      'Outbox',
      'Audit log',
    ]);
    await page.getByRole('link', { name: 'Make Admin' }).click();
    const row = page.getByTestId('user-row').filter({ hasText: customer.email });
    // One click never makes anyone an admin: a dialog names the person first; Escape keeps them
    // a customer.
    await row.getByRole('button', { name: 'Make Admin' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(
      accountMessages.confirmMakeAdmin('Pat Promoted', customer.email),
    );
    await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Customer', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toBeFocused();

    await row.getByRole('button', { name: 'Make Admin' }).click();
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText(toastMessages.makeAdminSucceeded)).toBeVisible();
    await expect(row.getByText('Admin', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
    // Their e-mail is not verified: the role is granted, its powers wait (docs/architecture.md,
    // 'Admin powers').
    await expect(row.getByTestId('admin-waiting')).toHaveText(accountMessages.adminWaitingForVerification);
    const status = await page.request.get(`/api/admin/${encodeURIComponent(customer.email)}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(await status.json()).toEqual({ admin: false });
  });

  test('verifying through the emulator’s link, then opening My Profile again, shows Verified and the admin menu without signing out', async ({
    page,
    context,
  }) => {
    // The role follows the verified address at once, not only after Sign Out and in again.
    const owner = await createAccount(E2E_LATE_ADMIN_EMAIL, 'Lena Late');
    await page.goto('/login');
    await signIn(page, owner.email);
    await expect(page.getByTestId('user-name').first()).toHaveText('Lena Late');
    await page.goto('/dashboard');
    await expect(page.getByTestId('email-status')).toHaveText(accountMessages.emailNotVerified);
    await expect(page.getByTestId('profile-role')).toHaveText('Customer');
    await page.getByRole('button', { name: accountMessages.verifyEmail }).click();
    await expect(page.getByText(/We sent a link to/)).toBeVisible();

    // The link, from the emulator's page of e-mails (the address the store prints as it starts),
    // followed in another tab as from a mail program.
    const { projectId } = (await (await page.request.get('/api/auth-config')).json()) as {
      projectId: string;
    };
    const outbox = (await (
      await page.request.get(`${E2E_AUTH_EMULATOR_URL}/emulator/v1/projects/${projectId}/oobCodes`)
    ).json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
    const link = outbox.oobCodes.findLast((c) => c.email === owner.email && c.requestType === 'VERIFY_EMAIL');
    expect(link).toBeDefined();
    const mail = await context.newPage();
    expect((await mail.goto(link?.oobLink ?? ''))?.ok()).toBe(true);
    await mail.close();

    // Back in the store: another page, then My Profile again (no 'I followed the link').
    const menu = page.getByTestId('dashboard-menu');
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await expect(page.getByTestId('email-status')).toHaveText(accountMessages.emailVerified);
    await expect(page.getByTestId('profile-role')).toHaveText('Admin');
    await expect(menu.getByRole('link', { name: 'Make Admin' })).toBeVisible();
    await expect(page.getByTestId('user-name').first()).toHaveText('Lena Late');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('My Profile renames the user everywhere', async ({ page, customer }) => {
    await signInAs(page, customer);
    await page.goto('/dashboard');
    await expect(page.getByTestId('profile-name')).toHaveText(customer.name);
    await page.getByLabel('Display name').fill('New Name');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('New Name');
    await expect(page.getByTestId('user-name').first()).toHaveText('New Name');
    await page.reload();
    await expect(page.getByTestId('user-name').first()).toHaveText('New Name');
  });

  test('an unknown dashboard page is not found', async ({ page, customer }) => {
    await signInAs(page, customer);
    await page.goto('/dashboard/nothing-here');
    await expect(page.getByRole('heading', { name: pageMessages.notFound })).toBeVisible();
  });
});

test.describe('Google sign-in', () => {
  test('a Google-provider token from the emulator signs the user in', async ({ page, request }) => {
    // What the popup would hand back: the emulator's Google credential exchanged for a
    // Firebase ID token, then our API's token exchange, as startSession() does it.
    const email = uniqueEmail('google');
    const header = Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url');
    const claims = Buffer.from(
      JSON.stringify({ sub: `g-${email}`, email, email_verified: true, name: 'Gil Google' }),
    ).toString('base64url');
    const idp = await request.post(
      `${E2E_AUTH_EMULATOR_URL}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=demo-api-key`,
      {
        data: {
          postBody: `id_token=${header}.${claims}.&providerId=google.com`,
          requestUri: 'http://localhost',
          returnSecureToken: true,
        },
      },
    );
    const { idToken, providerId } = await idp.json();
    expect(providerId).toBe('google.com');
    const exchange = await request.put(`/api/user/${email}`, {
      headers: { Authorization: `Bearer ${idToken}` },
    });
    const { token } = await exchange.json();

    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
    await page.goto('/dashboard');
    await expect(page.getByTestId('user-name').first()).toHaveText('Gil Google');
    await expect(page.getByTestId('profile-role')).toHaveText('Customer');
  });
});
