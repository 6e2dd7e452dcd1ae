import { and, eq, ne, sum } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, parts } from '../src/db/schema.js';
import { accountWithToken } from './accounts.js';
import { createTestApp, partRow } from './helpers.js';

/**
 * Whatever customers and admins do, in any order, stock + the quantities of orders that are not
 * cancelled stays what it was, and stock never goes below zero.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let customers: Awaited<ReturnType<typeof accountWithToken>>[];
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  customers = await Promise.all([accountWithToken(ctx), accountWithToken(ctx)]);
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

type Step =
  | { kind: 'place'; who: number; quantity: number }
  | { kind: 'cancel' | 'pay' | 'ship'; who: number; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    who: fc.nat(1),
    quantity: fc.integer({ min: 1, max: 40 }),
  }),
  fc.record({
    kind: fc.constantFrom('cancel' as const, 'pay' as const, 'ship' as const),
    who: fc.nat(1),
    pick: fc.nat(50),
  }),
);

const INITIAL_STOCK = 100;

describe('stock invariant', () => {
  it('keeps stock + active order quantities constant, and stock never negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const [part] = await ctx.db
          .insert(parts)
          .values(partRow({ minOrderQuantity: 5, availableQuantity: INITIAL_STOCK }))
          .returning();
        const partId = part?.id as string;
        const placed: string[] = [];

        for (const s of steps) {
          const who = customers[s.who] ?? customers[0];
          if (!who) throw new Error('no customer');
          if (s.kind === 'place') {
            const res = await ctx.http().post('/api/order').set(who.auth).send({
              partId,
              productQuantity: s.quantity,
              phone: '+1 555 010 2030',
              address: '1 Main Street, Springfield',
            });
            expect([201, 400, 409]).toContain(res.status);
            if (res.status === 201) placed.push(res.body.insertedId);
          } else if (placed.length > 0) {
            const id = placed[s.pick % placed.length];
            const res =
              s.kind === 'cancel'
                ? await ctx
                    .http()
                    .delete(`/api/order/${id}`)
                    .set(s.who === 0 ? who.auth : admin.auth)
                : await ctx
                    .http()
                    .patch(`/api/order/${id}/status`)
                    .set(admin.auth)
                    .send({ status: s.kind === 'pay' ? 'paid' : 'shipped' });
            expect([200, 404, 409]).toContain(res.status);
          }

          const [now] = await ctx.db.select().from(parts).where(eq(parts.id, partId));
          const [active] = await ctx.db
            .select({ total: sum(orders.productQuantity) })
            .from(orders)
            .where(and(eq(orders.partId, partId), ne(orders.status, 'cancelled')));
          const stock = now?.availableQuantity ?? -1;
          expect(stock).toBeGreaterThanOrEqual(0);
          expect(stock + Number(active?.total ?? 0)).toBe(INITIAL_STOCK);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
