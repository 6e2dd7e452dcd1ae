import { formatOrderNumber, type Order, validationMessages } from '@store/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { insertOrderOf } from '../support/order-rows.js';

/**
 * The admin's desk list, `GET /api/orders/:email`: newest first, by status, and searched by
 * order number or customer e-mail through an index, never a scan of every order.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let part: typeof parts.$inferSelect;
/** The orders this file made, by name. */
const made: Record<string, { id: string; number: number; email: string; status: string }> = {};

type NewOrder = Parameters<typeof insertOrderOf>[2];

const row = (email: string, at: string, status: NewOrder['status'] = 'unpaid'): NewOrder => ({
  userName: 'Searched Person',
  email,
  phone: '+1 555 010 2030',
  address: '1 Main Street, Springfield',
  status,
  createdAt: new Date(at),
});

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  const [inserted] = await ctx.db.insert(parts).values(partRow()).returning();
  if (!inserted) throw new Error('no part');
  part = inserted;
  const rows: [string, NewOrder][] = [
    ['annOld', row('ann_lee@shop.test', '2026-01-01T10:00:00Z', 'paid')],
    ['annNew', row('ann_lee@shop.test', '2026-01-03T10:00:00Z')],
    ['annx', row('annxlee@shop.test', '2026-01-02T10:00:00Z')],
    ['anna', row('anna@shop.test', '2026-01-04T10:00:00Z', 'shipped')],
    ['percent', row('100%sure@shop.test', '2026-01-05T10:00:00Z')],
    ['digits', row('100001@shop.test', '2026-01-06T10:00:00Z')],
    ['bob', row('bob@shop.test', '2026-01-07T10:00:00Z', 'cancelled')],
  ];
  for (const [name, values] of rows) {
    const order = await insertOrderOf(ctx.db, part, values);
    made[name] = { id: order.id, number: order.number, email: order.email, status: order.status };
  }
});
afterAll(() => ctx.close());

async function search(query: Record<string, string>) {
  const res = await ctx
    .http()
    .get(`/api/orders/${admin.email}`)
    .query({ limit: '100', ...query })
    .set(admin.auth)
    .expect(200);
  return { orders: res.body as Order[], total: Number(res.headers['x-total-count']) };
}

/** The names of `made` that an answer lists, in its order. */
const names = (list: Order[]) =>
  list.map((o) => Object.keys(made).find((name) => made[name]?.id === o._id) ?? `other:${o._id}`);

describe('GET /api/orders/:email', () => {
  it('lists every order newest first, with its total', async () => {
    const { orders: list, total } = await search({});
    expect(names(list)).toEqual(['bob', 'digits', 'percent', 'anna', 'annNew', 'annx', 'annOld']);
    expect(total).toBe(7);
    expect(list[0]?.number).toBe(formatOrderNumber(made.bob?.number ?? 0));
  });

  it('pages through the same order', async () => {
    const first = await ctx
      .http()
      .get(`/api/orders/${admin.email}?limit=3&page=1`)
      .set(admin.auth)
      .expect(200);
    const third = await ctx
      .http()
      .get(`/api/orders/${admin.email}?limit=3&page=3`)
      .set(admin.auth)
      .expect(200);
    expect(names(first.body)).toEqual(['bob', 'digits', 'percent']);
    expect(names(third.body)).toEqual(['annOld']);
    expect(first.headers['x-total-count']).toBe('7');
  });

  it.each([
    ['PD-<n>', (n: number) => `PD-${n}`],
    ['pd-<n>', (n: number) => `pd-${n}`],
    ['<n>', (n: number) => String(n)],
    ['  PD-<n>  ', (n: number) => `  PD-${n}  `],
  ])('finds an order by its number written %s', async (_form, write) => {
    const number = made.annx?.number ?? 0;
    const { orders: list, total } = await search({ q: write(number) });
    expect(names(list)).toEqual(['annx']);
    expect(total).toBe(1);
  });

  it('finds nothing for a number no order has', async () => {
    expect(await search({ q: 'PD-999999999' })).toEqual({ orders: [], total: 0 });
  });

  it('treats digits as an order number, not as the start of an e-mail', async () => {
    // `100001@…` is not the order numbered 100001.
    const { orders: list } = await search({ q: '100001' });
    expect(names(list)).not.toContain('digits');
  });

  it('finds a customer by the whole e-mail, in any case', async () => {
    expect(names((await search({ q: 'ANN_LEE@shop.test' })).orders)).toEqual(['annNew', 'annOld']);
    expect(names((await search({ q: 'ann@shop.test' })).orders)).toEqual([]);
  });

  it('finds customers by the beginning of their e-mail, in any case', async () => {
    expect(names((await search({ q: 'Ann' })).orders)).toEqual(['anna', 'annNew', 'annx', 'annOld']);
    expect(names((await search({ q: 'b' })).orders)).toEqual(['bob']);
    // Only the beginning: `lee` is inside two addresses but begins none.
    expect((await search({ q: 'lee' })).total).toBe(0);
  });

  it('reads `_` and `%` as themselves, not as wildcards', async () => {
    expect(names((await search({ q: 'ann_' })).orders)).toEqual(['annNew', 'annOld']);
    expect(names((await search({ q: '100%' })).orders)).toEqual(['percent']);
    expect((await search({ q: '%' })).total).toBe(0);
    expect((await search({ q: '_' })).total).toBe(0);
    expect((await search({ q: '\\' })).total).toBe(0);
  });

  it('combines the search with a status, and counts only what matches', async () => {
    const paid = await search({ q: 'ann', status: 'paid' });
    expect(names(paid.orders)).toEqual(['annOld']);
    expect(paid.total).toBe(1);
    expect(names((await search({ status: 'cancelled' })).orders)).toEqual(['bob']);
    expect((await search({ q: 'bob', status: 'paid' })).total).toBe(0);
  });

  it('lists everything for an empty search', async () => {
    expect((await search({ q: '   ' })).total).toBe(7);
  });

  it('refuses a search that is too long or holds control characters, and an unknown status', async () => {
    const get = (query: Record<string, string>) =>
      ctx.http().get(`/api/orders/${admin.email}`).query(query).set(admin.auth);
    await get({ q: 'a'.repeat(255) }).expect(400);
    const res = await get({ q: 'ann\u0000' }).expect(400);
    expect(res.body.fields.q).toBe(validationMessages.searchInvalid);
    await get({ status: 'lost' }).expect(400);
  });
});

describe('the search reads an index, never every order', () => {
  beforeAll(async () => {
    // Enough orders that a scan of them costs what it would in a real store: 1,000 customers
    // with 20 orders each. Those the last test lists get their line (the API shows an order's
    // lines); the others are read only by the plans.
    await ctx.db.execute(sql`
      with bulk as (
        insert into orders (total_cents, user_name, email, phone, address, status, created_at)
        select 100, 'Bulk Buyer', 'buyer' || (g % 1000) || '@bulk.test',
          '+1 555 010 2030', '1 Main Street, Springfield',
          (array['unpaid', 'paid', 'shipped', 'cancelled'])[1 + g % 4], now() - g * interval '1 minute'
        from generate_series(1, 20000) g
        returning id, email
      )
      insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity,
        total_cents)
      select bulk.id, 1, ${part.id}, ${part.sku}, 'Bulk', 100, 1, 100 from bulk
      where bulk.email like 'buyer19%'`);
    await ctx.db.execute(sql`analyze orders`);
  });

  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    const result = await ctx.db.execute(sql`explain ${query}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
  }

  it('finds a number through orders_number_idx', async () => {
    const text = await plan(sql`select * from ${orders} where number = ${made.anna?.number}`);
    expect(text).toContain('orders_number_idx');
  });

  it('finds a whole e-mail through orders_email_newest_idx, newest first without sorting', async () => {
    const text = await plan(
      sql`select * from ${orders} where email = 'buyer7@bulk.test' order by created_at desc, id desc limit 5`,
    );
    expect(text).toContain('orders_email_newest_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('finds the beginning of an e-mail through a range of orders_email_newest_idx', async () => {
    const text = await plan(sql`select count(*) from ${orders} where email like 'ann\\_%'`);
    expect(text).toContain('orders_email_newest_idx');
    expect(text).toMatch(/Index Cond: .*email ~>=~ 'ann_'.*email ~<~ 'ann`'/);
  });

  it('answers the search correctly among many orders', async () => {
    // buyer19 and buyer190 to buyer199, 20 orders each.
    expect((await search({ q: 'buyer19' })).total).toBe(220);
    expect((await search({ q: 'buyer19@bulk.test' })).total).toBe(20);
  });
});
