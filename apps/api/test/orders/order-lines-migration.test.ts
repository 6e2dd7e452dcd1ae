import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsDir } from '../../src/lib/paths.js';
import { usingPostgres } from '../support/helpers.js';

/**
 * Migration 0018 on a store that already has orders: each becomes a one-line order, its line
 * the order's part (with the SKU 0018 gives the part), name, price, quantity, discount and total.
 * The database is migrated to 0017, given an order, then migrated to the end.
 */
const folders = mkdtempSync(path.join(tmpdir(), 'migrations-'));
let run: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
let migrateWith: (folder: string) => Promise<void>;
let close: () => Promise<void>;

/** The migrations up to and including `last`, as a folder of their own. */
function migrationsUpTo(last: number): string {
  const folder = path.join(folders, `to-${last}`);
  cpSync(migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  if (!usingPostgres) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite({ client });
    run = async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows;
    migrateWith = (folder) => migratePglite(db, { migrationsFolder: folder });
    close = () => client.close();
    return;
  }
  // A schema of its own in the run's database, as every PostgreSQL test file has.
  const schema = `t_${Math.random().toString(16).slice(2, 14)}`;
  const url = inject('postgresRunUrl');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema},public` });
  const db = drizzlePg({ client: pool });
  run = async (text, values) => (await pool.query(text, values)).rows;
  migrateWith = (folder) => migratePg(db, { migrationsFolder: folder, migrationsSchema: schema });
  close = async () => {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  };
});
afterAll(async () => {
  await close?.();
  rmSync(folders, { recursive: true, force: true });
});

describe('migration 0018', () => {
  it("makes each existing order a one-line order of its part, with the part's new SKU", async () => {
    await migrateWith(migrationsUpTo(17));
    const [part] = await run(
      `insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description, bulk_discount)
       values ('Old GPU', '/media/parts/test.svg', 49900, 1, 10, 'A graphics card', true) returning id`,
    );
    const [order] = await run(
      `insert into orders (part_id, product_name, unit_price_cents, product_quantity, discount_percent,
         discount_cents, total_cents, user_name, email, phone, address)
       values ($1, 'Old GPU', 49900, 600, 5, 1497000, 28443000, 'Olive Old', 'olive@example.com',
         '+44 114 496 0000', '1 Old Road')
       returning id`,
      [part?.id],
    );
    await migrateWith(migrationsDir);
    const lines = await run('select * from order_lines where order_id = $1', [order?.id]);
    const [sku] = await run('select sku from parts where id = $1', [part?.id]);
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
    const [after] = await run('select line_count, po_reference from orders where id = $1', [order?.id]);
    expect(after).toEqual({ line_count: 1, po_reference: null });
  });
});
