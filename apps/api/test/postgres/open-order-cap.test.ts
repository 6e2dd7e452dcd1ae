import { apiMessages } from '@store/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Real PostgreSQL only: orders of one customer placed at once are counted against
 * `MAX_OPEN_ORDERS` one after the other (a lock on the customer's e-mail), so no burst gets
 * past the cap, and other customers are not held up by it.
 */
const CAP = 3;
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ maxOpenOrders: CAP });
});
afterAll(() => ctx.close());

describe('the open-order cap under concurrency', () => {
  it(`lets no customer past ${CAP} unpaid orders, however many arrive at once`, async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 10_000 }))
      .returning();
    const customers = await Promise.all(Array.from({ length: 5 }, () => accountWithToken(ctx)));
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const who = customers[i % customers.length];
        return ctx
          .http()
          .post('/api/order')
          .set(who?.auth ?? {})
          .send({
            partId: part?.id,
            productQuantity: 1,
            phone: '+1 555 010 2030',
            address: '1 Main Street, Springfield',
          })
          .then((res) => ({ who: who?.email, res }));
      }),
    );
    expect(responses.filter(({ res }) => res.status >= 500)).toEqual([]);
    for (const customer of customers) {
      const theirs = responses.filter(({ who }) => who === customer.email);
      expect(theirs.filter(({ res }) => res.status === 201)).toHaveLength(CAP);
      const refused = theirs.filter(({ res }) => res.status === 409);
      expect(refused).toHaveLength(20 - CAP);
      for (const { res } of refused) expect(res.body.message).toBe(apiMessages.tooManyOpenOrders(CAP));
      const [held] = await ctx.db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.email, customer.email), eq(orders.status, 'unpaid')));
      expect(held?.n).toBe(CAP);
    }
    const [after] = await ctx.db
      .select()
      .from(parts)
      .where(eq(parts.id, part?.id as string));
    expect(after?.availableQuantity).toBe(10_000 - customers.length * CAP);
  });
});
