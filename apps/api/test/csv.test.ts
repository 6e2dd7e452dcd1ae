import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, csvText, parseCsv } from '../src/lib/csv.js';

/** Read back as a spreadsheet import would: an independent RFC 4180 parser. */
const readBack = (text: string): string[][] => parse(text, { bom: true, relaxQuotes: false });

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Brake pad')).toBe('Brake pad');
    expect(csvCell('ünïcödé 東京')).toBe('ünïcödé 東京');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a field with a comma, a quote, CR or LF, doubling inner quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('makes a text cell beginning with %j inert', (start) => {
    const cell = csvCell(`${start}HYPERLINK("http://evil.example")`);
    expect(cell.replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
  });

  it('makes a formula inert and still quotes it', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
    expect(csvCell('+1 555 010 2030')).toBe("'+1 555 010 2030");
    expect(csvCell('@cmd')).toBe("'@cmd");
    // Only the start counts.
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('refuses a number no spreadsheet can read', () => {
    expect(() => csvCell(Number.NaN)).toThrow();
    expect(() => csvCell(Number.POSITIVE_INFINITY)).toThrow();
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('reads back, through a real CSV parser, as the text it was given, formulas made inert', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' })), { minLength: 1, maxLength: 6 }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (rows) => {
          const width = rows[0]?.length ?? 1;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const parsed = readBack(CSV_BOM + table.map(csvRow).join(''));
          const inert = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
          expect(parsed).toEqual(table.map((r) => r.map(inert)));
          for (const cell of parsed.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('parseCsv and csvText (the catalog import)', () => {
  it('reads what csvRow writes, quotes, commas, line breaks and made-inert cells included', () => {
    const cells = ['plain', 'a, b', 'say "hi"', 'two\r\nlines', '=SUM(A1)', '-5', '@home', ''];
    const text = `${CSV_BOM}${csvRow(cells)}${csvRow(['x'])}`;
    const records = parseCsv(text);
    expect(records?.[0]?.map(csvText)).toEqual(cells);
    expect(records?.[1]).toEqual(['x']);
  });

  it('takes LF line ends and the last record without one; keeps a blank line as one empty cell', () => {
    expect(parseCsv('a,b\n\nc,d')).toEqual([['a', 'b'], [''], ['c', 'd']]);
  });

  it('reads back any record csvRow writes (fast-check)', () => {
    // A cell that itself starts with ' before a formula character is the one text not given back.
    const cell = fc.string({ unit: 'grapheme' }).filter((text) => !/^'[=+\-@\t\r]/.test(text));
    fc.assert(
      fc.property(fc.array(cell, { minLength: 2, maxLength: 6 }), (cells) => {
        expect(parseCsv(csvRow(cells))?.[0]?.map(csvText)).toEqual(cells);
      }),
    );
  });

  it('says a quoted cell never closed cannot be read', () => {
    expect(parseCsv('a,"b\nc')).toBeUndefined();
  });

  it("keeps a leading ' that did not make a formula inert", () => {
    expect(csvText("'quoted'")).toBe("'quoted'");
    expect(csvText("'=1")).toBe('=1');
  });
});
