import { apiMessages } from '@store/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCHED_CALLS_AT_ONCE } from '../../src/db/batched-calls.js';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { ordersOfPart } from '../support/order-rows.js';

/**
 * Real PostgreSQL only: repeats of one Idempotency-Key sent at the same moment, as a client
 * does when it retries an answer it never got. Every one must be answered with the one order.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Sends the requests while this test holds the part's row lock, and lets go only once as many as
 * the store sends to the database at once (BATCHED_CALLS_AT_ONCE; the rest wait in the store for
 * the next call, decision 058) wait behind it: the first has written its order and waits for the
 * stock, the next waits for the customer's lock, and finds the first's key once it has it.
 */
async function waitingForTheStock<T>(partId: string, repeats: number, send: () => Promise<T>): Promise<T> {
  const waiters = Math.min(repeats, BATCHED_CALLS_AT_ONCE);
  let sent: Promise<T> | undefined;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${parts} where ${parts.id} = ${partId} for update`);
    const [holder] = rows<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
    sent = send();
    await eventually(
      async () => {
        // Everyone queued behind this transaction, directly or behind another waiter.
        const [queue] = rows<{ waiting: number }>(
          await ctx.db.execute(sql`
            with recursive queue as (
              select pid from pg_stat_activity where ${holder?.pid}::int = any(pg_blocking_pids(pid))
              union
              select a.pid from pg_stat_activity a join queue q on q.pid = any(pg_blocking_pids(a.pid))
            )
            select count(*)::int as waiting from queue`),
        );
        expect(queue?.waiting ?? 0, 'requests waiting behind the stock').toBeGreaterThanOrEqual(waiters);
      },
      { timeout: 10_000, interval: 25, what: `${waiters} requests to reach the stock` },
    );
  });
  return sent as Promise<T>;
}

describe('concurrent repeats of one Idempotency-Key', () => {
  it.each([2, 20])('%i repeats place one order, answered to every one of them', async (repeats) => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 100 }))
      .returning();
    const partId = part?.id as string;
    const customer = await accountWithToken(ctx);
    const body = {
      partId,
      productQuantity: 3,
      phone: '+1 555 010 2030',
      address: '1 Main Street, Springfield',
    };

    const responses = await waitingForTheStock(partId, repeats, () =>
      Promise.all(
        Array.from({ length: repeats }, () =>
          ctx
            .http()
            .post('/api/order')
            .set(customer.auth)
            .set('Idempotency-Key', `checkout-${repeats}`)
            .send(body),
        ),
      ),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(repeats).fill(201));
    const ids = new Set(responses.map((r) => r.body.insertedId));
    expect(ids.size).toBe(1);
    const placed = await ordersOfPart(ctx.db, partId);
    expect(placed.map((o) => o.id)).toEqual([...ids]);
    for (const res of responses) expect(res.body.order).toEqual(responses[0]?.body.order);
    const [after] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
    expect(after?.availableQuantity).toBe(97);
  });

  it('answers 422 to the repeats racing the first with another address, and places one order', async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 100 }))
      .returning();
    const partId = part?.id as string;
    const customer = await accountWithToken(ctx);
    const addresses = ['1 Main Street, Springfield', '2 Side Street, Shelbyville'];

    const responses = await waitingForTheStock(partId, 10, () =>
      Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          ctx
            .http()
            .post('/api/order')
            .set(customer.auth)
            .set('Idempotency-Key', 'checkout-two-addresses')
            .send({ partId, productQuantity: 3, phone: '+1 555 010 2030', address: addresses[i % 2] })
            .then((res) => ({ address: addresses[i % 2], res })),
        ),
      ),
    );

    const placed = await ordersOfPart(ctx.db, partId);
    expect(placed).toHaveLength(1);
    const winner = placed[0];
    for (const { address, res } of responses) {
      if (address === winner?.address) {
        expect(res.status).toBe(201);
        expect(res.body.insertedId).toBe(winner?.id);
      } else {
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ message: apiMessages.idempotencyKeyReused });
      }
    }
    const [after] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
    expect(after?.availableQuantity).toBe(97);
  });

  it('keeps customers apart: the same key sent at once by 20 customers gives 20 orders', async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 100 }))
      .returning();
    const partId = part?.id as string;
    const customers = await Promise.all(Array.from({ length: 20 }, () => accountWithToken(ctx)));

    const responses = await Promise.all(
      customers.flatMap((customer) =>
        [1, 2].map(() =>
          ctx
            .http()
            .post('/api/order')
            .set(customer.auth)
            .set('Idempotency-Key', 'same-key-everywhere')
            .send({
              partId,
              productQuantity: 1,
              phone: '+1 555 010 2030',
              address: '1 Main Street, Springfield',
            }),
        ),
      ),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(201));
    expect(new Set(responses.map((r) => r.body.insertedId)).size).toBe(20);
    expect(await ordersOfPart(ctx.db, partId)).toHaveLength(20);
    const [after] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
    expect(after?.availableQuantity).toBe(80);
  });
});
