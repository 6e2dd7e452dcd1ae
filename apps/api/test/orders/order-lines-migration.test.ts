import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MigrationSteps, openMigrationSteps } from '../support/migration-steps.js';

/**
 * Migration 0018 on a store that already has orders: each becomes a one-line order, its line
 * the order's part (with the SKU 0018 gives the part), name, price, quantity, discount and total.
 * The database is migrated to 0017, given an order, then migrated to the end.
 */
let db: MigrationSteps;

beforeAll(async () => {
  db = await openMigrationSteps();
});
afterAll(() => db?.close());

describe('migration 0018', () => {
  it("makes each existing order a one-line order of its part, with the part's new SKU", async () => {
    await db.migrateTo(17);
    const [part] = await db.run(
      `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description, bulk_discount)
       values ('Old GPU', '/media/parts/test.svg', 49900, 1, 10, 'A graphics card', true) returning id`,
    );
    const [order] = await db.run(
      `insert into orders (part_id, product_name, unit_price_cents, product_quantity, discount_percent,
         discount_cents, total_cents, user_name, email, phone, address)
       values ($1, 'Old GPU', 49900, 600, 5, 1497000, 28443000, 'Olive Old', 'olive@example.com',
         '+44 114 496 0000', '1 Old Road')
       returning id`,
      [part?.id],
    );
    await db.migrateTo();
    const lines = await db.run('select * from order_lines where order_id = $1', [order?.id]);
    const [sku] = await db.run('select sku from parts where id = $1', [part?.id]);
    expect(sku?.sku).toMatch(/^PD-\d{6,}$/);
    expect(lines).toEqual([
      {
        order_id: order?.id,
        position: 1,
        part_id: part?.id,
        sku: sku?.sku,
        product_name: 'Old GPU',
        unit_price_cents: 49900,
        quantity: 600,
        discount_percent: 5,
        discount_cents: expect.anything(),
        total_cents: expect.anything(),
        // Added by 0026 (decision 053): an order placed before tax keeps its total, tax 0.
        tax_cents: expect.anything(),
        net_cents: expect.anything(),
      },
    ]);
    expect(
      lines.map((l) => [
        Number(l.discount_cents),
        Number(l.total_cents),
        Number(l.tax_cents),
        Number(l.net_cents),
      ]),
    ).toEqual([[1497000, 28443000, 0, 28443000]]);
    const [after] = await db.run('select line_count, po_reference from orders where id = $1', [order?.id]);
    expect(after).toEqual({ line_count: 1, po_reference: null });
  });
});
