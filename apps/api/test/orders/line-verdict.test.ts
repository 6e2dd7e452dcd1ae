import { checkoutMessages, describeLineProblem, type LineRules, lineVerdict } from '@store/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * An order line is judged once, by the database's `line_verdict` where the order is placed; the
 * cart's hints use its twin `lineVerdict` (packages/shared cart-rules.ts). Here the two agree on
 * random lines, alone and through a whole placement.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** A part's rules and a quantity, around the edges: packs of 1 to 12, minimums not always whole packs, little stock. */
const lineRules = fc.record({
  listed: fc.integer({ min: 0, max: 7 }).map((n) => n > 0),
  orderMultiple: fc.integer({ min: 1, max: 12 }),
  minOrderQuantity: fc.integer({ min: 1, max: 60 }),
  availableQuantity: fc.integer({ min: 0, max: 150 }),
  quantity: fc.integer({ min: 1, max: 160 }),
});

/** A line every rule accepts: listed, whole packs from the minimum up, within the stock. */
const validLine = fc
  .record({
    orderMultiple: fc.integer({ min: 1, max: 12 }),
    packs: fc.integer({ min: 1, max: 5 }),
    more: fc.integer({ min: 0, max: 5 }),
    spare: fc.integer({ min: 0, max: 20 }),
  })
  .map(({ orderMultiple, packs, more, spare }) => ({
    listed: true,
    orderMultiple,
    minOrderQuantity: packs * orderMultiple,
    quantity: (packs + more) * orderMultiple,
    availableQuantity: (packs + more) * orderMultiple + spare,
  }));

describe('line_verdict and lineVerdict', () => {
  it('give the same verdict on 5,000 random lines', async () => {
    const lines: LineRules[] = fc.sample(lineRules, { numRuns: 5_000, seed: 20261202 });
    const { rows } = await ctx.database.executeSql(
      `select line_verdict(l.listed, l.quantity, l.minimum, l.multiple, l.available) as verdict
       from unnest($1::boolean[], $2::int[], $3::int[], $4::int[], $5::int[])
         with ordinality as l(listed, quantity, minimum, multiple, available, n)
       order by l.n`,
      [
        lines.map((l) => l.listed),
        lines.map((l) => l.quantity),
        lines.map((l) => l.minOrderQuantity),
        lines.map((l) => l.orderMultiple),
        lines.map((l) => l.availableQuantity),
      ],
    );
    const database = rows.map((row) => (row as { verdict: string | null }).verdict);
    const shared = lines.map(lineVerdict);
    expect(database).toEqual(shared);
    // Every verdict occurs: the sample reaches each rule.
    expect(new Set(shared)).toEqual(
      new Set([null, 'unavailable', 'over-stock', 'below-minimum', 'not-multiple']),
    );
  });
});

describe('a placement and the cart’s rules', () => {
  it('agree on random orders of three lines: placed when the rules pass, else every refused line with the cart’s words', async () => {
    let placed = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(validLine, validLine, lineRules), { minLength: 3, maxLength: 3 }),
        async (asked) => {
          const made = await ctx.db
            .insert(parts)
            .values(
              asked.map((l) =>
                partRow({
                  orderMultiple: l.orderMultiple,
                  // The product form keeps the minimum a whole number of packs.
                  minOrderQuantity: Math.ceil(l.minOrderQuantity / l.orderMultiple) * l.orderMultiple,
                  availableQuantity: l.availableQuantity,
                  deletedAt: l.listed ? null : new Date(),
                }),
              ),
            )
            .returning();
          const who = await accountWithToken(ctx);
          const res = await ctx
            .http()
            .post('/api/checkout')
            .set(who.auth)
            .send({
              phone: '+1 555 010 2030',
              address: '12 Harbour Street, Springfield',
              lines: made.map((part, i) => ({ partId: part.id, quantity: asked[i]?.quantity })),
            });
          const expected = made.flatMap((part, i) => {
            const line = { ...asked[i], ...part, listed: part.deletedAt === null } as LineRules;
            const code = lineVerdict(line);
            if (!code) return [];
            const problem = describeLineProblem(code, line);
            return [{ partId: part.id, sku: part.sku, quantity: line.quantity, problem }];
          });
          if (expected.length === 0) {
            placed += 1;
            expect(res.status).toBe(201);
          } else {
            refused += 1;
            expect(res.status).toBe(422);
            expect(res.body).toEqual({ message: checkoutMessages.linesRefused, lines: expected });
          }
        },
      ),
      { numRuns: 60, seed: 20261202 },
    );
    // Both outcomes were reached.
    expect(placed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
