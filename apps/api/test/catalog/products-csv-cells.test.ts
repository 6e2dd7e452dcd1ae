import { productImportMessages as m, type Part, type ProductImportResult } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRow } from '../../src/lib/csv.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * The catalog import reads each cell strictly: text the database cannot store (NUL, lone
 * surrogates) or that is no text (control characters, noncharacters), and numbers in any form but
 * plain decimals, refuse their row alone, naming the cell, on a dry run as on a real one.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

const IMG = '/media/parts/test.svg';
const HEADER = [
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
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  await ctx
    .http()
    .post('/api/categories')
    .set(admin.auth)
    .send({
      slug: 'cell-cpus',
      name: 'Processors',
      attributes: [
        { key: 'socket', label: 'Socket', type: 'enum' },
        { key: 'cores', label: 'Cores', type: 'number' },
      ],
    })
    .expect(201);
});
afterAll(() => ctx.close());

const row = (sku: string, overrides: Record<string, string> = {}) => {
  const values: Record<string, string> = {
    sku,
    name: `Part ${sku}`,
    price: '49.5',
    minOrderQuantity: '2',
    orderMultiple: '2',
    availableQuantity: '10',
    category: 'cell-cpus',
    brand: 'Northbyte',
    description: 'Read from a file.',
    img: IMG,
    'attr.socket': 'AM5',
    'attr.cores': '8',
    ...overrides,
  };
  return HEADER.map((column) => values[column] ?? '');
};
const file = (rows: string[][]) => [HEADER, ...rows].map((cells) => csvRow(cells)).join('');

const importRows = async (rows: string[][], dryRun: boolean) =>
  (
    await ctx
      .http()
      .post('/api/products/import')
      .set(admin.auth)
      .send({ text: file(rows), dryRun })
      .expect(200)
  ).body as ProductImportResult;

const partBySku = async (sku: string): Promise<Part | undefined> => {
  const res = await ctx.http().get('/api/parts').query({ category: 'cell-cpus', limit: '100' }).expect(200);
  return (res.body as Part[]).find((part) => part.sku === sku);
};

let serial = 0;
/** A known part (added by the import itself) and a fresh SKU, for one case. */
async function knownAndNew() {
  serial += 1;
  const known = `CELL-K${serial}`;
  await importRows([row(known)], false);
  return { known, fresh: `CELL-N${serial}`, good: `CELL-G${serial}` };
}

/** Imports a bad row for a known part, one for a new part and a good one: only the good one goes in. */
async function expectRefused(column: string, value: string, message: string) {
  const { known, fresh, good } = await knownAndNew();
  const before = await partBySku(known);
  for (const dryRun of [true, false]) {
    const bad = { [column]: value };
    const { rows } = await importRows([row(known, bad), row(fresh, bad), row(good)], dryRun);
    expect(rows.map((r) => [r.row, r.status, r.fields])).toEqual([
      [2, 'error', { [column]: message }],
      [3, 'error', { [column]: message }],
      [4, 'added', undefined],
    ]);
    expect(rows[0]?.message).toBe(m.cellProblem(column, message));
  }
  expect(await partBySku(known)).toEqual(before);
  expect(await partBySku(fresh)).toBeUndefined();
  expect(await partBySku(good)).toBeDefined();
}

describe('text a cell may not hold', () => {
  it('a NUL in a SKU refuses its row alone, on a dry run and a real one (no 500)', async () => {
    for (const dryRun of [true, false]) {
      const sku = `CELL-NUL-${dryRun}`;
      const { rows } = await importRows([row(`${sku}\u0000`, { name: 'A part' }), row(sku)], dryRun);
      expect(rows.map((r) => [r.status, r.fields])).toEqual([
        ['error', { sku: m.cellUnstorable('sku') }],
        ['added', undefined],
      ]);
    }
    // A row too short to read, whose first cell holds one, is refused as short.
    const short = `${file([row('CELL-SHORT-OK')])}CELL-SHORT\u0000,x\r\n`;
    const res = await ctx
      .http()
      .post('/api/products/import')
      .set(admin.auth)
      .send({ text: short })
      .expect(200);
    expect((res.body as ProductImportResult).rows.map((r) => r.status)).toEqual(['added', 'error']);
  });

  it('a lone surrogate in an update row’s name refuses that row alone (no 500)', async () => {
    await expectRefused('name', 'Half \ud800 a pair', m.cellUnstorable('name'));
  });

  it.each([
    ['sku', 'CELL-\ud800'],
    ['name', 'Tab\there'],
    ['name', 'Bell\u0007'],
    ['name', 'Non\ufdefcharacter'],
    ['brand', 'Del\u007f'],
    ['brand', 'Low \udc00 half'],
    ['category', 'cell-cpus\ufdd0'],
    ['description', 'NUL \u0000 inside'],
    ['description', 'Vertical\u000btab'],
    ['description', 'Reserved \ufffe'],
    ['img', `${IMG}\uffff`],
    ['attr.socket', 'AM5\u0085'],
    ['attr.socket', 'A\u{10FFFF}'],
    ['price', '4\u00009'],
    ['attr.cores', '8\u0000'],
  ])('refuses %s holding %j', async (column, value) => {
    await expectRefused(column, value, m.cellUnstorable(column));
  });

  it('takes line breaks and tabs in a description, and characters beyond the BMP anywhere', async () => {
    const { rows } = await importRows(
      [
        row('CELL-OK-1', {
          name: 'Fast 😀 chip',
          description: 'Line 1\r\nLine 2\twith a tab',
          brand: '𝔅rand',
        }),
      ],
      false,
    );
    expect(rows[0]?.status).toBe('added');
    expect(await partBySku('CELL-OK-1')).toMatchObject({
      name: 'Fast 😀 chip',
      description: 'Line 1\r\nLine 2\twith a tab',
      brand: '𝔅rand',
    });
  });
});

describe('numbers', () => {
  const NOT_PLAIN = [
    '0x10',
    '1e3',
    '1E3',
    '.5',
    '5.',
    '1 000',
    '1,000',
    '12,5',
    'Infinity',
    'NaN',
    '+5',
    '٥',
    '5..0',
  ];

  it.each([...NOT_PLAIN, '-5'])('refuses the price %j', async (value) => {
    await expectRefused('price', value, m.notANumber('price'));
  });

  it.each([
    ['minOrderQuantity', '2.0'],
    ['minOrderQuantity', '0x2'],
    ['orderMultiple', '2e0'],
    ['orderMultiple', '-2'],
    ['availableQuantity', '1e1'],
    ['availableQuantity', '10.5'],
    ['availableQuantity', '+10'],
  ])('refuses %s %j as no whole number', async (column, value) => {
    await expectRefused(column, value, m.notAWholeNumber(column));
  });

  it.each(NOT_PLAIN)('refuses the number attribute %j', async (value) => {
    await expectRefused('attr.cores', value, m.notASignedNumber('attr.cores'));
  });

  it('takes plain decimals, and a minus where a value may be negative', async () => {
    const { rows } = await importRows(
      [
        row('CELL-NUM-1', { price: '12', 'attr.cores': '-4' }),
        row('CELL-NUM-2', { price: ' 0.5 ', 'attr.cores': '0.0042' }),
        row('CELL-NUM-3', { price: '12.50', minOrderQuantity: '4', availableQuantity: '0012' }),
      ],
      false,
    );
    expect(rows.map((r) => r.status)).toEqual(['added', 'added', 'added']);
    expect(await partBySku('CELL-NUM-1')).toMatchObject({ price: 12, attributes: { cores: -4 } });
    expect(await partBySku('CELL-NUM-2')).toMatchObject({ price: 0.5, attributes: { cores: 0.0042 } });
    expect(await partBySku('CELL-NUM-3')).toMatchObject({ price: 12.5, availableQuantity: 12 });
  });
});
