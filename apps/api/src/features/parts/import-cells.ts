import { productImportMessages as m } from '@store/shared';

/**
 * How the catalog import reads one cell, strictly: a cell is refused by its row, named, rather
 * than read as something its writer did not mean.
 */

/**
 * Characters no cell may hold: control characters (NUL among them), surrogate halves without
 * their partner and Unicode's noncharacters. PostgreSQL refuses a whole statement over one NUL
 * or one lone surrogate, so each cell is checked here, before anything reads it: the SKUs are
 * looked up before any row is judged, and not every cell passes a shared schema on its way.
 */
const UNSTORABLE = /\p{Cc}|\p{Cs}|\p{Noncharacter_Code_Point}/u;
/** The same less tab, line feed and carriage return, which a multi-line text may hold. */
const UNSTORABLE_IN_LINES = /[^\P{Cc}\t\n\r]|\p{Cs}|\p{Noncharacter_Code_Point}/u;
/** The columns typed in a textarea (as the Add Product form's description is). */
const MULTILINE_COLUMNS: ReadonlySet<string> = new Set(['description']);

/** The message for a cell that holds a character no part may hold; `undefined` when it holds none. */
export function unstorable(column: string, text: string): string | undefined {
  const pattern = MULTILINE_COLUMNS.has(column) ? UNSTORABLE_IN_LINES : UNSTORABLE;
  return pattern.test(text) ? m.cellUnstorable(column) : undefined;
}

/**
 * What a number column takes: digits, with a decimal part where the store keeps fractions and a
 * leading minus where a value may be negative (an attribute: an operating temperature). Nothing
 * that `Number()` reads besides: hex (`0x10`), exponents (`1e3`), a bare point (`.5`, `5.`),
 * signs (`+5`), separators (`1,000`, `1 000`), `Infinity`, `NaN`.
 */
export type NumberKind = 'whole' | 'decimal' | 'signed';

const PLAIN: Record<NumberKind, RegExp> = {
  whole: /^\d+$/,
  decimal: /^\d+(?:\.\d+)?$/,
  signed: /^-?\d+(?:\.\d+)?$/,
};

const MESSAGE: Record<NumberKind, (column: string) => string> = {
  whole: m.notAWholeNumber,
  decimal: m.notANumber,
  signed: m.notASignedNumber,
};

/** A cell read as a number of its kind, or the message naming the cell. */
export function readNumber(
  column: string,
  text: string,
  kind: NumberKind,
): { value: number } | { problem: string } {
  const value = PLAIN[kind].test(text) ? Number(text) : Number.NaN;
  // Digits alone can still overflow a double (over 300 of them).
  return Number.isFinite(value) ? { value } : { problem: MESSAGE[kind](column) };
}
