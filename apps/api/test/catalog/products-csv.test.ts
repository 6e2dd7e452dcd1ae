import {
  type AuditEntry,
  MAX_IMPORT_ROWS,
  productImportMessages as m,
  type Part,
  type ProductImportResult,
} from '@store/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRow, csvText } from '../../src/lib/csv.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * The catalog by CSV: the export read back with a real CSV parser, edited and
 * imported again (only the edited rows change), rows refused alone with their message, the
 * 5,000-row bound, a dry run that changes nothing, the audit entries, and who may call.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;

const HEADER = ['sku', 'name', 'price', 'minOrderQuantity', 'orderMultiple', 'availableQuantity'];
const IMG = '/media/parts/test.svg';

beforeAll(async () => {
  ctx = await createTestApp({ readCache: true });
  admin = await accountWithToken(ctx, 'admin');
  customer = await accountWithToken(ctx);
  await ctx
    .http()
    .post('/api/categories')
    .set(admin.auth)
    .send({
      slug: 'csv-cpus',
      name: 'Processors',
      attributes: [
        { key: 'socket', label: 'Socket', type: 'enum', compatibility: true },
        { key: 'cores', label: 'Cores', type: 'number' },
        { key: 'unlocked', label: 'Unlocked', type: 'boolean' },
      ],
    })
    .expect(201);
});
afterAll(() => ctx.close());

const addPart = async (sku: string, overrides: object = {}) => {
  const res = await ctx
    .http()
    .post('/api/addproduct')
    .set(admin.auth)
    .send({
      name: `Part ${sku}`,
      img: IMG,
      price: 199.99,
      minOrderQuantity: 1,
      availableQuantity: 30,
      description: 'A processor for the CSV tests.',
      sku,
      category: 'csv-cpus',
      brand: 'Voltcore',
      attributes: { socket: 'AM5', cores: 8, unlocked: true },
      ...overrides,
    })
    .expect(201);
  return res.body.insertedId as string;
};

/** The export's bytes and its records, as a spreadsheet reads them. */
async function exportCsv() {
  const res = await ctx
    .http()
    .get('/api/products.csv')
    .set(admin.auth)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  const text = (res.body as Buffer).toString('utf8');
  const records: string[][] = parse(text, { bom: true });
  const [header = [], ...rows] = records;
  return { res, text, header, rows };
}

const importCsv = async (text: string, dryRun = false, status = 200) =>
  (await ctx.http().post('/api/products/import').set(admin.auth).send({ text, dryRun }).expect(status))
    .body as ProductImportResult;

const file = (header: readonly string[], rows: readonly (string | number)[][]) =>
  [header, ...rows].map((cells) => csvRow(cells)).join('');

const partBySku = async (sku: string): Promise<Part | undefined> => {
  const res = await ctx.http().get('/api/parts').query({ category: 'csv-cpus', limit: '100' }).expect(200);
  return (res.body as Part[]).find((part) => part.sku === sku);
};

const entriesOf = async (id: string): Promise<AuditEntry[]> =>
  (await ctx.http().get('/api/audit').query({ targetType: 'part', targetId: id }).set(admin.auth).expect(200))
    .body;

/** A new part's row with the columns of HEADER plus the rest Add Product requires. */
const fullHeader = [...HEADER, 'category', 'brand', 'description', 'img', 'attr.socket', 'attr.cores'];
const newRow = (
  sku: string,
  overrides: Partial<Record<string, string | number>> = {},
  columns: readonly string[] = fullHeader,
) => {
  const values: Record<string, string | number> = {
    sku,
    name: `Imported ${sku}`,
    price: 49.5,
    minOrderQuantity: 2,
    orderMultiple: 2,
    availableQuantity: 10,
    category: 'csv-cpus',
    brand: 'Northbyte',
    description: 'Imported from a file.',
    img: IMG,
    'attr.socket': 'LGA1700',
    'attr.cores': 6,
    ...overrides,
  };
  return columns.map((column) => values[column] ?? '');
};

describe('who may call', () => {
  it('customers get 403 and visitors 401, on the export and the import', async () => {
    await ctx.http().get('/api/products.csv').set(customer.auth).expect(403);
    await ctx.http().get('/api/products.csv').expect(401);
    await ctx.http().post('/api/products/import').set(customer.auth).send({ text: 'sku\n' }).expect(403);
    await ctx.http().post('/api/products/import').send({ text: 'sku\n' }).expect(401);
  });
});

describe('GET /api/products.csv', () => {
  it('writes every part with its category, brand and one column per attribute, formula-safe', async () => {
    await addPart('CSV-EXP-1', { brand: '@home', description: '=1+1 is no formula here.' });
    const { res, text, header, rows } = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(text.startsWith('\uFEFFsku,name,price,')).toBe(true);
    expect(header).toEqual([
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
      'attr.socket',
      'attr.cores',
      'attr.unlocked',
    ]);
    expect(rows.find((row) => row[0] === 'CSV-EXP-1')).toEqual([
      'CSV-EXP-1',
      'Part CSV-EXP-1',
      '199.99',
      '1',
      '1',
      '30',
      'csv-cpus',
      "'@home",
      "'=1+1 is no formula here.",
      IMG,
      'AM5',
      '8',
      'true',
    ]);
  });
});

describe('POST /api/products/import', () => {
  it('takes back its own export unchanged, and changes only the edited rows', async () => {
    const ids = [await addPart('CSV-RT-1'), await addPart('CSV-RT-2'), await addPart('CSV-RT-3')];
    const before = await exportCsv();
    const untouched = await importCsv(before.text);
    expect(untouched.rows.every((row) => row.status === 'unchanged')).toBe(true);
    expect(untouched.rows).toHaveLength(before.rows.length);

    const priceAt = before.header.indexOf('price');
    const stockAt = before.header.indexOf('availableQuantity');
    const coresAt = before.header.indexOf('attr.cores');
    // The cells as a spreadsheet shows them (`'@home` is `@home`): `file` makes them inert again.
    const edited = before.rows.map((written) => {
      const row = written.map(csvText);
      if (row[0] === 'CSV-RT-1') return row.map((cell, i) => (i === priceAt ? '179' : cell));
      if (row[0] === 'CSV-RT-2')
        return row.map((cell, i) => (i === stockAt ? '45' : i === coresAt ? '12' : cell));
      return row;
    });
    const result = await importCsv(file(before.header, edited));
    const bySku = new Map(result.rows.map((row) => [row.sku, row]));
    expect(bySku.get('CSV-RT-1')).toMatchObject({ status: 'updated', message: m.changed('price') });
    expect(bySku.get('CSV-RT-2')).toMatchObject({
      status: 'updated',
      message: m.changed(`attributes, ${m.stockChange(30, 45)}`),
    });
    expect(result.rows.filter((row) => row.status !== 'unchanged')).toHaveLength(2);
    expect(result.rows[0]?.row).toBe(2);

    // The read cache forgot the parts: the public answers show the new values.
    expect(await partBySku('CSV-RT-1')).toMatchObject({ price: 179, availableQuantity: 30 });
    expect(await partBySku('CSV-RT-2')).toMatchObject({ price: 199.99, availableQuantity: 45 });
    expect((await partBySku('CSV-RT-2'))?.attributes).toEqual({ socket: 'AM5', cores: 12, unlocked: true });
    expect(await partBySku('CSV-RT-3')).toMatchObject({ price: 199.99, availableQuantity: 30 });

    // One entry per change, as an edit in the form records it.
    const [first] = await entriesOf(ids[0] ?? '');
    expect(first).toMatchObject({ action: 'part.edit', before: { price: 199.99 }, after: { price: 179 } });
    const second = await entriesOf(ids[1] ?? '');
    expect(second.map((entry) => entry.action).sort()).toEqual(['part.add', 'part.edit', 'part.stock']);
    expect(second.find((entry) => entry.action === 'part.stock')).toMatchObject({
      before: { availableQuantity: 30 },
      after: { availableQuantity: 45 },
    });
    expect((await entriesOf(ids[2] ?? '')).map((entry) => entry.action)).toEqual(['part.add']);
  });

  it('adds new SKUs, with their attributes typed by the category, and records each add', async () => {
    const result = await importCsv(file(fullHeader, [newRow('CSV-NEW-1')]));
    expect(result).toEqual({
      dryRun: false,
      rows: [{ row: 2, sku: 'CSV-NEW-1', status: 'added', message: m.added }],
    });
    const part = await partBySku('CSV-NEW-1');
    expect(part).toMatchObject({
      name: 'Imported CSV-NEW-1',
      price: 49.5,
      orderMultiple: 2,
      brand: 'Northbyte',
      category: 'csv-cpus',
      attributes: { socket: 'LGA1700', cores: 6 },
    });
    const [entry] = await entriesOf(part?._id ?? '');
    expect(entry).toMatchObject({ action: 'part.add', actor: admin.email, after: { sku: 'CSV-NEW-1' } });
  });

  it('refuses a bad row alone, naming its column, and imports the rest', async () => {
    const deleted = await addPart('CSV-GONE');
    await ctx.http().delete(`/api/deleteparts/${deleted}`).set(admin.auth).expect(200);
    const text = `${file(fullHeader, [
      newRow('CSV-OK-1'),
      newRow('CSV-BAD-PRICE', { price: 'cheap' }),
      newRow('CSV-BAD-CAT', { category: 'no-such-category' }),
      newRow('CSV-BAD-CORES', { 'attr.cores': 'eight' }),
      newRow('CSV-OK-1'),
      newRow('CSV-GONE'),
      newRow('bad sku!'),
      newRow('CSV-BAD-MIN', { minOrderQuantity: 3 }),
      newRow('CSV-OK-2'),
    ])}CSV-SHORT,only two\r\n`;
    const { rows } = await importCsv(text);
    expect(rows.map((row) => [row.row, row.sku, row.status])).toEqual([
      [2, 'CSV-OK-1', 'added'],
      [3, 'CSV-BAD-PRICE', 'error'],
      [4, 'CSV-BAD-CAT', 'error'],
      [5, 'CSV-BAD-CORES', 'error'],
      [6, 'CSV-OK-1', 'error'],
      [7, 'CSV-GONE', 'error'],
      [8, 'bad sku!', 'error'],
      [9, 'CSV-BAD-MIN', 'error'],
      [10, 'CSV-OK-2', 'added'],
      [11, 'CSV-SHORT', 'error'],
    ]);
    const fields = rows.map((row) => row.fields && Object.keys(row.fields));
    expect(fields.slice(1, 8)).toEqual([
      ['price'],
      ['category'],
      ['attr.cores'],
      ['sku'],
      ['sku'],
      ['sku'],
      ['minOrderQuantity'],
    ]);
    expect(rows[1]?.message).toBe(m.cellProblem('price', m.notANumber('price')));
    expect(rows[4]?.message).toBe(m.cellProblem('sku', m.skuRepeated(2)));
    expect(rows[5]?.message).toBe(m.cellProblem('sku', m.skuOfDeletedPart));
    expect(rows[9]?.message).toBe(m.cellsMismatch(2, fullHeader.length));
    expect(await partBySku('CSV-OK-1')).toBeDefined();
    expect(await partBySku('CSV-OK-2')).toBeDefined();
    expect(await partBySku('CSV-BAD-CAT')).toBeUndefined();
  });

  it('a dry run says what would change and changes nothing', async () => {
    const id = await addPart('CSV-DRY-1');
    const { header, rows } = await exportCsv();
    const mine = rows
      .filter((row) => row[0] === 'CSV-DRY-1')
      .map((row) => row.map((cell, i) => (i === 2 ? '150' : cell)));
    const text = file(header, [...mine, newRow('CSV-DRY-NEW', {}, header)]);
    const before = await exportCsv();
    const result = await importCsv(text, true);
    expect(result.dryRun).toBe(true);
    expect(result.rows.map((row) => [row.sku, row.status, row.message])).toEqual([
      ['CSV-DRY-1', 'updated', m.wouldChange('price')],
      ['CSV-DRY-NEW', 'added', m.wouldAdd],
    ]);
    expect((await exportCsv()).text).toBe(before.text);
    expect((await entriesOf(id)).map((entry) => entry.action)).toEqual(['part.add']);
  });

  it('refuses a file it cannot read whole with a 400, changing nothing', async () => {
    const refused = async (text: string) =>
      (await ctx.http().post('/api/products/import').set(admin.auth).send({ text }).expect(400)).body.message;
    expect(await refused('sku,name\r\n')).toBe(m.headerMissing('price'));
    expect(await refused(`${fullHeader.join(',')},colour\r\n`)).toBe(m.headerUnknown('colour'));
    expect(await refused(`${fullHeader.join(',')},attr.nothing\r\n`)).toBe(m.headerUnknown('attr.nothing'));
    expect(await refused(`${fullHeader.join(',')},sku\r\n`)).toBe(m.headerRepeated('sku'));
    expect(await refused(`${fullHeader.join(',')}\r\n`)).toBe(m.noRows);
    expect(await refused(`${fullHeader.join(',')}\r\n"unclosed,`)).toBe(m.quoteUnclosed);
  });

  it(`takes ${MAX_IMPORT_ROWS} rows in one request and refuses one more`, async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => newRow(`CSV-BULK-${i}`));
    const tooMany = await ctx
      .http()
      .post('/api/products/import')
      .set(admin.auth)
      .send({ text: file(fullHeader, rows) })
      .expect(400);
    expect(tooMany.body.message).toBe(m.tooManyRows(MAX_IMPORT_ROWS));
    expect(await partBySku('CSV-BULK-0')).toBeUndefined();

    const started = performance.now();
    const result = await importCsv(file(fullHeader, rows.slice(0, MAX_IMPORT_ROWS)));
    const ms = performance.now() - started;
    expect(result.rows.filter((row) => row.status === 'added')).toHaveLength(MAX_IMPORT_ROWS);
    // Again, with every price changed: all updated, in batched statements.
    const repriced = rows.slice(0, MAX_IMPORT_ROWS).map((row) => row.map((cell, i) => (i === 2 ? 51 : cell)));
    const again = await importCsv(file(fullHeader, repriced));
    expect(again.rows.filter((row) => row.status === 'updated')).toHaveLength(MAX_IMPORT_ROWS);
    console.info(`import of ${MAX_IMPORT_ROWS} new parts: ${Math.round(ms)} ms`);
  }, 120_000);
});
