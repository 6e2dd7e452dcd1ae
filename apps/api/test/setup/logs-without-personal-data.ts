import { afterAll, expect } from 'vitest';
import { capture, capturedLines, leaks, personalStrings } from '../support/log-capture.js';

/**
 * After each test file: nothing its apps logged, on success or error, carries an e-mail, a
 * name, phone, address or review text the file used, a token or a query string. And something
 * was logged, so the check cannot pass on an empty capture.
 */
afterAll(() => {
  if (capture.appsCreated === 0) return;
  expect(capturedLines.some((line) => line.includes('"route"'))).toBe(true);
  expect(leaks(capturedLines, personalStrings(expect.getState().testPath))).toEqual([]);
});
