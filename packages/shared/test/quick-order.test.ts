import { describe, expect, it } from 'vitest';
import { MAX_QUICK_ORDER_ROWS } from '../src/constants.js';
import { cartApiMessages as m } from '../src/messages/cart.js';
import { parseQuickOrder, type QuickOrderRow } from '../src/quick-order.js';

const rowsOf = (text: string): QuickOrderRow[] => {
  const parsed = parseQuickOrder(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows;
};
const ok = (row: number, sku: string, quantity: number): QuickOrderRow => ({
  row,
  sku,
  quantity,
  error: null,
});

describe('parseQuickOrder', () => {
  it.each([
    ['comma', 'AB-1,10'],
    ['semicolon', 'AB-1;10'],
    ['tab', 'AB-1\t10'],
    ['space', 'AB-1 10'],
    ['several spaces', '  AB-1    10  '],
    ['quoted CSV fields', '"AB-1","10"'],
    ['spaces around the delimiter', 'AB-1 , 10'],
    ['columns after the quantity', 'AB-1,10,"Fan, 120 mm"'],
  ])('reads %s', (_name, line) => {
    expect(rowsOf(line)).toEqual([ok(1, 'AB-1', 10)]);
  });

  it('skips blank lines, numbering rows by their line in the text', () => {
    expect(rowsOf('\nAB-1,10\r\n\r\n  \nCD.2;5\rEF_3\t7\n')).toEqual([
      ok(2, 'AB-1', 10),
      ok(5, 'CD.2', 5),
      ok(6, 'EF_3', 7),
    ]);
  });

  it.each(['sku,quantity', 'SKU;Qty', 'Part number\tQuantity', '"SKU","Quantity"', 'sku qty', 'Item,Amount'])(
    'drops the header row %j',
    (header) => {
      expect(rowsOf(`${header}\nAB-1,10`)).toEqual([ok(2, 'AB-1', 10)]);
    },
  );

  it('keeps a first row that is not a header, and reads a header only first', () => {
    expect(rowsOf('AB-1,ten')).toEqual([
      { row: 1, sku: 'AB-1', quantity: null, error: m.rowQuantityInvalid },
    ]);
    expect(rowsOf('AB-1,1\nsku,quantity')[1]).toEqual({
      row: 2,
      sku: 'sku',
      quantity: null,
      error: m.rowQuantityInvalid,
    });
  });

  it('drops a byte-order mark', () => {
    expect(rowsOf('\uFEFFsku,qty\nAB-1,3')).toEqual([ok(2, 'AB-1', 3)]);
  });

  it.each([
    ['no quantity', 'AB-1', m.rowQuantityInvalid],
    ['a fraction', 'AB-1,2.5', m.rowQuantityInvalid],
    ['zero', 'AB-1,0', m.rowQuantityInvalid],
    ['a negative', 'AB-1;-3', m.rowQuantityInvalid],
    ['too many', 'AB-1,1000001', m.rowQuantityInvalid],
    ['no SKU', ',5', m.noSku],
  ])('refuses a row with %s, alone', (_name, line, error) => {
    const rows = rowsOf(`${line}\nGOOD-1,1`);
    expect(rows[0]?.error).toBe(error);
    expect(rows[1]).toEqual(ok(2, 'GOOD-1', 1));
  });

  it(`takes ${MAX_QUICK_ORDER_ROWS} rows besides a header and blank lines, and refuses one more`, () => {
    const lines = Array.from({ length: MAX_QUICK_ORDER_ROWS }, (_, i) => `P-${i},1`);
    expect(rowsOf(['sku,qty', ...lines, '', ''].join('\n'))).toHaveLength(MAX_QUICK_ORDER_ROWS);
    expect(parseQuickOrder([...lines, 'P-X,1'].join('\n'))).toEqual({
      ok: false,
      message: m.tooManyRows(MAX_QUICK_ORDER_ROWS),
    });
  });
});
