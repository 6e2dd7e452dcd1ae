import {
  ATTRIBUTE_COLUMN_PREFIX,
  type AttributeDefinition,
  type AttributeValues,
  MAX_IMPORT_ROWS,
  productImportMessages as m,
  PRODUCT_CSV_COLUMNS,
} from '@store/shared';
import { csvText, parseCsv } from '../../lib/csv.js';
import { Invalid } from '../../lib/domain-errors.js';
import { type NumberKind, readNumber, unstorable } from './import-cells.js';

/** Columns a file must have: what Add Product requires. The others keep their defaults. */
const REQUIRED = ['sku', 'name', 'price', 'minOrderQuantity', 'availableQuantity', 'description', 'img'];
/** The part's number columns: prices in hundredths, quantities whole, none of them negative. */
const NUMBER_COLUMNS = {
  price: 'decimal',
  minOrderQuantity: 'whole',
  orderMultiple: 'whole',
  availableQuantity: 'whole',
} as const satisfies Record<string, NumberKind>;

/** One data row of the file, its cells by column (made-inert cells read back, trimmed). */
export interface ImportLine {
  /** Its number as a spreadsheet shows it (the header is 1). */
  row: number;
  cells: ReadonlyMap<string, string>;
  /** The row's cells do not line up with the header: refused before anything else. */
  mismatch?: string;
}

const refuse = (message: string) => new Invalid(message, { text: message });

/**
 * The file's header checked (known columns, each once, the required ones there) and its data
 * rows, blank lines skipped. A file that cannot be read as a whole is a 400, never a row error.
 */
export function readImportFile(text: string, attributeKeys: ReadonlySet<string>): ImportLine[] {
  const records = parseCsv(text);
  if (!records) throw refuse(m.quoteUnclosed);
  const [header = [], ...body] = records;
  const columns = header.map((name) => name.trim());
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  const seen = new Set<string>();
  for (const column of columns) {
    const isAttribute =
      column.startsWith(ATTRIBUTE_COLUMN_PREFIX) &&
      attributeKeys.has(column.slice(ATTRIBUTE_COLUMN_PREFIX.length));
    if (!known.has(column) && !isAttribute) throw refuse(m.headerUnknown(column));
    if (seen.has(column)) throw refuse(m.headerRepeated(column));
    seen.add(column);
  }
  for (const column of REQUIRED) if (!seen.has(column)) throw refuse(m.headerMissing(column));
  const lines: ImportLine[] = [];
  body.forEach((cells, index) => {
    if (cells.length === 1 && cells[0]?.trim() === '') return;
    const row = index + 2;
    if (cells.length !== columns.length) {
      lines.push({
        row,
        cells: new Map([['sku', csvText(cells[0]?.trim() ?? '')]]),
        mismatch: m.cellsMismatch(cells.length, columns.length),
      });
      return;
    }
    lines.push({
      row,
      cells: new Map(columns.map((column, i) => [column, csvText(cells[i]?.trim() ?? '')])),
    });
  });
  if (lines.length === 0) throw refuse(m.noRows);
  if (lines.length > MAX_IMPORT_ROWS) throw refuse(m.tooManyRows(MAX_IMPORT_ROWS));
  return lines;
}

/** What a row asks for, typed as Add Product's body (left to the shared schemas to check). */
export interface RowInput {
  sku: string;
  name: string;
  price: number | undefined;
  minOrderQuantity: number | undefined;
  /** Left out (no column, or empty): 1 for a new part, its own for a known one. */
  orderMultiple: number | undefined;
  availableQuantity: number | undefined;
  /** Empty: none (the row is the part's whole record). */
  category: string | null;
  brand: string | null;
  description: string;
  img: string;
  attributes: AttributeValues;
}

/**
 * The row's cells as values: numbers where the store keeps numbers, attributes by the type their
 * definition in the row's category gives (an attribute the category does not define stays text,
 * and the category check names it). Cells holding a character no part may hold, and cells that
 * are no plain number, are collected as field errors; the former are read as empty, so their
 * text goes no further.
 */
export function toRowInput(
  line: ImportLine,
  definitionsOf: (slug: string) => readonly AttributeDefinition[] | undefined,
): { input: RowInput; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  for (const [column, text] of line.cells) {
    const problem = unstorable(column, text);
    if (problem) problems[column] = problem;
  }
  const refused = new Set(Object.keys(problems));
  const cell = (column: string) => (refused.has(column) ? '' : (line.cells.get(column) ?? ''));
  const number = (column: keyof typeof NUMBER_COLUMNS): number | undefined => {
    const text = cell(column);
    if (text === '') return undefined;
    const read = readNumber(column, text, NUMBER_COLUMNS[column]);
    if ('value' in read) return read.value;
    problems[column] = read.problem;
    return undefined;
  };
  const price = number('price');
  const minOrderQuantity = number('minOrderQuantity');
  const orderMultiple = number('orderMultiple');
  const availableQuantity = number('availableQuantity');
  const category = cell('category') || null;
  const definitions = new Map((category ? (definitionsOf(category) ?? []) : []).map((d) => [d.key, d]));
  const attributes: AttributeValues = {};
  for (const [column, text] of line.cells) {
    if (!column.startsWith(ATTRIBUTE_COLUMN_PREFIX) || text === '' || refused.has(column)) continue;
    const key = column.slice(ATTRIBUTE_COLUMN_PREFIX.length);
    const type = definitions.get(key)?.type;
    if (type === 'number') {
      const read = readNumber(column, text, 'signed');
      if ('value' in read) attributes[key] = read.value;
      else problems[column] = read.problem;
    } else if (type === 'boolean') {
      const value = text.toLowerCase();
      if (value === 'true' || value === 'false') attributes[key] = value === 'true';
      else problems[column] = m.notABoolean(column);
    } else attributes[key] = text;
  }
  return {
    input: {
      sku: cell('sku'),
      name: cell('name'),
      price,
      minOrderQuantity,
      orderMultiple,
      availableQuantity,
      category,
      brand: cell('brand') || null,
      description: cell('description'),
      img: cell('img'),
      attributes,
    },
    problems,
  };
}

/** A field of the API's messages (`attributes.socket`) as the file names it (`attr.socket`). */
export const columnOf = (field: string) =>
  field.startsWith('attributes.') ? `${ATTRIBUTE_COLUMN_PREFIX}${field.slice('attributes.'.length)}` : field;
