import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counters, parts, reviews } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Real PostgreSQL only: the counts lists report (decision 012) stay exact when many
 * transactions add, delete, restore and sell out parts, and add and delete reviews, at once:
 * each trigger adds its change to the counter row under that row's lock, in the writer's own
 * transaction, so a rolled-back write leaves no trace either.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

async function kept(): Promise<Record<string, number>> {
  const [row] = await ctx.db.select().from(counters);
  return {
    parts_listed: row?.partsListed ?? -1,
    parts_in_stock: row?.partsInStock ?? -1,
    reviews: row?.reviews ?? -1,
  };
}

async function counted(): Promise<Record<string, number>> {
  const { rows } = await ctx.database.executeSql(`select
    (select count(*) from parts where deleted_at is null)::int as parts_listed,
    (select count(*) from parts where deleted_at is null and available_quantity >= min_order_quantity)::int as parts_in_stock,
    (select count(*) from reviews)::int as reviews`);
  return rows[0] as Record<string, number>;
}

describe('counters under concurrent writes', () => {
  it('stay equal to a count of the tables', async () => {
    const seeded = await ctx.db
      .insert(parts)
      .values(Array.from({ length: 60 }, () => partRow()))
      .returning({ id: parts.id });
    const ids = seeded.map((p) => p.id);
    const auth = { authorization: `Bearer ${admin.token}` };
    const product = {
      name: 'Concurrent part',
      img: '/media/parts/test.svg',
      price: 9.5,
      availableQuantity: 100,
      minOrderQuantity: 1,
      description: 'Added while others are deleted.',
    };
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i += 1) {
      const id = ids[i] as string;
      // Through the API: adds and soft deletes.
      writes.push(
        ctx
          .http()
          .post('/api/addproduct')
          .set(auth)
          .send({ ...product, sku: `CC-${i}` })
          .expect(201),
      );
      if (i % 3 === 0) writes.push(ctx.http().delete(`/api/deleteparts/${id}`).set(auth).expect(200));
      // Straight to the table: stock to zero and back, hard deletes, a restore, reviews.
      if (i % 3 === 1)
        writes.push(ctx.db.update(parts).set({ availableQuantity: 0 }).where(eq(parts.id, id)));
      if (i % 3 === 2 && i % 5 === 2) writes.push(ctx.db.delete(parts).where(eq(parts.id, id)));
      writes.push(
        ctx.db.insert(reviews).values({ name: 'R', email: `r${i}@shop.test`, message: 'Fine.', ratings: 4 }),
      );
      // A write that rolls back changes no count.
      writes.push(
        ctx.db
          .transaction(async (tx) => {
            await tx.insert(parts).values(partRow());
            await tx.delete(reviews).where(sql`true`);
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      );
    }
    await Promise.all(writes);
    await Promise.all(
      ids
        .filter((_, i) => i % 6 === 0)
        .map((id) => ctx.db.update(parts).set({ deletedAt: null }).where(eq(parts.id, id))),
    );
    await ctx.db.delete(reviews).where(sql`email like 'r1%'`);

    const truth = await counted();
    expect(truth.parts_listed).toBeGreaterThan(60);
    expect(await kept()).toEqual(truth);
    const res = await ctx.http().get('/api/parts?limit=1').expect(200);
    expect(res.headers['x-total-count']).toBe(String(truth.parts_listed));
    const reviewsRes = await ctx.http().get('/api/reviews?limit=1').expect(200);
    expect(reviewsRes.headers['x-total-count']).toBe(String(truth.reviews));
  });

  it('never deadlock two transactions that change the counts of parts in opposite order', async () => {
    // An order expiry restoring the stock of part 1 then part 2, while an order sells part 2
    // out: each changes a count. Were the count's row locked at the first change, the first
    // transaction would hold it while waiting for part 2, and the second hold part 2 while
    // waiting for it.
    const [one, two] = await ctx.db
      .insert(parts)
      .values([partRow({ availableQuantity: 0 }), partRow({ availableQuantity: 50 })])
      .returning({ id: parts.id });
    const before = await counted();
    const pidOf = async (tx: Pick<typeof ctx.db, 'execute'>) =>
      ((await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
        .rows[0]?.pid as number;
    /** Who `pid` waits for, seen from another connection. */
    const blockers = async (pid: number) => {
      const { rows } = await ctx.database.executeSql('select pg_blocking_pids($1) as pids', [pid]);
      return (rows[0] as { pids: number[] }).pids;
    };
    // The steps are staged by the locks PostgreSQL reports, never by time: part 1 restored, part
    // 2 sold out (or the sale waiting with part 2's row taken), then the expiry reaching part 2
    // while the sale still holds it.
    let oneRestored = () => {};
    const restored = new Promise<void>((resolve) => {
      oneRestored = resolve;
    });
    let twoTaken = () => {};
    const taken = new Promise<void>((resolve) => {
      twoTaken = resolve;
    });
    let expiryPid = 0;
    let expiryEnded = false;
    const expiry = ctx.db
      .transaction(async (tx) => {
        expiryPid = await pidOf(tx);
        await tx
          .update(parts)
          .set({ availableQuantity: 40 })
          .where(eq(parts.id, one?.id as string));
        oneRestored();
        await taken;
        await tx
          .update(parts)
          .set({ availableQuantity: 90 })
          .where(eq(parts.id, two?.id as string));
      })
      .finally(() => {
        expiryEnded = true;
      });
    const order = ctx.db.transaction(async (tx) => {
      const orderPid = await pidOf(tx);
      await restored;
      let sold = false;
      const selling = tx
        .update(parts)
        .set({ availableQuantity: 0 })
        .where(eq(parts.id, two?.id as string))
        .then(() => {
          sold = true;
        });
      selling.catch(() => {}); // awaited below; until then a deadlock's error is not yet anyone's
      // Part 2's row is the sale's once its update is done, or waits for a lock it cannot have.
      await eventually(async () => sold || (await blockers(orderPid)).length > 0, { what: 'the sale' });
      twoTaken();
      // The sale commits only once the expiry waits behind it (or was ended as a deadlock's victim).
      await eventually(async () => expiryEnded || (await blockers(expiryPid)).includes(orderPid), {
        what: 'the expiry waiting for the sale',
      });
      await selling;
    });
    await Promise.all([expiry, order]);
    expect(await counted()).toEqual({ ...before, parts_in_stock: (before.parts_in_stock ?? 0) + 1 });
    expect(await kept()).toEqual(await counted());
  });
});
