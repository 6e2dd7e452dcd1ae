import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * Real PostgreSQL only: PGlite runs one statement at a time, so races never show there.
 * 200 simultaneous orders of 1 unit from 20 customers against a stock of 20.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('ordering under load', () => {
  it('sells exactly the stock, never more, with no 5xx', async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1, availableQuantity: 20 }))
      .returning();
    const customers = await Promise.all(Array.from({ length: 20 }, () => accountWithToken(ctx)));
    const body = {
      partId: part?.id,
      productQuantity: 1,
      phone: '+1 555 010 2030',
      address: '1 Main Street, Springfield',
    };

    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ctx
          .http()
          .post('/api/order')
          .set(customers[i % customers.length]?.auth ?? {})
          .send(body),
      ),
    );
    const elapsedMs = performance.now() - started;

    const statuses = responses.map((r) => r.status);
    const accepted = statuses.filter((s) => s === 201).length;
    const refused = statuses.filter((s) => s === 409).length;
    console.info(
      `concurrency: ${accepted} accepted, ${refused} refused (409), final stock ${
        (
          await ctx.db
            .select()
            .from(parts)
            .where(eq(parts.id, part?.id as string))
        )[0]?.availableQuantity
      }, ${elapsedMs.toFixed(0)} ms`,
    );
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(accepted).toBe(20);
    expect(refused).toBe(180);
    const [after] = await ctx.db
      .select()
      .from(parts)
      .where(eq(parts.id, part?.id as string));
    expect(after?.availableQuantity).toBe(0);
    expect(
      await ctx.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.partId, part?.id as string)),
    ).toHaveLength(20);
  });
});
