import { myOrderExportColumns } from '@store/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts, payments } from '../../src/db/schema.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { checkout } from '../support/orders.js';

/**
 * `GET /api/myorders.csv`: a customer's own orders for their accounts, read back with a real CSV
 * parser: only the caller's (the token says whose), one row per line, formulas made inert.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
type Account = Awaited<ReturnType<typeof accountWithToken>>;
let buyer: Account;
let other: Account;
const phone = '+1 555 010 2030';
const address = '1 Main Street, Springfield';

beforeAll(async () => {
  ctx = await createTestApp({ currency: 'eur' });
  buyer = await accountWithToken(ctx, 'customer', 'Bea Buyer');
  other = await accountWithToken(ctx, 'customer', 'Otto Other');
});
afterAll(() => ctx.close());

async function newPart(overrides: Parameters<typeof partRow>[0]) {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, ...overrides }))
    .returning();
  if (!part) throw new Error('no part');
  return part;
}

/** The raw bytes of the answer, and its records as a spreadsheet would read them. */
async function download(who: Account, query: Record<string, string> = {}) {
  const res = await ctx
    .http()
    .get('/api/myorders.csv')
    .query(query)
    .set(who.auth)
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

describe('GET /api/myorders.csv', () => {
  let first: { _id: string; number: string };
  let second: { _id: string; number: string };
  let othersOrder: { _id: string; number: string };

  beforeAll(async () => {
    const cpu = await newPart({ name: 'Ryzen 7', sku: 'MY-CPU', priceCents: 1250 });
    const fan = await newPart({
      name: 'Quiet fan',
      sku: 'MY-FAN',
      priceCents: 199,
      bulkDiscount: true,
      availableQuantity: 1000,
    });
    first = await checkout(client(ctx.http, buyer.auth), {
      phone,
      address,
      poReference: 'PO-A-1',
      lines: [{ partId: cpu.id, quantity: 2 }],
    });
    second = await checkout(client(ctx.http, buyer.auth), {
      phone,
      address,
      poReference: '=cmd|calc',
      lines: [
        { partId: cpu.id, quantity: 4 },
        { partId: fan.id, quantity: 500 },
      ],
    });
    othersOrder = await checkout(client(ctx.http, other.auth), {
      phone,
      address,
      poReference: 'PO-OTHER-9',
      lines: [{ partId: cpu.id, quantity: 1 }],
    });
  });

  it('is a UTF-8 attachment with a byte-order mark and the header row, kept by no cache', async () => {
    const { res, bytes, header } = await download(buyer);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="my-orders-${today}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(header).toEqual(Object.values(myOrderExportColumns));
  });

  it('writes each line of the caller’s orders, newest first, with the order’s total and currency', async () => {
    const { rows } = await download(buyer);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, first._id));
    expect(rows).toEqual([
      // 50.00 + 995.00 less 5% of the fan's line (49.75): 995.25.
      [
        second.number,
        expect.any(String),
        'Unpaid',
        'Awaiting payment',
        "'=cmd|calc",
        'MY-CPU',
        'Ryzen 7',
        '4',
        '12.50',
        '0.00',
        '50.00',
        '995.25',
        'EUR',
      ],
      [
        second.number,
        expect.any(String),
        'Unpaid',
        'Awaiting payment',
        "'=cmd|calc",
        'MY-FAN',
        'Quiet fan',
        '500',
        '1.99',
        '49.75',
        '945.25',
        '995.25',
        'EUR',
      ],
      [
        first.number,
        row?.createdAt.toISOString(),
        'Unpaid',
        'Awaiting payment',
        'PO-A-1',
        'MY-CPU',
        'Ryzen 7',
        '2',
        '12.50',
        '0.00',
        '25.00',
        '25.00',
        'EUR',
      ],
    ]);
  });

  it('never lists another customer’s orders, whatever the request names', async () => {
    const mine = await download(buyer, { email: other.email });
    const numbers = new Set(mine.rows.map((r) => r[0]));
    expect(numbers).toEqual(new Set([first.number, second.number]));
    expect(mine.bytes.toString('utf8')).not.toContain('PO-OTHER-9');
    const theirs = await download(other);
    expect(theirs.rows.map((r) => [r[0], r[4]])).toEqual([[othersOrder.number, 'PO-OTHER-9']]);
  });

  it('makes every formula inert: a PO reference of `=cmd` is text', async () => {
    const { rows } = await download(buyer);
    const cells = rows.flat();
    expect(cells).toContain("'=cmd|calc");
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('says how each order’s payment stands, a card payment’s state first', async () => {
    await ctx.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, first._id));
    await ctx.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, second._id));
    await ctx.db.insert(payments).values({
      orderId: second._id,
      sessionId: 'cs_test_my_orders_csv',
      amountMinor: 99_525,
      currency: 'eur',
      status: 'refund-pending',
    });
    const { rows } = await download(buyer);
    expect(rows.map((r) => [r[0], r[2], r[3]])).toEqual([
      [second.number, 'Cancelled', 'Card refund under way'],
      [second.number, 'Cancelled', 'Card refund under way'],
      [first.number, 'Shipped', 'Paid'],
    ]);
  });

  it('has My Orders’ status filter', async () => {
    const shipped = await download(buyer, { status: 'shipped' });
    expect(shipped.rows.map((r) => r[0])).toEqual([first.number]);
    expect((await download(buyer, { status: 'paid' })).rows).toEqual([]);
  });

  it('is the header alone for a customer without orders', async () => {
    const none = await accountWithToken(ctx);
    const { header, rows } = await download(none);
    expect(header).toEqual(Object.values(myOrderExportColumns));
    expect(rows).toEqual([]);
  });

  it('is for signed-in customers only, with validation', async () => {
    await ctx.http().get('/api/myorders.csv').expect(401);
    await ctx.http().get('/api/myorders.csv').set({ Authorization: 'Bearer nonsense' }).expect(401);
    const res = await ctx.http().get('/api/myorders.csv?status=lost').set(buyer.auth).expect(400);
    expect(res.body.fields.status).toBeTruthy();
  });

  it('reads the caller’s orders a bounded batch at a time, newest first, nobody else’s', async () => {
    const repo = createOrdersRepo(ctx.db, noJobs);
    const batches: string[][] = [];
    for await (const batch of repo.customerBatches(buyer.email, undefined, 1)) {
      batches.push(batch.map((o) => o.id));
    }
    expect(batches).toEqual([[second._id], [first._id]]);
  });
});
