import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA: what every page must pass. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page as it is now and expects no violation. */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  // Each violation with the elements it was found on, so that a failure says what to fix.
  const found = violations.map((v) => {
    const nodes = v.nodes.map(
      (n) => `  ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`,
    );
    return `${v.id} (${v.impact}): ${v.help}\n${nodes.join('\n')}`;
  });
  expect(found, found.join('\n')).toEqual([]);
}
