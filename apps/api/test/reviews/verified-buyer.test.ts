import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { eventually } from '../support/eventually.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { placeOrder } from '../support/orders.js';

/**
 * 'Verified buyer' (decision 027): only a reviewer with a paid or shipped
 * order. An unpaid order costs nothing to place, so it proves nothing. Read through the read
 * cache as the store serves it: a payment marked after the review changes the public answer.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
beforeAll(async () => {
  ctx = await createTestApp({ readCache: true });
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

/** The public reviews until the newest one's badge reads `expected` (the cache hears of writes). */
async function newestVerified(expected: boolean): Promise<boolean> {
  const newest = await eventually(
    async () => {
      const [review] = (await ctx.http().get('/api/reviews?limit=1').expect(200)).body;
      expect(review.verified).toBe(expected);
      return review as { verified: boolean };
    },
    { timeout: 2_000, interval: 20, what: `the newest review's badge to read ${expected}` },
  );
  return newest.verified;
}

/** An order by `who` of a part of its own: its id. */
async function orderNewPart(who: Awaited<ReturnType<typeof accountWithToken>>) {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, priceCents: 1000 }))
    .returning();
  return (await placeOrder(client(ctx.http, who.auth), part?.id as string)).id;
}

const move = (id: string, status: string) =>
  ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send({ status }).expect(200);

async function review(who: Awaited<ReturnType<typeof accountWithToken>>) {
  await ctx.http().post('/api/review').set(who.auth).send({ message: 'Solid parts', ratings: 4 }).expect(201);
}

describe("'Verified buyer'", () => {
  it('is false for a reviewer whose orders are all unpaid, and true once one is paid, then shipped', async () => {
    const author = await accountWithToken(ctx);
    const first = await orderNewPart(author);
    await orderNewPart(author);
    await review(author);
    expect(await newestVerified(false)).toBe(false);

    // Paid after the review was written: the public answer changes, cached or not.
    await move(first, 'paid');
    expect(await newestVerified(true)).toBe(true);
    await move(first, 'shipped');
    expect(await newestVerified(true)).toBe(true);
  });

  it('is false again when the only payment is undone, and for a cancelled order', async () => {
    const author = await accountWithToken(ctx);
    const order = await orderNewPart(author);
    await move(order, 'paid');
    await review(author);
    expect(await newestVerified(true)).toBe(true);

    await move(order, 'unpaid');
    expect(await newestVerified(false)).toBe(false);
    await move(order, 'cancelled');
    expect(await newestVerified(false)).toBe(false);
  });

  it('changes on every instance when another instance marks the payment (through the database)', async () => {
    const other = await createTestApp({ readCache: true, database: ctx.database });
    try {
      const author = await accountWithToken(ctx);
      const order = await orderNewPart(author);
      await review(author);
      // Read twice: the second is served from this instance's cache.
      expect(await newestVerified(false)).toBe(false);
      expect(await newestVerified(false)).toBe(false);
      await other
        .http()
        .patch(`/api/order/${order}/status`)
        .set(admin.auth)
        .send({ status: 'paid' })
        .expect(200);
      expect(await newestVerified(true)).toBe(true);
    } finally {
      await other.closeApp();
    }
  });
});
