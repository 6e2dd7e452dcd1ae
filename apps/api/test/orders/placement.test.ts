import { BULK_DISCOUNT, computeBill } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, parts } from '../../src/db/schema.js';
import type { StartedBoss } from '../../src/jobs/pg-boss-queue.js';
import { READ_CACHE_CHANNEL } from '../../src/lib/read-cache/cache.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { type createTestApp, partRow } from '../support/helpers.js';
import { appWithOrderJobs } from '../support/order-jobs-app.js';

/**
 * The placement as one SQL function (migration 0019, decision 045), where it keeps a second copy
 * of something the store has elsewhere: the bill (packages/shared's `computeBill`), the job
 * pg-boss's `send` writes, and the read caches' signal that stock changed.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let boss: StartedBoss;

let app: Awaited<ReturnType<typeof appWithOrderJobs>>;

beforeAll(async () => {
  app = await appWithOrderJobs();
  ({ ctx, boss } = app);
});
afterAll(() => app?.close());

const contact = { phone: '+1 555 010 2030', address: '12 Harbour Street, Springfield' };

async function rowsOf<T>(text: string, values?: unknown[]): Promise<T[]> {
  return (await ctx.database.executeSql(text, values)).rows as T[];
}

describe('line_bill, the bill in SQL', () => {
  it('agrees with computeBill on 3,000 random lines, the discount steps and tax included', async () => {
    // Quantities around the steps (every 500 units) and past the cap, prices up to £10,000, rates
    // from none to 100% in hundredths of a percent, prices before and after tax (decision 053).
    const random = (below: number) => Math.floor(Math.random() * below);
    const lines = Array.from({ length: 3_000 }, (_, n) => ({
      n,
      price: n % 10 === 0 ? random(100) : random(1_000_000),
      quantity: n % 3 === 0 ? Math.max(1, 500 * random(8) + random(5) - 2) : random(4_000) + 1,
      eligible: random(4) > 0,
      tax: {
        rateBasisPoints: n % 5 === 0 ? 0 : n % 5 === 1 ? 2000 : random(10_001),
        pricesIncludeTax: n % 2 === 0,
      },
    }));
    const fromSql = await rowsOf<{
      n: number;
      discount_percent: number;
      discount_cents: string;
      tax_cents: string;
      total_cents: string;
    }>(
      `select l.n, b.discount_percent, b.discount_cents, b.tax_cents, b.total_cents
       from jsonb_to_recordset($1::jsonb) as l(n int, price int, quantity int, eligible boolean, tax jsonb)
       cross join lateral line_bill(l.price, l.quantity, l.eligible, $2::jsonb, l.tax) b
       order by l.n`,
      [JSON.stringify(lines), JSON.stringify(BULK_DISCOUNT)],
    );
    expect(
      fromSql.map((row) => [
        Number(row.discount_percent),
        Number(row.discount_cents),
        Number(row.tax_cents),
        Number(row.total_cents),
      ]),
    ).toEqual(
      lines.map(({ price, quantity, eligible, tax }) => {
        const bill = computeBill(price, quantity, eligible, tax);
        return [bill.discountPercent, bill.discountCents, bill.taxCents, bill.totalCents];
      }),
    );
  });

  it('agrees at the largest line the API accepts, where the sums pass 2^53', async () => {
    const tax = { rateBasisPoints: 1999, pricesIncludeTax: true };
    const [row] = await rowsOf<{ tax_cents: string; total_cents: string }>(
      'select tax_cents, total_cents from line_bill(100000000, 1000000, true, $1::jsonb, $2::jsonb)',
      [JSON.stringify(BULK_DISCOUNT), JSON.stringify(tax)],
    );
    const bill = computeBill(100_000_000, 1_000_000, true, tax);
    expect([Number(row?.tax_cents), Number(row?.total_cents)]).toEqual([bill.taxCents, bill.totalCents]);
  });
});

describe('the order-event job the placement writes', () => {
  it('is the job pg-boss sends, but for its id and times', async () => {
    const who = await accountWithToken(ctx);
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1 }))
      .returning();
    if (!part) throw new Error('no part');
    const placed = await ctx
      .http()
      .post('/api/order')
      .set(who.auth)
      .send({ partId: part.id, productQuantity: 1, ...contact })
      .expect(201);
    const [event] = await ctx.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, placed.body.insertedId));
    if (!event) throw new Error('no history entry');
    // The same job through pg-boss's own `send`, in a transaction as every other writer sends it.
    const sentId = '00000000-0000-4000-8000-000000000045';
    await ctx.db.transaction((tx) => boss.queue.enqueue(tx, 'order-event', { eventId: sentId }));
    const compared = `select name, priority, state, retry_limit, retry_delay, retry_backoff, expire_in,
        keep_until - start_after as kept, start_after - created_on < interval '1 second' as starts_now,
        singleton_key, singleton_on, dead_letter, policy, data
      from ${boss.queue.schema}.job where name = 'order-event' and data->>'eventId' = $1`;
    const [ours] = await rowsOf<Record<string, unknown>>(compared, [event.id]);
    const [theirs] = await rowsOf<Record<string, unknown>>(compared, [sentId]);
    expect(ours).toEqual({ ...theirs, data: { eventId: event.id } });
    expect(theirs).toMatchObject({ retry_limit: 10, state: 'created', starts_now: true });
  });

  it('makes the placement fail, placing nothing, when its queue does not exist', async () => {
    const who = await accountWithToken(ctx);
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 5 }))
      .returning();
    if (!part) throw new Error('no part');
    await expect(
      ctx.database.executeSql('select place_order($1::jsonb, $2::jsonb)', [
        JSON.stringify({
          email: who.email,
          userName: 'X',
          lines: [{ partId: part.id, quantity: 1 }],
          ...contact,
        }),
        JSON.stringify({
          maxOpenOrders: 10,
          defaultLimitCents: 1e9,
          keyLifetimeSeconds: 60,
          maxLines: 100,
          bulk: BULK_DISCOUNT,
          locks: { openOrders: 1, cart: 2 },
          job: { schema: boss.queue.schema, name: 'no-such-queue' },
        }),
      ]),
    ).rejects.toThrow(/no-such-queue/);
    const [after] = await ctx.db.select().from(parts).where(eq(parts.id, part.id));
    expect(after?.availableQuantity).toBe(5);
  });
});

describe("the read caches' signal", () => {
  it('says parts changed after an order commits, though the order itself defers it', async () => {
    const heard: string[] = [];
    let ready = false;
    const stop = await ctx.database.listen(READ_CACHE_CHANNEL, {
      onNotify: (payload) => heard.push(payload),
      onGap: () => {},
      onReady: () => {
        ready = true;
      },
    });
    try {
      await eventually(() => ready, { what: 'listening' });
      const who = await accountWithToken(ctx);
      const [part] = await ctx.db
        .insert(parts)
        .values(partRow({ minOrderQuantity: 1 }))
        .returning();
      if (!part) throw new Error('no part');
      await eventually(() => heard.some((p) => p.endsWith('.parts')), { what: "the new part's signal" });
      heard.length = 0;
      await ctx
        .http()
        .post('/api/order')
        .set(who.auth)
        .send({ partId: part.id, productQuantity: 1, ...contact })
        .expect(201);
      await eventually(() => heard.some((p) => p.endsWith('.parts')), { what: "the order's signal" });
    } finally {
      await stop();
    }
  });
});
