import { navMessages } from '@store/shared';
import { expectNoAxeViolations } from './axe';
import { eachVisit } from './every-route';
import { createCustomer, expect, holdAppCode, signInAs, test } from './fixtures';
import { lineStarts, overflowingOrOverlapping, wordsBrokenAcrossLines } from './helpers';

/**
 * Phones: at 360 px no page scrolls sideways, and every button and link in the page's
 * content can be reached by scrolling down only. The phone layout (stacked cards) passes axe too.
 * Nor does any box inside the page hide its figures in a sideways scroll (the invoice's
 * amounts and total), part names are shown whole, a heading's number is never split across lines,
 * and the footer's words keep off the screen's edges. A comparison of parts and a long board's
 * name read whole: no word or price broken across lines, no badge over its label; the menu shows
 * a long name in full.
 */
test.describe('phones (360 × 740)', () => {
  // Not `isMobile`: a phone's browser zooms out to fit a page that overflows, which would hide it.
  test.use({ viewport: { width: 360, height: 740 } });

  eachVisit(async (page) => {
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      // The elements that stick out, to say what to fix.
      wide: [...document.querySelectorAll('body *')]
        .filter(
          (el) =>
            el.getBoundingClientRect().right + window.scrollX > window.innerWidth + 0.5 ||
            el.getBoundingClientRect().left + el.scrollWidth + window.scrollX > window.innerWidth + 0.5,
        )
        .slice(-5)
        .map(
          (el) =>
            `${el.outerHTML.slice(0, 100)} (right ${Math.round(el.getBoundingClientRect().left + Math.max(el.scrollWidth, el.getBoundingClientRect().width) + window.scrollX)})`,
        ),
    }));
    expect(widths.viewport).toBe(360);
    expect(widths.page, `the page is wider than the screen:\n${widths.wide.join('\n')}`).toBeLessThanOrEqual(
      widths.viewport,
    );

    const scrolled = await page.locator('main *').evaluateAll((elements) =>
      elements
        .filter((el) => {
          const { overflowX } = getComputedStyle(el);
          return (overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => `${el.outerHTML.slice(0, 100)} (${el.scrollWidth} px in ${el.clientWidth})`),
    );
    expect(scrolled, `content hidden in a sideways scroll:\n${scrolled.join('\n')}`).toEqual([]);

    const clipped = await page
      .getByTestId('part-card')
      .locator('h2, h3')
      .evaluateAll((headings) =>
        headings.filter((h) => h.scrollHeight > h.clientHeight + 1).map((h) => h.textContent),
      );
    expect(clipped, 'part names cut short').toEqual([]);

    for (const title of await page.locator('#invoice-title').all()) {
      const { text, starts } = await lineStarts(title);
      for (const start of starts) expect(text[start - 1], `"${text}" breaks mid-word`).toBe(' ');
    }

    // The comparison's cells and the long-named 'Fits my board': every word and price whole, the
    // Differs badge beside its label (never over it), nothing cut off.
    const compared = page.locator(
      'main [data-testid="compare"] tbody :is(th, td), main [data-testid="compare"] li, main [data-island="fits-my-board"] button',
    );
    expect(await wordsBrokenAcrossLines(compared), 'words broken across lines').toEqual([]);
    expect(await overflowingOrOverlapping(compared), 'cut off or overlapping').toEqual([]);

    const figures = await page
      .locator('main [data-testid*="total"]:visible, main [data-testid="part-price"]:visible')
      .evaluateAll((elements) =>
        elements
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => `${el.getAttribute('data-testid')}: ${el.textContent}`),
      );
    expect(figures, 'key figures off the screen').toEqual([]);

    const copyright = await page.locator('footer p', { hasText: 'Copyright' }).evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const { left, right } = range.getBoundingClientRect();
      return { left, right };
    });
    // At least the page's own margin (1 rem) on either side.
    expect(copyright.left).toBeGreaterThanOrEqual(16);
    expect(copyright.right).toBeLessThanOrEqual(360 - 16);

    const actions = page.locator('main').locator('a:visible, button:visible, select:visible, input:visible');
    const outside: string[] = [];
    for (const action of await actions.all()) {
      // Vertically only (scrollIntoView would scroll a wide table's box sideways too).
      await action.evaluate((el) =>
        window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200),
      );
      const scrolledX = await page.evaluate(() => window.scrollX);
      const box = await action.boundingBox();
      if (!box || box.width === 0) continue;
      if (scrolledX !== 0 || box.x < 0 || box.x + box.width > widths.viewport + 0.5) {
        const label = (await action.getAttribute('aria-label')) ?? (await action.innerText()).trim();
        outside.push(
          `${label || (await action.evaluate((el) => el.outerHTML.slice(0, 80)))} at x=${Math.round(box.x)}, width ${Math.round(box.width)}`,
        );
      }
    }
    expect(outside, `actions off-screen:\n${outside.join('\n')}`).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
  });

  test('the menu shows a signed-in customer’s whole name', async ({ page }) => {
    const name = 'Nicoletta Featherstonehaugh-Whitmore';
    await signInAs(page, await createCustomer(name));
    await page.goto('/parts');
    await page.getByRole('button', { name: navMessages.openMenu }).click();
    const shown = page.locator('#mobile-menu').getByTestId('user-name');
    await expect(shown).toHaveText(name);
    // Not cut short with an ellipsis, nor running past the menu or the screen.
    const fit = await shown.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      right: el.getBoundingClientRect().right,
      menuRight: el.closest('ul')?.getBoundingClientRect().right ?? 0,
    }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    expect(fit.right).toBeLessThanOrEqual(Math.min(fit.menuRight, 360));
    expect(await wordsBrokenAcrossLines(shown)).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('the menu opened while the app is still loading stays open once it has taken over', async ({
    page,
    customer,
  }) => {
    await signInAs(page, customer);
    // The app's code is held back: the page's islands answer meanwhile.
    const app = await holdAppCode(page);
    await page.goto('/parts');
    await page.getByRole('button', { name: navMessages.openMenu }).click();
    const shown = page.locator('#mobile-menu').getByTestId('user-name');
    await expect(shown).toHaveText(customer.name);

    await app.takeOver();
    await expect(shown).toHaveText(customer.name);
    await expect(page.getByRole('button', { name: navMessages.closeMenu })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
