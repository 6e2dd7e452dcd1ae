import { formatOrderNumber, type Order, orderExportColumns } from '@store/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { CSV_BATCH_SIZE } from '../../src/features/orders/service.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { insertOrderOf, type LineFigures } from '../support/order-rows.js';
import { checkout } from '../support/orders.js';

/**
 * `GET /api/orders.csv`: the desk's orders for spreadsheets, read back with a real CSV parser:
 * every matching order, with formulas made inert, in bounded batches however many there are.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
let part: typeof parts.$inferSelect;

type NewOrder = Parameters<typeof insertOrderOf>[2];
const row = (overrides: Partial<NewOrder> = {}): NewOrder => ({
  totalCents: 12_500,
  userName: 'Plain Person',
  email: 'plain@shop.test',
  phone: '555 010 2030',
  address: '1 Main Street, Springfield',
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  customer = await accountWithToken(ctx);
  const [inserted] = await ctx.db.insert(parts).values(partRow()).returning();
  if (!inserted) throw new Error('no part');
  part = inserted;
});

/** An order written straight to the tables: ten brake pads at 12.50 unless the line says otherwise. */
const insertOrder = (overrides: Partial<NewOrder> = {}, line: LineFigures = {}) =>
  insertOrderOf(ctx.db, part, row(overrides), {
    productName: 'Brake pad',
    unitPriceCents: 1250,
    quantity: 10,
    ...line,
  });
afterAll(() => ctx.close());

/** The raw bytes of the answer, and its records as a spreadsheet would read them. */
async function download(query: Record<string, string> = {}) {
  const res = await ctx
    .http()
    .get('/api/orders.csv')
    .query(query)
    .set(admin.auth)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  const bytes = res.body as Buffer;
  const records: string[][] = parse(bytes, { bom: true });
  return { res, bytes, header: records[0], rows: records.slice(1) };
}

const listed = async (query: Record<string, string>): Promise<Order[]> =>
  (
    await ctx
      .http()
      .get(`/api/orders/${admin.email}`)
      .query({ limit: '100', ...query })
      .set(admin.auth)
      .expect(200)
  ).body;

describe('GET /api/orders.csv', () => {
  it('is a UTF-8 attachment with a byte-order mark and the header row', async () => {
    const { res, bytes, header } = await download();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header).toEqual(Object.values(orderExportColumns));
    expect(bytes.toString('utf8')).toMatch(/^\uFEFFNumber,Date,.*,Tracking number\r\n/);
  });

  it('writes every column of an order', async () => {
    const order = await insertOrder(
      {
        userName: 'Zoë Ünïcode',
        email: 'zoe@shop.test',
        discountCents: 59_970,
        totalCents: 1_139_430,
        status: 'shipped',
        carrier: 'DHL',
        trackingNumber: 'JD0146',
        createdAt: new Date('2026-02-03T04:05:06.789Z'),
      },
      { quantity: 600, unitPriceCents: 1999, discountPercent: 5, discountCents: 59_970 },
    );
    const { rows } = await download({ q: 'zoe@shop.test' });
    expect(rows).toEqual([
      [
        formatOrderNumber(order.number),
        '2026-02-03T04:05:06.789Z',
        'Zoë Ünïcode',
        'zoe@shop.test',
        '555 010 2030',
        '1 Main Street, Springfield',
        '',
        part.sku,
        'Brake pad',
        '600',
        '19.99',
        '599.70',
        '11394.30',
        // Net and tax: an order stored without tax (as every order before migration 0026) shows 0.
        '11394.30',
        '0.00',
        '11394.30',
        'shipped',
        'DHL',
        'JD0146',
      ],
    ]);
  });

  it('quotes what needs quoting and makes every formula inert', async () => {
    const evil = await insertOrder(
      {
        userName: '=HYPERLINK("http://evil.example","click")',
        email: 'evil@shop.test',
        phone: '+1 555 010 2030',
        address: '-2+3 Main Street,\r\nFlat "B"\nSpringfield',
        carrier: '\t=cmd|calc',
        trackingNumber: '\r=1+1',
      },
      { productName: '@SUM(1,2)' },
    );
    const { rows } = await download({ q: 'evil@shop.test' });
    expect(rows).toHaveLength(1);
    const cells = rows[0] ?? [];
    expect(cells[2]).toBe(`'${evil.userName}`);
    expect(cells[4]).toBe("'+1 555 010 2030");
    expect(cells[5]).toBe(`'${evil.address}`);
    expect(cells[8]).toBe("'@SUM(1,2)");
    expect(cells[17]).toBe("'\t=cmd|calc");
    expect(cells[18]).toBe("'\r=1+1");
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('has the list’s filters: the same orders, newest first', async () => {
    await insertOrder({
      email: 'filter-a@shop.test',
      status: 'paid',
      createdAt: new Date('2026-03-01T00:00:00Z'),
    });
    await insertOrder({
      email: 'filter-b@shop.test',
      status: 'unpaid',
      createdAt: new Date('2026-03-02T00:00:00Z'),
    });
    await insertOrder({
      email: 'filter-c@shop.test',
      status: 'paid',
      createdAt: new Date('2026-03-03T00:00:00Z'),
    });
    const queries: Record<string, string>[] = [
      { q: 'filter' },
      { q: 'filter', status: 'paid' },
      { status: 'shipped' },
      { q: 'nobody' },
    ];
    for (const query of queries) {
      const { rows } = await download(query);
      expect(
        rows.map((r) => r[0]),
        JSON.stringify(query),
      ).toEqual((await listed(query)).map((o) => o.number));
    }
    const { rows } = await download({ q: 'filter', status: 'paid' });
    expect(rows.map((r) => r[3])).toEqual(['filter-c@shop.test', 'filter-a@shop.test']);
    const number = (await listed({ q: 'filter-b@shop.test' }))[0]?.number ?? '';
    expect((await download({ q: number.toLowerCase() })).rows.map((r) => r[3])).toEqual([
      'filter-b@shop.test',
    ]);
  });

  it('writes one row per line, the order repeated, with the SKU and the PO reference', async () => {
    const buyer = await accountWithToken(ctx, 'customer', 'Lina Lines');
    const [a, b] = await ctx.db
      .insert(parts)
      .values([
        partRow({ name: 'Disc', sku: 'CSV-DISC', priceCents: 500, minOrderQuantity: 1 }),
        partRow({ name: 'Caliper', sku: 'CSV-CAL', priceCents: 2000, minOrderQuantity: 1 }),
      ])
      .returning();
    const { number } = await checkout(client(ctx.http, buyer.auth), {
      phone: '555 010 2030',
      poReference: 'PO-881',
      lines: [
        { partId: a?.id, quantity: 2 },
        { partId: b?.id, quantity: 3 },
      ],
    });
    const { rows } = await download({ q: buyer.email });
    expect(rows.map((r) => [r[0], r[6], r[7], r[8], r[9], r[10], r[12], r[15]])).toEqual([
      [number, 'PO-881', 'CSV-DISC', 'Disc', '2', '5.00', '10.00', '70.00'],
      [number, 'PO-881', 'CSV-CAL', 'Caliper', '3', '20.00', '60.00', '70.00'],
    ]);
  });

  it('writes each order’s net and tax beside its bill, on every line of it', async () => {
    // Taxed as the placement stores it (decision 053): 20 % on 104.17 net, rounded per line.
    const taxed = await insertOrder(
      { email: 'vat-taxed@shop.test', totalCents: 12_500, taxCents: 2_083, taxRateBasisPoints: 2000 },
      { taxCents: 2_083 },
    );
    await insertOrder({ email: 'no-tax@shop.test' });
    const names: string[] = Object.values(orderExportColumns);
    const at = (name: string) => names.indexOf(name);
    const cells = (r: string[]) => [r[at('Net')], r[at('Tax')], r[at('Bill')]];
    const { header, rows } = await download({ q: 'vat-taxed@shop.test' });
    expect(header?.slice(at('Line total'), at('Bill') + 1)).toEqual(['Line total', 'Net', 'Tax', 'Bill']);
    expect(rows.map((r) => [r[0], ...cells(r)])).toEqual([
      [formatOrderNumber(taxed.number), '104.17', '20.83', '125.00'],
    ]);
    expect((await download({ q: 'no-tax@shop.test' })).rows.map(cells)).toEqual([
      ['125.00', '0.00', '125.00'],
    ]);
  });

  it('is the header alone when nothing matches', async () => {
    const { bytes, rows } = await download({ q: 'PD-999999999' });
    expect(rows).toEqual([]);
    expect(bytes.toString('utf8')).toBe(`\uFEFF${Object.values(orderExportColumns).join(',')}\r\n`);
  });

  it('exports every order when there are more than a batch', async () => {
    const many = 2 * CSV_BATCH_SIZE + 37;
    await ctx.db.execute(sql`
      with bulk as (
        insert into orders (total_cents, user_name, email, phone, address, created_at)
        select 100, 'Bulk Buyer', 'bulk' || g || '@many.test', '555 010 2030', '1 Main Street, Springfield',
          -- Every ten orders share one instant: the batches must neither repeat nor skip a tie.
          timestamptz '2025-06-01' + (g / 10) * interval '1 second'
        from generate_series(1, ${many}) g
        returning id
      )
      insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity,
        total_cents)
      select bulk.id, 1, ${part.id}, ${part.sku}, 'Bulk', 100, 1, 100 from bulk`);
    const { rows } = await download({ q: 'bulk' });
    expect(rows).toHaveLength(many);
    expect(new Set(rows.map((r) => r[0])).size).toBe(many);
    const [all] =
      // One row per line.
      (
        (await ctx.db.execute(sql`select sum(line_count)::int as n from orders`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows;
    expect((await download()).rows).toHaveLength(all?.n ?? -1);
  });

  it('is for admins only, with the list’s validation', async () => {
    await ctx.http().get('/api/orders.csv').expect(401);
    await ctx.http().get('/api/orders.csv').set(customer.auth).expect(403);
    await ctx.http().get('/api/orders.csv?status=lost').set(admin.auth).expect(400);
    await ctx
      .http()
      .get(`/api/orders.csv?q=${'a'.repeat(255)}`)
      .set(admin.auth)
      .expect(400);
  });
});

describe('the export’s batches (keyset on created_at, id)', () => {
  it('reads every order once, newest first, a bounded batch at a time, microseconds and ties included', async () => {
    // Orders apart by a microsecond (a JavaScript Date would make them equal), and exact ties.
    await ctx.db.execute(sql`
      insert into orders (total_cents, user_name, email, phone, address, created_at)
      select 100, 'Key Set', 'keyset' || g || '@batch.test', '555 010 2030', '1 Main Street, Springfield',
        timestamptz '2024-01-01 00:00:00.000100' + (g / 3) * interval '1 microsecond'
      from generate_series(1, 50) g`);
    const repo = createOrdersRepo(ctx.db, noJobs);
    const batches: string[][] = [];
    for await (const batch of repo.batches({ q: 'keyset' }, 7)) batches.push(batch.map((o) => o.id));
    expect(batches.map((b) => b.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 1]);
    const ids = batches.flat();
    expect(new Set(ids).size).toBe(50);
    const { items } = await repo.listAll({ q: 'keyset' }, { offset: 0, limit: 100 });
    expect(ids).toEqual(items.map((o) => o.id));
  });
});
