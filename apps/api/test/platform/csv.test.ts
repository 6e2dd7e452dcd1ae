import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow, csvText, parseCsv } from '../../src/lib/csv.js';
import { GUARD_CASES, spreadsheetText } from '../support/spreadsheet-text.js';

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

  it("makes inert a text whose formula start follows ' (the import takes exactly one ' off)", () => {
    expect(csvCell("'=1+1")).toBe("''=1+1");
    expect(csvCell("''-5")).toBe("'''-5");
    expect(csvCell("'\tx")).toBe("''\tx");
    // A ' before anything else is the text's own.
    expect(csvCell("'plain")).toBe("'plain");
    expect(csvCell("'")).toBe("'");
  });

  it('spells numbers out in positional notation, never with an exponent', () => {
    expect(csvCell(1e21)).toBe('1000000000000000000000');
    expect(csvCell(1.2345e25)).toBe('12345000000000000000000000');
    expect(csvCell(1e-7)).toBe('0.0000001');
    expect(csvCell(-1.5e-7)).toBe('-0.00000015');
    expect(csvCell(0.0042)).toBe('0.0042');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const cell = csvCell(value);
        expect(cell).toMatch(/^-?\d+(?:\.\d+)?$/);
        expect(Number(cell)).toBe(value === 0 ? 0 : value);
      }),
      { numRuns: 1000 },
    );
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
          fc.array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), spreadsheetText), {
            minLength: 1,
            maxLength: 6,
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        (rows) => {
          const width = rows[0]?.length ?? 1;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
          const parsed = readBack(CSV_BOM + table.map(csvRow).join(''));
          const inert = (text: string) => (/^'*[=+\-@\t\r]/.test(text) ? `'${text}` : text);
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

  it('reads back any record csvRow writes, whatever its cells begin with (fast-check)', () => {
    const cell = fc.oneof(fc.string({ unit: 'grapheme' }), spreadsheetText);
    fc.assert(
      fc.property(fc.array(cell, { minLength: 2, maxLength: 6 }), (cells) => {
        expect(parseCsv(csvRow(cells))?.[0]?.map(csvText)).toEqual(cells);
      }),
      { numRuns: 1000 },
    );
    const cases = [...GUARD_CASES.singleLine, ...GUARD_CASES.multiline];
    expect(parseCsv(csvRow(cases))?.[0]?.map(csvText)).toEqual(cases);
  });

  it('says a quoted cell never closed cannot be read', () => {
    expect(parseCsv('a,"b\nc')).toBeUndefined();
  });

  it("takes off exactly the ' that made a formula inert, and keeps any other", () => {
    expect(csvText("'quoted'")).toBe("'quoted'");
    expect(csvText("'=1")).toBe('=1');
    expect(csvText("''=1")).toBe("'=1");
    expect(csvText("'''@x")).toBe("''@x");
    expect(csvText("''plain")).toBe("''plain");
  });
});
