import { pageMessages } from '@store/shared';
import { BOOT_WATCH_MS } from '../vite-plugins/boot-watch';
import { expect, test } from './fixtures';

/** The app's own script, as index.html names it (its hash changes with each build). */
const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

/**
 * 'Loading Parts Depot…' does not spin forever when the app's script fails to load:
 * the page says so and offers Reload. The page's clock is moved on rather than waited for.
 */
test.describe('the app page when the app does not start', () => {
  test('says at once that its script failed, and Reload brings the app once its script loads', async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    // Said well before the timer could (BOOT_WATCH_MS is longer than the wait for the alert):
    // from the script's error.
    await page.clock.install();
    await page.route(APP_SCRIPT, (route) => route.abort());
    await page.goto('/login');

    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: pageMessages.appLoadFailed })).toBeVisible();
    await expect(alert).toContainText(pageMessages.reloadHint);
    await expect(page.getByText('Loading Parts Depot…')).toHaveCount(0);
    // The store's CSP lets this one inline script run, and nothing was refused on the way.
    expect(refused).toEqual([]);

    await page.unroute(APP_SCRIPT);
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  });

  test('says it did not load when its script never arrives, after a while', async ({ page }) => {
    await page.clock.install();
    // Held, never answered: a connection that stalls. Aborted at the end, so nothing waits on it.
    const held: { abort: () => Promise<void> }[] = [];
    await page.route(APP_SCRIPT, (route) => {
      held.push(route);
    });
    // A module script holds DOMContentLoaded back: the page is taken as soon as it arrives.
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.getByText('Loading Parts Depot…')).toBeVisible();
    await page.clock.fastForward(BOOT_WATCH_MS);
    await expect(
      page.getByRole('alert').getByRole('heading', { name: pageMessages.appLoadFailed }),
    ).toBeVisible();
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
  });

  test('stays quiet once the app has started', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await page.clock.fastForward(BOOT_WATCH_MS * 2);
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByText(pageMessages.appLoadFailed)).toHaveCount(0);
  });
});
