import { checkoutMessages } from '@store/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.js';
import { orderLines, orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { createTestApp, partRow, usingPostgres } from '../support/helpers.js';

/**
 * `place_order` takes the stock last (migration 0028, decision 058): it reads the parts unlocked,
 * writes the order, then locks the parts and takes the stock only where each is still what its
 * line was priced on. These tests change a part while a placement waits for its lock, so the
 * first try must undo itself and the second (locking first) answer from the part as it is now.
 * A second transaction is needed to hold the part, so they run on PostgreSQL (PGlite has one
 * connection).
 */
type Account = Awaited<ReturnType<typeof accountWithToken>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customer: Account;

const contact = { phone: '+1 555 010 2030', address: '12 Harbour Street, Springfield 40001' };

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await accountWithToken(ctx, 'customer', 'Lena Lastlock');
});
afterAll(() => ctx.close());

async function newPart() {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: 10, priceCents: 1000 }))
    .returning();
  if (!part) throw new Error('no part');
  return part;
}

/**
 * Holds the part's row with `change` applied but not committed, starts the customer's order
 * (`POST path` with `body`), waits until the order waits on that row, then commits the change:
 * the order's answer.
 */
async function orderWhileChanged(partId: string, change: ReturnType<typeof sql>, path: string, body: object) {
  let answer: Promise<{ status: number; body: Record<string, unknown> }> | undefined;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`update parts set ${change} where id = ${partId}`);
    const [holder] = rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`));
    answer = ctx
      .http()
      .post(path)
      .set(customer.auth)
      .send({ ...body, ...contact })
      .then((res) => ({ status: res.status, body: res.body }));
    // The placement has written its order and now waits for this transaction's row lock.
    await eventually(async () => {
      const { rows } = await ctx.database.executeSql(
        'select count(*)::int as n from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))',
        [Number(holder?.pid)],
      );
      expect((rows[0] as { n: number }).n).toBe(1);
    });
  });
  if (!answer) throw new Error('no order was sent');
  return answer;
}

const ordersFor = (partId: string) => ctx.db.select().from(orderLines).where(eq(orderLines.partId, partId));

describe.runIf(usingPostgres)('stock taken last', () => {
  it('places the order at the price a concurrent edit set, once, when the edit commits first', async () => {
    const part = await newPart();
    const res = await orderWhileChanged(part.id, sql`price_cents = 1200`, '/api/order', {
      partId: part.id,
      productQuantity: 3,
    });
    expect(res.status).toBe(201);
    expect(res.body.order).toMatchObject({ unitPrice: 12, productQuantity: 3, price: 36 });
    // The first try's order, line and job were undone with it: one of each.
    const lines = await ordersFor(part.id);
    expect(lines).toHaveLength(1);
    const [row] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.id, lines[0]?.orderId ?? ''));
    expect(row?.totalCents).toBe(3600);
    const [after] = await ctx.db.select().from(parts).where(eq(parts.id, part.id));
    expect(after?.availableQuantity).toBe(7);
  });

  it('refuses the line with what is left when the stock ran short meanwhile, and writes nothing', async () => {
    const part = await newPart();
    const ordersBefore = (await ctx.db.select().from(orders)).length;
    const res = await orderWhileChanged(part.id, sql`available_quantity = 4`, '/api/checkout', {
      lines: [{ partId: part.id, quantity: 5 }],
    });
    // Judged again on the locked row, as a line asking more than the stock: the 422 names it
    // with the quantity that can be had.
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: checkoutMessages.linesRefused,
      lines: [{ partId: part.id, quantity: 5, problem: { code: 'over-stock', suggestedQuantity: 4 } }],
    });
    expect(await ordersFor(part.id)).toHaveLength(0);
    expect((await ctx.db.select().from(orders)).length).toBe(ordersBefore);
    const [after] = await ctx.db.select().from(parts).where(eq(parts.id, part.id));
    expect(after?.availableQuantity).toBe(4);
  });
});
