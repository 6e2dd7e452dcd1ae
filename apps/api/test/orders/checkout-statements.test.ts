import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, openTestDatabase, partRow } from '../support/helpers.js';

/**
 * Checkout is a bounded number of statements whatever the number of lines: no statement per line,
 * from the cart or from the body (decision 039), and one statement for the whole placement
 * (decision 045).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let counting = false;
let statements: string[] = [];

beforeAll(async () => {
  const database = await openTestDatabase({
    logQuery: (query) => {
      // The read caches' signal after a placement is one per burst of orders, not this order's
      // (decision 045); it may run before the answer is sent or after.
      if (counting && !query.includes('announce_parts_changed')) statements.push(query);
    },
  });
  ctx = await createTestApp({ database });
});
afterAll(() => ctx.close());

async function statementsFor(lineCount: number, fromCart: boolean): Promise<number> {
  const who = await accountWithToken(ctx);
  const many = await ctx.db
    .insert(parts)
    .values(Array.from({ length: lineCount }, () => partRow({ minOrderQuantity: 1, availableQuantity: 10 })))
    .returning();
  const lines = many.map((p) => ({ partId: p.id, quantity: 1 }));
  if (fromCart) await ctx.db.insert(cartLines).values(lines.map((l) => ({ email: who.email, ...l })));
  statements = [];
  counting = true;
  try {
    await ctx
      .http()
      .post('/api/checkout')
      .set(who.auth)
      .set('Idempotency-Key', `k-${lineCount}-${fromCart}`)
      .send({
        phone: '+1 555 010 2030',
        address: '12 Harbour Street, Springfield',
        ...(fromCart ? {} : { lines }),
      })
      .expect(201);
  } finally {
    counting = false;
  }
  return statements.length;
}

describe('checkout statements', () => {
  it('are as many for 100 lines as for 2, from the body or from the cart', async () => {
    const fromBody = [await statementsFor(2, false), await statementsFor(100, false)];
    const fromCart = [await statementsFor(2, true), await statementsFor(100, true)];
    expect(fromBody[1]).toBe(fromBody[0]);
    expect(fromCart[1]).toBe(fromCart[0]);
    // The guard's look-up of the caller, and the placement: one call of place_order, in
    // autocommit (decision 045).
    expect(fromCart[0]).toBe(2);
    expect(fromBody[0]).toBe(2);
  });
});
