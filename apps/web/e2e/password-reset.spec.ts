import { authErrorMessages, passwordResetMessages, validationMessages } from '@store/shared';
import { expect, test } from './fixtures';
import { emulatorOutbox, PASSWORD, signIn, uniqueEmail } from './helpers';

interface OutboxCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/**
 * 'Forgot password?' on the login page: Firebase's password-reset e-mail, which the
 * emulator lists on its page of links, and one answer whether or not the account exists.
 */
test.describe('forgot password', () => {
  test('a customer asks for the link, chooses a new password with it and logs in with that', async ({
    page,
    customer,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: passwordResetMessages.forgot }).click();
    await expect(
      page.getByRole('status').filter({ hasText: passwordResetMessages.sent(customer.email) }),
    ).toBeVisible();

    const outbox = (await (await page.request.get(await emulatorOutbox(page))).json()) as {
      oobCodes: OutboxCode[];
    };
    const link = outbox.oobCodes.findLast(
      (code) => code.email === customer.email && code.requestType === 'PASSWORD_RESET',
    );
    expect(link, 'a reset link on the emulator’s page of links').toBeDefined();
    // What the emulator's page does when the customer types a new password there.
    const newPassword = `${PASSWORD}-renewed`;
    const followed = await page.request.get(
      `${link?.oobLink}&newPassword=${encodeURIComponent(newPassword)}`,
    );
    expect(followed.ok(), await followed.text()).toBe(true);

    // The old password no longer works; the new one does.
    await signIn(page, customer.email);
    await expect(page.getByTestId('provider-error')).toHaveText(
      authErrorMessages['auth/invalid-credential'] ?? '',
    );
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByTestId('user-name').first()).toHaveText(customer.name);
  });

  test('says the same for an e-mail with no account, and sends nothing', async ({ page }) => {
    const stranger = uniqueEmail('nobody');
    await page.goto('/login');
    await page.getByLabel('Email').fill(stranger);
    await page.getByRole('button', { name: passwordResetMessages.forgot }).click();
    await expect(
      page.getByRole('status').filter({ hasText: passwordResetMessages.sent(stranger) }),
    ).toBeVisible();
    await expect(page.getByTestId('provider-error')).toHaveCount(0);
    const outbox = (await (await page.request.get(await emulatorOutbox(page))).json()) as {
      oobCodes: OutboxCode[];
    };
    expect(outbox.oobCodes.filter((code) => code.email === stranger)).toEqual([]);
  });

  test('asks for a valid e-mail first', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: passwordResetMessages.forgot }).click();
    await expect(page.getByText(validationMessages.emailInvalid)).toBeVisible();
    await expect(page.getByTestId('password-reset-sent')).toHaveCount(0);
  });
});
