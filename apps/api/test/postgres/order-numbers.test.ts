import { randomUUID } from 'node:crypto';
import type { Order } from '@store/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Real PostgreSQL only: order numbers come from a sequence, so 200 orders placed at once get
 * 200 different numbers; a number taken by a transaction that then rolled back is simply never
 * seen (a gap), and nothing depends on numbers being consecutive.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customers: Awaited<ReturnType<typeof accountWithToken>>[];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  customers = await Promise.all(Array.from({ length: 20 }, () => accountWithToken(ctx)));
});
afterAll(() => ctx.close());

const body = (partId: string) => ({
  partId,
  productQuantity: 1,
  phone: '+1 555 010 2030',
  address: '1 Main Street, Springfield',
});

const numberOf = (formatted: string) => Number(formatted.replace(/^PD-/, ''));

async function newPart(stock: number): Promise<string> {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: stock }))
    .returning();
  return part?.id as string;
}

async function search(q: string): Promise<Order[]> {
  const res = await ctx.http().get(`/api/orders/${admin.email}`).query({ q }).set(admin.auth).expect(200);
  return res.body;
}

describe('order numbers', () => {
  it('are distinct, from 100001, as PD-nnnnnn, for 200 orders placed at once (some refused)', async () => {
    // Stock for 150: the other 50 are refused for want of stock, all at the same moment.
    const partId = await newPart(150);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ctx
          .http()
          .post('/api/order')
          .set(customers[i % customers.length]?.auth ?? {})
          .send(body(partId)),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(150);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50);

    const numbers = responses.filter((r) => r.status === 201).map((r) => r.body.order.number as string);
    for (const number of numbers) expect(number).toMatch(/^PD-\d{6}$/);
    expect(new Set(numbers).size).toBe(150);
    expect(Math.min(...numbers.map(numberOf))).toBeGreaterThanOrEqual(100001);

    // As stored: one number per order, and each finds its order.
    const stored = await ctx.db
      .select({ number: orders.number })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.partId, partId));
    expect(new Set(stored.map((o) => o.number)).size).toBe(150);
    const sample = numbers[73] as string;
    expect((await search(sample)).map((o) => o.number)).toEqual([sample]);
  });

  it('survive gaps: a number taken by a rolled-back order is never seen, and nothing breaks', async () => {
    const partId = await newPart(1000);
    const before = numberOf(
      (
        await ctx
          .http()
          .post('/api/order')
          .set(customers[0]?.auth ?? {})
          .send(body(partId))
          .expect(201)
      ).body.order.number,
    );

    // A transaction that took a number and then failed.
    const lost = await ctx.db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({
            totalCents: 100,
            userName: 'Nobody',
            email: 'nobody@example.com',
            phone: '555 010 2030',
            address: '1 Main Street, Springfield',
          })
          .returning({ number: orders.number });
        throw Object.assign(new Error('rolled back'), { number: row?.number });
      })
      .catch((error: { number?: number }) => error.number);
    expect(lost).toBeGreaterThan(before);

    // Retries of one order under one key, all at once: one order; the losers' numbers are lost too.
    const key = randomUUID();
    const retries = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx
          .http()
          .post('/api/order')
          .set(customers[1]?.auth ?? {})
          .set('Idempotency-Key', key)
          .send(body(partId)),
      ),
    );
    expect(retries.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(retries.map((r) => r.body.insertedId)).size).toBe(1);

    const after = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx
          .http()
          .post('/api/order')
          .set(customers[i]?.auth ?? {})
          .send(body(partId))
          .expect(201),
      ),
    );
    const numbers = after.map((r) => numberOf(r.body.order.number));
    expect(new Set(numbers).size).toBe(20);
    expect(Math.min(...numbers)).toBeGreaterThan(lost ?? Number.POSITIVE_INFINITY);
    expect(await search(`PD-${lost}`)).toEqual([]);

    // Every order of the store, numbers all distinct, in the desk and its export alike.
    const [{ n: total, distinct } = { n: -1, distinct: -2 }] = (
      (await ctx.db.execute(
        sql`select count(*)::int as n, count(distinct number)::int as distinct from orders`,
      )) as unknown as { rows: { n: number; distinct: number }[] }
    ).rows;
    expect(distinct).toBe(total);
    const csv = await ctx.http().get('/api/orders.csv').set(admin.auth).expect(200);
    const exported = csv.text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
    expect(exported).toHaveLength(total);
    expect(new Set(exported).size).toBe(total);
  });
});
