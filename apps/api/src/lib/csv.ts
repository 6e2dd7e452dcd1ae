/**
 * CSV for spreadsheets (RFC 4180), with the byte-order mark Excel needs to read UTF-8.
 *
 * A text cell that a spreadsheet would run as a formula (it begins with `=`, `+`, `-` or `@`,
 * or with a tab or carriage return, which some spreadsheets skip before reading one) is made
 * inert with a leading `'` (OWASP, CSV injection): customers type their own name, phone and
 * address. So is a text that already begins with `'`s before such a character: the catalog
 * import takes one `'` off every cell of that shape (`csvText`), so `'=1` must be written `''=1`
 * for the two to stay exact inverses. Numbers are never made inert, since they are ours and a
 * negative number is no formula; they are spelled in positional notation (never `1e-7`), which
 * spreadsheets and the import alike read as a number.
 */

export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

/** A text the export prefixes with `'`: a formula start, after any number of `'`s. */
const GUARDED = /^'*[=+\-@\t\r]/;
/** A cell the export prefixed: at least one `'` before a formula start. */
const GUARD_WRITTEN = /^'+[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** `String(number)` in exponent notation: sign, first digit, other digits, exponent. */
const EXPONENT = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/;

/** A finite number with its decimal point where it belongs: `1e21` and `1e-7` spelled out. */
function positional(value: number): string {
  const text = String(value);
  const match = EXPONENT.exec(text);
  if (!match) return text;
  const [, sign = '', first = '', rest = '', exponent = '0'] = match;
  const digits = first + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Not a number a spreadsheet can read: ${value}`);
    return positional(value);
  }
  const text = GUARDED.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 asks. */
export const csvRow = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** A cell the export made inert (`'=…`, `''=…`) read back as it was before: `csvCell`'s inverse. */
export const csvText = (cell: string): string => (GUARD_WRITTEN.test(cell) ? cell.slice(1) : cell);

/**
 * Reads RFC 4180 CSV as written by us or by a spreadsheet: quoted cells may hold commas, quotes
 * (doubled) and line breaks; records end with CRLF or LF; a byte-order mark is skipped. A blank
 * line is kept as a record of one empty cell, so records keep the numbers a spreadsheet shows.
 * `undefined` when a quoted cell is never closed (the file cannot be read safely).
 */
export function parseCsv(text: string): string[][] | undefined {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  const endRecord = () => {
    record.push(cell);
    records.push(record);
    record = [];
    cell = '';
  };
  for (; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n') endRecord();
    else if (char === '\r' && text[i + 1] === '\n') {
      endRecord();
      i += 1;
    } else cell += char;
  }
  if (quoted) return undefined;
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}
