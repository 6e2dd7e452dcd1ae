import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_AUTH_EMULATOR_URL } from '../playwright.config';

/** Unique across parallel workers too. */
export function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 13)}@example.com`;
}
export const PASSWORD = 'secret-password';

/** Registers through the real form, against the Firebase Auth emulator and our API. */
export async function registerUser(page: Page, name: string, email: string) {
  await page.goto('/register');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByTestId('user-name').first()).toHaveText(name);
}

/** How many times the page asks for each URL (path and query) from now on. */
export function countRequests(page: Page): Map<string, number> {
  const fetched = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    fetched.set(pathname + search, (fetched.get(pathname + search) ?? 0) + 1);
  });
  return fetched;
}

export async function signOut(page: Page) {
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Where the store's Auth emulator keeps the e-mails it "sent". The project is the store's own
 * (one per data folder), which the store tells the web app at /api/auth-config.
 */
export async function emulatorOutbox(page: Page): Promise<string> {
  const { projectId } = (await (await page.request.get('/api/auth-config')).json()) as { projectId: string };
  return `${E2E_AUTH_EMULATOR_URL}/emulator/v1/projects/${projectId}/oobCodes`;
}

/**
 * Verifies the signed-in user's e-mail as a person does, from My Profile: 'Verify your e-mail',
 * follow the link (read from the emulator's outbox), then 'I followed the link'.
 */
export async function verifyEmail(page: Page, email: string) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Verify your e-mail' }).click();
  await expect(page.getByText(/We sent a link to/)).toBeVisible();
  const outbox = (await (await page.request.get(await emulatorOutbox(page))).json()) as {
    oobCodes: { email: string; requestType: string; oobLink: string }[];
  };
  const link = outbox.oobCodes.findLast((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
  if (!link) throw new Error(`no verification link was sent to ${email}`);
  expect((await page.request.get(link.oobLink)).ok()).toBe(true);
  await page.getByRole('button', { name: 'I followed the link' }).click();
  await expect(page.getByTestId('email-status')).toHaveText('Verified');
}

/**
 * Where the element's text starts a new line on screen: offsets into its text (as
 * `textContent` reads it), measured a character at a time, so that a test can say where a line
 * may break (an e-mail address at its '@', an order number nowhere).
 */
export function lineStarts(element: Locator): Promise<{ text: string; starts: number[] }> {
  return element.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let text = '';
    const starts: number[] = [];
    let lineTop: number | undefined;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      for (let i = 0; i < value.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        // A space where the line breaks has no box of its own.
        const box = range.getClientRects()[0];
        if (!box || box.width === 0) continue;
        if (lineTop !== undefined && box.top > lineTop + box.height / 2) starts.push(text.length + i);
        if (lineTop === undefined || box.top > lineTop + box.height / 2) lineTop = box.top;
      }
      text += value;
    }
    return { text, starts };
  });
}

/**
 * Each place where a line on screen starts inside a word of these elements' text: a line may
 * start after a space or a hyphen, never mid-word ('£249.9' / '9', 'VoltC' / 'ore'). Measured a
 * character at a time, within each text node (a new element may start a line anywhere).
 */
export function wordsBrokenAcrossLines(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((all) => {
    const broken: string[] = [];
    const range = document.createRange();
    for (const element of all) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.textContent ?? '';
        let lineTop: number | undefined;
        for (let i = 0; i < value.length; i++) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          // A space where the line breaks has no box of its own.
          const box = range.getClientRects()[0];
          if (!box || box.width === 0) continue;
          const newLine = lineTop !== undefined && box.top > lineTop + box.height / 2;
          if (newLine && !/[\s\-‐–]/.test(value[i - 1] ?? ' '))
            broken.push(`"${value.slice(0, i)}/${value.slice(i)}"`);
          if (lineTop === undefined || newLine) lineTop = box.top;
        }
      }
    }
    return broken;
  });
}

/**
 * The elements among these whose content is wider than their box (cut off, or spilling over
 * what lies beside them), and the children of each that overlap one another or stick out of it.
 */
export function overflowingOrOverlapping(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((all) => {
    const found: string[] = [];
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${el.textContent?.trim()}"`;
    for (const element of all) {
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(`${describe(element)}: ${element.scrollWidth} px of content in ${element.clientWidth}`);
      const box = element.getBoundingClientRect();
      const children = [...element.children]
        .map((child) => ({ child, rect: child.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && rect.height > 0);
      for (const [index, { child, rect }] of children.entries()) {
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
          found.push(`${describe(child)} sticks out of ${describe(element)}`);
        for (const { child: other, rect: next } of children.slice(index + 1)) {
          const apart =
            rect.right <= next.left + 0.5 ||
            next.right <= rect.left + 0.5 ||
            rect.bottom <= next.top + 0.5 ||
            next.bottom <= rect.top + 0.5;
          if (!apart) found.push(`${describe(child)} overlaps ${describe(other)}`);
        }
      }
    }
    return found;
  });
}
