import { checkoutMessages, type Order } from '@store/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client, type TestClient } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';

/**
 * The buyer's PO reference on the one-part order (`POST /api/order`, as on checkout), and the
 * desk's search finding orders by it: the whole reference or its beginning, in any case, through
 * an index.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
type Account = Awaited<ReturnType<typeof accountWithToken>>;
let admin: Account;
let buyer: Account;
let partId: string;
let buyerApi: TestClient;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  buyer = await accountWithToken(ctx, 'customer', 'Pat Purchaser');
  buyerApi = client(ctx.http, buyer.auth);
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: 10_000 }))
    .returning();
  partId = part?.id as string;
});
afterAll(() => ctx.close());

async function search(q: string, status?: string) {
  const res = await ctx
    .http()
    .get(`/api/orders/${admin.email}`)
    .query({ limit: '100', q, ...(status && { status }) })
    .set(admin.auth)
    .expect(200);
  return res.body as Order[];
}

describe('POST /api/order with a PO reference', () => {
  it('places the order with the reference, trimmed, and shows it on the order', async () => {
    const res = await sendOrder(buyerApi, partId, { poReference: '  PO-A-1  ' }).expect(201);
    expect(res.body.order.poReference).toBe('PO-A-1');
    const shown = await ctx.http().get(`/api/order/${res.body.insertedId}`).set(buyer.auth).expect(200);
    expect(shown.body.order.poReference).toBe('PO-A-1');
  });

  it('takes no reference, or an empty one, as none', async () => {
    expect((await sendOrder(buyerApi, partId).expect(201)).body.order.poReference).toBeNull();
    expect(
      (await sendOrder(buyerApi, partId, { poReference: '   ' }).expect(201)).body.order.poReference,
    ).toBeNull();
  });

  it('refuses a reference checkout refuses, with checkout’s messages', async () => {
    const long = await sendOrder(buyerApi, partId, { poReference: 'P'.repeat(41) }).expect(400);
    expect(long.body.fields?.poReference).toBe(checkoutMessages.poReferenceTooLong);
    const control = await sendOrder(buyerApi, partId, { poReference: 'PO\u0000-1' }).expect(400);
    expect(control.body.fields?.poReference).toBe(checkoutMessages.poReferenceInvalid);
  });

  it('binds an Idempotency-Key to the reference too', async () => {
    const first = await sendOrder(buyerApi, partId, { poReference: 'PO-KEY-1', key: 'po-key' }).expect(201);
    const again = await sendOrder(buyerApi, partId, { poReference: 'PO-KEY-1', key: 'po-key' }).expect(201);
    expect(again.body.insertedId).toBe(first.body.insertedId);
    await sendOrder(buyerApi, partId, { poReference: 'PO-KEY-2', key: 'po-key' }).expect(422);
  });
});

describe('the desk’s search by PO reference', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    ids = {};
    for (const po of ['PO-A-10', 'po-b-7', 'PO_%X']) {
      ids[po] = (await sendOrder(buyerApi, partId, { poReference: po }).expect(201)).body.insertedId;
    }
    ids['PO-A-1'] = (await search('PO-A-1')).find((o) => o.poReference === 'PO-A-1')?._id ?? '';
  });

  const references = (list: Order[]) => list.map((o) => o.poReference).sort();

  it('finds an order by its whole reference, and those it begins, in any case', async () => {
    expect(references(await search('PO-A-1'))).toEqual(['PO-A-1', 'PO-A-10']);
    expect(references(await search('po-a-10'))).toEqual(['PO-A-10']);
    expect(references(await search('PO-B'))).toEqual(['po-b-7']);
    expect(references(await search('  po-  '))).toEqual(['PO-A-1', 'PO-A-10', 'PO-KEY-1', 'po-b-7']);
  });

  it('matches the beginning only, and reads `_` and `%` as themselves', async () => {
    expect(await search('A-1')).toEqual([]);
    expect(references(await search('PO_%'))).toEqual(['PO_%X']);
    expect(await search('PO%')).toEqual([]);
  });

  it('still finds by number and e-mail, and combines with a status', async () => {
    const byEmail = await search(buyer.email);
    expect(byEmail.map((o) => o._id)).toContain(ids['PO-A-1']);
    const order = byEmail.find((o) => o._id === ids['PO-A-1']);
    expect((await search(order?.number ?? '')).map((o) => o._id)).toEqual([ids['PO-A-1']]);
    await ctx.db.execute(sql`update ${orders} set status = 'paid' where id = ${ids['PO-A-10']}`);
    expect(references(await search('po-a', 'paid'))).toEqual(['PO-A-10']);
    expect(references(await search('po-a', 'unpaid'))).toEqual(['PO-A-1']);
  });

  it('counts what it finds', async () => {
    const res = await ctx
      .http()
      .get(`/api/orders/${admin.email}`)
      .query({ q: 'po-a', limit: '1' })
      .set(admin.auth)
      .expect(200);
    expect(res.headers['x-total-count']).toBe('2');
  });
});

describe('the PO search reads an index, never every order', () => {
  beforeAll(async () => {
    // A store of 20,000 orders, one in four with a PO reference. Those the last test lists get
    // their line (the API shows an order's lines); the others are read only by the plans.
    await ctx.db.execute(sql`
      with bulk as (
        insert into orders (total_cents, user_name, email, phone, address, po_reference, created_at)
        select 100, 'Bulk Buyer', 'buyer' || (g % 1000) || '@bulk.test', '+1 555 010 2030',
          '1 Main Street, Springfield', case when g % 4 = 0 then 'REQ-' || g end, now() - g * interval '1 minute'
        from generate_series(1, 20000) g
        returning id, po_reference
      )
      insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity,
        total_cents)
      select bulk.id, 1, p.id, p.sku, 'Bulk', 100, 1, 100 from bulk, parts p
      where p.id = ${partId} and bulk.po_reference like 'REQ-1999%'`);
    await ctx.db.execute(sql`analyze orders`);
  });

  async function plan(query: ReturnType<typeof sql>): Promise<string> {
    const result = await ctx.db.execute(sql`explain ${query}`);
    return (result as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
  }

  it('finds the beginning of a reference through a range of orders_po_reference_idx', async () => {
    const text = await plan(sql`select count(*) from ${orders} where lower(po_reference) like 'req-12%'`);
    expect(text).toContain('orders_po_reference_idx');
    expect(text).toMatch(/Index Cond: .*~>=~ 'req-12'.*~<~ 'req-13'/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('searches e-mail and reference together through their two indexes', async () => {
    const text = await plan(
      sql`select count(*) from ${orders} where email like 'req-12%' or lower(po_reference) like 'req-12%'`,
    );
    expect(text).toContain('orders_email_newest_idx');
    expect(text).toContain('orders_po_reference_idx');
    expect(text).not.toMatch(/Seq Scan/);
  });

  it('answers the search correctly among many orders', async () => {
    const res = await ctx
      .http()
      .get(`/api/orders/${admin.email}`)
      .query({ q: 'REQ-1999', limit: '100' })
      .set(admin.auth)
      .expect(200);
    // REQ-1999x and REQ-19996 … every fourth: 19992, 19996 (of 19990 to 19999), and none is 1999.
    expect((res.body as Order[]).map((o) => o.poReference).sort()).toEqual(['REQ-19992', 'REQ-19996']);
  });
});
