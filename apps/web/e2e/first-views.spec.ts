import { expect, test } from './fixtures';
import { countRequests } from './helpers';

/**
 * A public page the app draws names its chunks and first answers in its head (decision 022), so
 * the browser fetches them with the entry script. A hint the app then asks for differently
 * (another URL, a different request mode) is fetched twice and wastes the visitor's bandwidth:
 * each must be fetched once. (The pages the store renders fetch no answers: server-pages.spec.)
 */
test.describe('a first visit to a public page the app draws', () => {
  test('fetches everything its head names once, and the app uses it', async ({ browser }) => {
    for (const path of ['/blogs', '/login']) {
      // A new context each time: nothing in the browser's cache from the page before.
      const context = await browser.newContext();
      const page = await context.newPage();
      const fetched = countRequests(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      const hinted = await page
        .locator('head link[rel="modulepreload"], head link[rel="preload"][as="fetch"]')
        .evaluateAll((links) =>
          links.map((link) => ({
            kind: link.getAttribute('rel') === 'preload' ? 'answer' : 'chunk',
            url:
              new URL((link as HTMLLinkElement).href).pathname +
              new URL((link as HTMLLinkElement).href).search,
          })),
        );
      const answers = hinted.filter((hint) => hint.kind === 'answer').map((hint) => hint.url);
      expect(hinted.length, path).toBeGreaterThan(0);
      for (const { url } of hinted) expect(fetched.get(url), `${path}: ${url}`).toBe(1);
      // And the page asked for no answer it was not given up front.
      const asked = [...fetched.keys()].filter((url) => url.startsWith('/api/'));
      expect(asked.sort(), path).toEqual([...answers].sort());
      await context.close();
    }
  });
});
