import { z } from 'zod';
import { validationMessages as m } from '../messages/index.js';
import { idSchema } from './common.js';

/**
 * Keyset paging of the catalog (decision 012). A cursor names the last part of a page by its
 * sort key and id; the next page starts right after it through the sort's index, however deep.
 * It is opaque to clients: base64url of `[sort, key, id]`, made by the API, checked here.
 */
export const cursorSorts = ['newest', 'price-asc', 'price-desc', 'relevance'] as const;
export type CursorSort = (typeof cursorSorts)[number];

export interface PartsCursor {
  sort: CursorSort;
  /**
   * newest: created_at in microseconds since 1970 (a string of digits, exact); by price: cents;
   * relevance: the search's score, a `real` as PostgreSQL prints it (decision 052).
   */
  key: string;
  id: string;
}

/** Both the browser and Node have these globals; this package's lib names neither. */
declare const btoa: (text: string) => string;
declare const atob: (text: string) => string;

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => atob(text.replace(/-/g, '+').replace(/_/g, '/'));

export const encodePartsCursor = ({ sort, key, id }: PartsCursor): string =>
  toBase64Url(JSON.stringify([sort, key, id]));

/** Microseconds up to the year 9999 (what a timestamp holds); cents as a price holds them. */
const keyPattern: Record<CursorSort, RegExp> = {
  newest: /^(0|[1-9]\d{0,17})$/,
  'price-asc': /^[1-9]\d{0,9}$/,
  'price-desc': /^[1-9]\d{0,9}$/,
  relevance: /^\d\.?\d{0,12}(e-\d{1,2})?$/,
};
const MAX_MICROS = 253_402_300_799_999_999n;
const MAX_CENTS = 2_147_483_647;

const cursorTuple = z.tuple([z.enum(cursorSorts), z.string(), idSchema]);

function decode(text: string): PartsCursor | undefined {
  let json: unknown;
  try {
    json = JSON.parse(fromBase64Url(text));
  } catch {
    return undefined;
  }
  const parsed = cursorTuple.safeParse(json);
  if (!parsed.success) return undefined;
  const [sort, key, id] = parsed.data;
  if (!keyPattern[sort].test(key)) return undefined;
  // Out of the column's range, PostgreSQL would fail the query: refused here as a bad cursor.
  if (sort === 'newest' ? BigInt(key) > MAX_MICROS : sort !== 'relevance' && Number(key) > MAX_CENTS)
    return undefined;
  return { sort, key, id };
}

/** A `cursor` query parameter: a tampered or truncated one is a 400, never a query. */
export const partsCursorSchema = z
  .string()
  .max(200, m.cursorInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, m.cursorInvalid)
  .transform((text, ctx) => {
    const cursor = decode(text);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: m.cursorInvalid });
      return z.NEVER;
    }
    return cursor;
  });
