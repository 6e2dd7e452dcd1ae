import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';

/**
 * Every log line the test file's apps write (createTestApp logs at `trace` into this), checked
 * after the file by setup/logs-without-personal-data.ts.
 */
export const capturedLines: string[] = [];
export const logCapture: DestinationStream = { write: (line: string) => void capturedLines.push(line) };
export const capture = { appsCreated: 0 };

const testDir = path.dirname(fileURLToPath(import.meta.url));
const fixturesDir = path.join(testDir, '../fixtures');

/**
 * The personal data the tests send, taken from their own source: quoted strings with a space
 * and a letter (names, addresses, review texts: "Rita Reviewer", '12 Harbour Street, …') and
 * phone numbers. E-mails and tokens are caught by pattern, whatever their value.
 */
export function personalStrings(testFile: string | undefined): string[] {
  const sources = [
    ...(testFile ? [testFile] : []),
    path.join(testDir, 'accounts.ts'),
    path.join(testDir, 'identities.ts'),
    ...readdirSync(fixturesDir).map((name) => path.join(fixturesDir, name)),
  ];
  const found = new Set<string>();
  for (const file of sources) {
    const source = readFileSync(file, 'utf8');
    for (const [, , text] of source.matchAll(/(['"`])((?:(?!\1)[^\\\n$])+)\1/g)) {
      if (text === undefined) continue;
      const phone = /^\+?[\d ()-]{7,}$/.test(text) && /\d{3}/.test(text);
      const words = text.length >= 6 && / /.test(text) && /[a-z]/i.test(text);
      if (phone || words) found.add(text);
    }
  }
  return [...found];
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;
const TOKEN = /eyJ[\w-]{8,}|bearer/i;
const QUERY_STRING = /\?[\w[\]-]+=/;

/** What in `lines` is personal, or an empty list. */
export function leaks(lines: string[], personal: string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    const email = line.match(EMAIL);
    if (email) found.push(`e-mail ${email[0]} in ${line}`);
    if (TOKEN.test(line)) found.push(`token in ${line}`);
    if (QUERY_STRING.test(line)) found.push(`query string in ${line}`);
    for (const text of personal) if (line.includes(text)) found.push(`"${text}" in ${line}`);
  }
  return found;
}
