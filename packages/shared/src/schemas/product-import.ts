import { z } from 'zod';
import { productImportMessages as m } from '../messages/product-import.js';

/** Rows one import may hold: more is refused whole, so a file is never half read. */
export const MAX_IMPORT_ROWS = 5000;
/** The CSV's characters: 5,000 rows with long descriptions fit (the JSON body's own limit is 8 MB). */
export const MAX_IMPORT_TEXT = 7_500_000;

/**
 * The part's own columns, in the export's order; then one `attr.<key>` column per attribute the
 * tree defines. The import takes the same header (in any order); `orderMultiple`, `category`,
 * `brand` and the attribute columns may be left out.
 */
export const PRODUCT_CSV_COLUMNS = [
  'sku',
  'name',
  'price',
  'minOrderQuantity',
  'orderMultiple',
  'availableQuantity',
  'category',
  'brand',
  'description',
  'img',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export const ATTRIBUTE_COLUMN_PREFIX = 'attr.';

export const productImportSchema = z.object({
  /** The CSV file's text (UTF-8; a byte-order mark is allowed). */
  text: z.string().min(1, m.noRows).max(MAX_IMPORT_TEXT, m.textTooLong),
  /** Check every row and say what would change, changing nothing. */
  dryRun: z.boolean().default(false),
});
export type ProductImport = z.infer<typeof productImportSchema>;

export const IMPORT_ROW_STATUSES = ['added', 'updated', 'unchanged', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importRowResultSchema = z.object({
  /** The line's number in the file as a spreadsheet shows it: the header is row 1. */
  row: z.number().int(),
  sku: z.string(),
  status: z.enum(IMPORT_ROW_STATUSES),
  message: z.string(),
  /** For an error, the message of each column at fault, by column name. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const productImportResultSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(importRowResultSchema),
});
export type ProductImportResult = z.infer<typeof productImportResultSchema>;
