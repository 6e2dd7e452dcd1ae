import { expectNoAxeViolations } from './axe';
import { eachVisit } from './every-route';
import { test } from './fixtures';

/**
 * Issue 12, WCAG 2.1 AA on every page: axe's A and AA rules find nothing on any route, for any
 * role, filled or empty, with validation errors or a toast showing (phone.spec runs them on the
 * phone layout too).
 */
test.describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  eachVisit(expectNoAxeViolations);
});
