import { BULK_DISCOUNT, checkoutMessages } from '@store/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import type { PlacementRequest, PlacementRules } from '../../src/features/orders/placement-repo.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, openTestDatabase, partRow } from '../support/helpers.js';

/**
 * Real PostgreSQL only (PGlite places one call at a time, so no batch ever forms there): one
 * customer's order that the database cannot take never fails another customer's order placed in
 * the same batch.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let batchCalls = 0;
beforeAll(async () => {
  const database = await openTestDatabase({
    logQuery: (query) => {
      if (query.includes('place_orders(')) batchCalls += 1;
    },
  });
  ctx = await createTestApp({ database });
});
afterAll(() => ctx.close());

const contact = { phone: '+1 555 010 2030', address: '12 Harbour Street, Springfield 40001' };

const rules: PlacementRules = {
  maxOpenOrders: 10,
  defaultLimitCents: 1e9,
  keyLifetimeSeconds: 86_400,
  maxLines: 100,
  bulk: BULK_DISCOUNT,
  tax: { rateBasisPoints: 0, pricesIncludeTax: false },
};

async function newPart(stock: number) {
  const [part] = await ctx.db
    .insert(parts)
    .values(partRow({ minOrderQuantity: 1, availableQuantity: stock }))
    .returning();
  if (!part) throw new Error('no part');
  return part;
}

describe('a batch of placements with one the database refuses', () => {
  it("places every other customer's order, and fails only the poisoned one", async () => {
    const part = await newPart(1_000);
    const repo = createOrdersRepo(ctx.db, noJobs);
    const honest = await Promise.all(Array.from({ length: 24 }, () => accountWithToken(ctx)));
    const poisoner = await accountWithToken(ctx);
    const request = (email: string, poReference: string | null): PlacementRequest => ({
      email,
      userName: 'Bea Batch',
      ...contact,
      // Text PostgreSQL cannot store: the schemas refuse it, this reaches the database as a bug would.
      poReference,
      idempotencyKey: undefined,
      idempotencyHash: undefined,
      lines: [{ partId: part.id, quantity: 2 }],
    });
    const before = batchCalls;
    // The first two go alone at once; the rest, the poisoned one among them, wait and go together.
    const placements = [
      ...honest.slice(0, 2).map((who) => repo.place(request(who.email, 'PO-1'), rules)),
      repo.place(request(poisoner.email, 'PO-\ud800'), rules),
      ...honest.slice(2).map((who) => repo.place(request(who.email, 'PO-1'), rules)),
    ];
    const settled = await Promise.allSettled(placements);
    expect(batchCalls).toBeGreaterThan(before);

    const outcomes = settled.map((result) =>
      result.status === 'fulfilled' ? result.value.outcome : 'failed',
    );
    expect(outcomes.filter((outcome) => outcome === 'placed')).toHaveLength(honest.length);
    expect(outcomes[2]).toBe('failed');
    const placed = await ctx.db
      .select({ email: orders.email })
      .from(orders)
      .where(
        inArray(
          orders.email,
          honest.map((who) => who.email),
        ),
      );
    expect(placed).toHaveLength(honest.length);
    const [left] = await ctx.db.select().from(parts).where(eq(parts.id, part.id));
    expect(left?.availableQuantity).toBe(1_000 - 2 * honest.length);
  });
});

describe('honest customers checking out while one account sends a body the database cannot take', () => {
  it('are all placed, and the bad body is refused with 400 naming its field', async () => {
    const part = await newPart(100_000);
    const honest = await Promise.all(Array.from({ length: 60 }, () => accountWithToken(ctx)));
    const attacker = await accountWithToken(ctx);
    const body = { ...contact, lines: [{ partId: part.id, quantity: 1 }] };
    let stop = false;
    const answersToAttacker: number[] = [];
    const attack = (async () => {
      while (!stop) {
        const res = await ctx
          .http()
          .post('/api/checkout')
          .set(attacker.auth)
          .send({ ...body, poReference: 'PO-\ud800' });
        answersToAttacker.push(res.status);
      }
    })();
    const checkouts = honest.flatMap((who) =>
      Array.from({ length: 4 }, () => ctx.http().post('/api/checkout').set(who.auth).send(body)),
    );
    const answers = await Promise.all(checkouts);
    stop = true;
    await attack;

    expect(answers.map((res) => res.status).filter((status) => status !== 201)).toEqual([]);
    const [placed] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        inArray(
          orders.email,
          honest.map((who) => who.email),
        ),
      );
    expect(placed?.n).toBe(240);
    expect(answersToAttacker.length).toBeGreaterThan(0);
    expect(new Set(answersToAttacker)).toEqual(new Set([400]));
    const refused = await ctx
      .http()
      .post('/api/checkout')
      .set(attacker.auth)
      .send({ ...body, poReference: 'PO-\ud800' })
      .expect(400);
    expect(refused.body.fields).toEqual({ poReference: checkoutMessages.poReferenceInvalid });
  });
});
