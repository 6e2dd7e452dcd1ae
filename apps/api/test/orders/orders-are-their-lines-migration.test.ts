import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationSteps, openMigrationSteps } from '../support/migration-steps.js';

/**
 * Migration 0034 on a store that already has orders: `orders` loses the first line's columns,
 * and every order keeps what was ordered. An order with its lines keeps them as they are; one
 * written without lines (an operator's SQL) gets its one line from the columns that go.
 */
let db: MigrationSteps;

beforeAll(async () => {
  db = await openMigrationSteps();
});
afterAll(() => db?.close());

const LINE_COLUMNS =
  'order_id, position, part_id, sku, product_name, unit_price_cents, quantity, discount_percent, discount_cents, tax_cents, total_cents';

describe('migration 0034', () => {
  it('keeps every order’s lines, gives an order without lines its one line, and drops the first line’s columns', async () => {
    await db.migrateTo(33);
    const [gpu, fan] = await db.run(
      `insert into parts (name, sku, img, price_cents, min_order_quantity, available_quantity, description, bulk_discount)
       values ('Old GPU', 'GPU-OLD', '/media/parts/test.svg', 49900, 1, 10, 'A graphics card', true),
              ('Quiet Fan', 'FAN-Q', '/media/parts/test.svg', 1250, 1, 10, 'A case fan', false)
       returning id`,
    );
    // Placed by the store: two lines, the order's columns the first line's and the units of both.
    const [placed] = await db.run(
      `insert into orders (part_id, product_name, unit_price_cents, product_quantity, discount_percent,
         discount_cents, tax_cents, total_cents, line_count, user_name, email, phone, address)
       values ($1, 'Old GPU and 1 more', 49900, 3, 0, 0, 0, 102300, 2, 'Olive Old', 'olive@example.com',
         '+44 114 496 0000', '1 Old Road')
       returning id`,
      [gpu?.id],
    );
    await db.run(
      `insert into order_lines (${LINE_COLUMNS}) values
         ($1, 1, $2, 'GPU-OLD', 'Old GPU', 49900, 2, 0, 0, 0, 99800),
         ($1, 2, $3, 'FAN-Q', 'Quiet Fan', 1250, 2, 0, 0, 0, 2500)`,
      [placed?.id, gpu?.id, fan?.id],
    );
    // Written by hand, without lines.
    const [bare] = await db.run(
      `insert into orders (part_id, product_name, unit_price_cents, product_quantity, discount_percent,
         discount_cents, tax_cents, total_cents, user_name, email, phone, address)
       values ($1, 'Quiet Fan', 1250, 600, 5, 37500, 0, 712500, 'Bea Bare', 'bea@example.com',
         '+44 114 496 0001', '2 Bare Street')
       returning id`,
      [fan?.id],
    );
    const linesBefore = await db.run(`select ${LINE_COLUMNS} from order_lines order by order_id, position`);

    await db.migrateTo();

    const lines = await db.run(
      `select ${LINE_COLUMNS} from order_lines where order_id = $1 order by position`,
      [placed?.id],
    );
    expect(lines).toEqual(linesBefore.filter((line) => line.order_id === placed?.id));
    const made = await db.run(`select ${LINE_COLUMNS} from order_lines where order_id = $1`, [bare?.id]);
    expect(made.map((line) => ({ ...line, discount_cents: Number(line.discount_cents) }))).toEqual([
      expect.objectContaining({
        position: 1,
        part_id: fan?.id,
        sku: 'FAN-Q',
        product_name: 'Quiet Fan',
        unit_price_cents: 1250,
        quantity: 600,
        discount_percent: 5,
        discount_cents: 37500,
      }),
    ]);
    expect(made.map((line) => Number(line.total_cents))).toEqual([712500]);

    const columns = await db.run(
      `select column_name from information_schema.columns
       where table_name = 'orders' and table_schema = current_schema()`,
    );
    const names = columns.map((c) => c.column_name);
    for (const gone of [
      'part_id',
      'product_name',
      'unit_price_cents',
      'product_quantity',
      'discount_percent',
    ]) {
      expect(names).not.toContain(gone);
    }
    // The orders' own figures stay.
    const totals = await db.run('select id, total_cents, line_count from orders order by total_cents');
    expect(totals.map((o) => [o.id, Number(o.total_cents), o.line_count])).toEqual([
      [placed?.id, 102300, 2],
      [bare?.id, 712500, 1],
    ]);
  });
});
