import { MAX_QUICK_ORDER_ROWS } from './constants.js';
import { cartApiMessages as m } from './messages/cart.js';
import { MAX_QUANTITY } from './schemas/part.js';

/**
 * Quick order: the text a customer pastes, or a CSV file's, read as `SKU,quantity`,
 * `SKU;quantity`, `SKU<tab>quantity` or `SKU quantity` rows. Pure, so the page can preview
 * exactly what the server will read.
 */

export interface QuickOrderRow {
  /** The row's line in the text (1-based, blank lines and the header counted): where to look. */
  row: number;
  sku: string;
  /** Null when the row's quantity is not a whole number from 1 to MAX_QUANTITY. */
  quantity: number | null;
  /** Why the row cannot be added whatever the catalog says; null when it may be looked up. */
  error: string | null;
}

export type QuickOrderParse =
  | { ok: true; rows: QuickOrderRow[] }
  /** More than MAX_QUICK_ORDER_ROWS rows: refused whole, nothing added. */
  | { ok: false; message: string };

const HEADER_WORDS =
  /^(sku|skus|part|part ?(no|nr|number|#)|item|item ?(no|number)|code|product|article)\.?$/i;
const QUANTITY_WORDS = /^(qty|quantity|quantities|amount|count|units?|pcs|pieces)\.?$/i;
const WHOLE = /^\+?\d{1,7}$/;

/** A field without its surrounding quotes; `""` inside a quoted field is one quote. */
function unquote(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replaceAll('""', '"').trim();
  }
  return trimmed;
}

/** Splits on `delimiter` outside double quotes. */
function splitQuoted(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === delimiter && !quoted) {
      fields.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  fields.push(current);
  return fields.map(unquote);
}

/** A line's fields: tab, then comma or semicolon (whichever comes first outside quotes), then spaces. */
export function quickOrderFields(line: string): string[] {
  if (line.includes('\t')) return splitQuoted(line, '\t');
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';')) return splitQuoted(line, char);
  }
  return line.trim().split(/\s+/).map(unquote);
}

function parseQuantity(text: string | undefined): number | null {
  if (text === undefined || !WHOLE.test(text)) return null;
  const quantity = Number(text);
  return quantity >= 1 && quantity <= MAX_QUANTITY ? quantity : null;
}

const looksLikeHeader = (sku: string, quantity: string | undefined) =>
  parseQuantity(quantity) === null && (HEADER_WORDS.test(sku) || QUANTITY_WORDS.test(quantity ?? ''));

/**
 * The rows of `text`: blank lines skipped, the first row dropped when it is a header
 * ('sku,quantity', 'SKU;Qty', …), columns after the quantity ignored (a spreadsheet's
 * description). A row's own problem (no SKU, a quantity that is not a whole number) is its
 * `error`; whether the SKU names a part is for the server to say.
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  const rows: QuickOrderRow[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let first = true;
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const [sku = '', quantityText] = quickOrderFields(line);
    if (first) {
      first = false;
      if (looksLikeHeader(sku, quantityText)) continue;
    }
    if (rows.length === MAX_QUICK_ORDER_ROWS)
      return { ok: false, message: m.tooManyRows(MAX_QUICK_ORDER_ROWS) };
    const quantity = parseQuantity(quantityText);
    const error = sku === '' ? m.noSku : quantity === null ? m.rowQuantityInvalid : null;
    rows.push({ row: index + 1, sku, quantity, error });
  }
  return { ok: true, rows };
}
