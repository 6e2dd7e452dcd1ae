/** The catalog by CSV: the API's per-row words and the 'Import products' page's. */
export const productImportMessages = {
  tooManyRows: (max: number) =>
    `An import holds at most ${max.toLocaleString('en-US')} rows; split the file.`,
  noRows: 'The file holds no parts: a header line and at least one row are needed.',
  textTooLong: 'The file is too large to import at once; split it.',
  headerUnknown: (column: string) => `The column ${column} is not one the store knows.`,
  headerMissing: (column: string) => `The column ${column} is missing.`,
  headerRepeated: (column: string) => `The column ${column} appears twice.`,
  quoteUnclosed: 'A quoted cell is never closed: the file is not valid CSV.',
  cellsMismatch: (got: number, want: number) => `The row has ${got} cells where the header has ${want}.`,
  skuRepeated: (row: number) => `This SKU is already on row ${row} of the file.`,
  skuTakenMeanwhile: 'Another part took a SKU of the file meanwhile: nothing was imported. Try again.',
  skuOfDeletedPart: 'A deleted part holds this SKU; give the new part another.',
  notANumber: (column: string) => `${column} must be a number written plainly, such as 12 or 12.5.`,
  notAWholeNumber: (column: string) => `${column} must be a whole number written plainly, such as 12.`,
  notASignedNumber: (column: string) =>
    `${column} must be a number written plainly, such as 12, 12.5 or -12.`,
  cellUnstorable: (column: string) =>
    `${column} holds a character that is not text (a control character, or an invalid or reserved code point); remove it.`,
  notABoolean: (column: string) => `${column} must be true or false.`,
  cellProblem: (column: string, message: string) => `${column}: ${message}`,
  added: 'New part.',
  wouldAdd: 'Would be added as a new part.',
  unchanged: 'Nothing to change.',
  changed: (fields: string) => `Changed: ${fields}.`,
  wouldChange: (fields: string) => `Would change: ${fields}.`,
  stockChange: (before: number, after: number) => `stock ${before} → ${after}`,
  // The page.
  pageTitle: 'Import products',
  pageIntro:
    'Export the catalog, edit it in a spreadsheet, then import it: rows are matched by SKU. A new SKU adds a part, a known one updates it. Check with a dry run first; a bad row is refused alone.',
  exportLink: 'Export the catalog (CSV)',
  fileLabel: 'CSV file',
  dryRun: 'Dry run',
  importNow: 'Import',
  reading: 'Reading the file…',
  checking: 'Checking…',
  importing: 'Importing…',
  noFile: 'Choose a CSV file first.',
  dryRunDone: (changes: number, errors: number) =>
    `Dry run: ${changes} ${changes === 1 ? 'row' : 'rows'} would change, ${errors} refused. Nothing was saved.`,
  importDone: (changes: number, errors: number) =>
    `Imported: ${changes} ${changes === 1 ? 'row' : 'rows'} changed, ${errors} refused.`,
  resultsCaption: 'Each row of the file',
  columnRow: 'Row',
  columnSku: 'SKU',
  columnStatus: 'Result',
  columnMessage: 'Details',
  status: { added: 'Added', updated: 'Updated', unchanged: 'Unchanged', error: 'Refused' },
} as const;
