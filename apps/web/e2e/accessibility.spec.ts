import AxeBuilder from '@axe-core/playwright';
import { eachVisit } from './every-route';
import { expect, test } from './fixtures';

/**
 * Issue 12, WCAG 2.1 AA on every page: axe's A and AA rules find nothing on any route, for any
 * role, filled or empty, with validation errors or a toast showing.
 */
test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  eachVisit(async (page) => {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    // Each violation with the elements it was found on, so that a failure says what to fix.
    const found = violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`,
    );
    expect(found, found.join('\n')).toEqual([]);
  });
});
