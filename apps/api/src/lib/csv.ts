/**
 * CSV for spreadsheets (RFC 4180), with the byte-order mark Excel needs to read UTF-8.
 *
 * A text cell that a spreadsheet would run as a formula (it begins with `=`, `+`, `-` or `@`,
 * or with a tab or carriage return, which some spreadsheets skip before reading one) is made
 * inert with a leading `'` (OWASP, CSV injection): customers type their own name, phone and
 * address. Numbers are written as they are, since they are ours and a negative number is no
 * formula.
 */

export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number a spreadsheet can read: ${value}`);
    return String(value);
  }
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export const csvRow = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;
