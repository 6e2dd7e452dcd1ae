import { apiMessages } from '@store/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Real PostgreSQL only: orders of one customer placed at once are totalled against
 * `MAX_UNPAID_TOTAL` one after the other (the same lock on the customer's e-mail as the
 * open-order cap), so no burst gets past the limit.
 */
const LIMIT_CENTS = 10_000; // £100.00: ten orders of £10.00
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ maxUnpaidTotalCents: LIMIT_CENTS });
});
afterAll(() => ctx.close());

describe('the unpaid-total cap under concurrency', () => {
  it('lets no customer past their limit, with 60 orders arriving at once', async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ priceCents: 1000, minOrderQuantity: 1, availableQuantity: 10_000 }))
      .returning();
    const customers = await Promise.all(Array.from({ length: 3 }, () => accountWithToken(ctx)));
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
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
      expect(theirs.filter(({ res }) => res.status === 201)).toHaveLength(10);
      const refused = theirs.filter(({ res }) => res.status === 409);
      expect(refused).toHaveLength(10);
      for (const { res } of refused) {
        expect(res.body.message).toBe(apiMessages.unpaidTotalTooHigh(11_000, LIMIT_CENTS));
      }
      const [held] = await ctx.db
        .select({ cents: sql<string>`sum(${orders.totalCents})` })
        .from(orders)
        .where(and(eq(orders.email, customer.email), eq(orders.status, 'unpaid')));
      expect(Number(held?.cents)).toBe(LIMIT_CENTS);
    }
    const [after] = await ctx.db
      .select()
      .from(parts)
      .where(eq(parts.id, part?.id as string));
    expect(after?.availableQuantity).toBe(10_000 - 30);
  });
});
