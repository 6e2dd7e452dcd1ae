import type { OrderStatus, Overview } from '@store/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { useStoreTimeZone } from '../../src/db/store-time-zone.js';
import { createOverviewRepo } from '../../src/features/overview/repo.js';
import { createOverviewService, type OverviewService } from '../../src/features/overview/service.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { keptFigures, recount, windowAsOf, windowDrift } from '../support/overview-orders.js';

/**
 * The kept totals against a recount: random sequences of orders written by SQL (in one
 * statement, or the order then its lines as an import does), moves between any statuses, orders
 * moved to another day, lines changed, orders deleted, writes rolled back, truncation, and folds
 * in between, and midnights passing without a fold (the kept 30-day part sums' window left days
 * behind, decision 055); after each sequence, and at reads within it, the overview equals what counting
 * every order and line gives. In a time zone with daylight saving, so days are not 24 hours.
 */
const ZONE = 'America/New_York';
const STATUSES: OrderStatus[] = ['unpaid', 'paid', 'shipped', 'cancelled'];

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
const partIds: string[] = [];
/** The overview as a reader that never folds (its clock stands still): it corrects everything. */
let unfolded: OverviewService;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
  await useStoreTimeZone(ctx.db, ZONE);
  unfolded = createOverviewService(createOverviewRepo(ctx.db), { clock: () => 0 });
  await unfolded.get(); // its one fold
  for (let i = 0; i < 4; i++) {
    const [row] = await ctx.db.insert(parts).values(partRow()).returning();
    partIds.push(row?.id as string);
  }
});
afterAll(() => ctx.close());

const line = fc.record({
  part: fc.integer({ min: 0, max: 3 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  unitCents: fc.integer({ min: 1, max: 250_000 }),
});
const status = fc.constantFrom(...STATUSES);
// Orders are named by their place in the sequence; an index past the end names the last one.
const which = fc.nat({ max: 20 });

// Orders and moves weigh most: the figures move when orders of the same parts and days mix.
const step = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      // Around the window's first day too, where a midnight takes a day out.
      daysAgo: fc.oneof(fc.integer({ min: 0, max: 35 }), fc.integer({ min: 27, max: 32 })),
      status,
      lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      linesApart: fc.boolean(),
      rolledBack: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), order: which, status }) },
  fc.record({ kind: fc.constant('redate' as const), order: which, daysAgo: fc.integer({ min: 0, max: 35 }) }),
  fc.record({
    kind: fc.constant('requantity' as const),
    order: which,
    quantity: fc.integer({ min: 1, max: 60 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), order: which }),
  fc.record({ kind: fc.constant('fold' as const) }),
  // Midnights without a fold (decision 055): the window as the last fold left it, days ago.
  fc.record({
    kind: fc.constant('rollover' as const),
    daysAgo: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 40 })),
  }),
  fc.record({ kind: fc.constant('read' as const) }),
  fc.record({ kind: fc.constant('truncate' as const) }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** Noon (or now, for today) of the store's day `daysAgo` days back, as SQL. */
const placedAt = (daysAgo: number) =>
  daysAgo === 0
    ? 'now()'
    : `((now() at time zone '${ZONE}')::date - ${daysAgo} + time '12:00') at time zone '${ZONE}'`;

const sqlOf = {
  order: (s: Extract<Step, { kind: 'place' }>, total: number) =>
    `insert into orders (total_cents, user_name, email, phone, address, status, line_count, created_at)
     values (${total}, 'B', 'b@property.test', '1', 'a', '${s.status}', ${s.lines.length},
       ${placedAt(s.daysAgo)}) returning id`,
  lines: (orderId: string, s: Extract<Step, { kind: 'place' }>) =>
    `insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity, total_cents)
     values ${s.lines
       .map(
         (l, i) =>
           `(${orderId}, ${i + 1}, '${partIds[l.part]}', 'S', 'P', ${l.unitCents}, ${l.quantity}, ${l.unitCents * l.quantity})`,
       )
       .join(', ')}`,
};

async function run(steps: Step[]): Promise<void> {
  const db = ctx.database;
  await db.executeSql('truncate order_lines, orders cascade');
  const orders: string[] = [];
  const pick = (i: number) => orders[Math.min(i, orders.length - 1)];
  for (const s of steps) {
    if (s.kind === 'place') {
      const total = s.lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
      if (s.rolledBack) {
        await db.executeSql(
          `begin; with o as (${sqlOf.order(s, total)}) ${sqlOf.lines('(select id from o)', s)}; rollback;`,
        );
      } else if (s.linesApart) {
        // An import: the order (maybe already paid), then its lines in a statement of their own.
        const { rows } = await db.executeSql(sqlOf.order(s, total));
        const id = (rows[0] as { id: string }).id;
        await db.executeSql(sqlOf.lines(`'${id}'`, s));
        orders.push(id);
      } else {
        const { rows } = await db.executeSql(
          `with o as (${sqlOf.order(s, total)}), l as (${sqlOf.lines('(select id from o)', s)}) select id from o`,
        );
        orders.push((rows[0] as { id: string }).id);
      }
    } else if (s.kind === 'fold') {
      await db.executeSql('select overview_fold()');
    } else if (s.kind === 'rollover') {
      await windowAsOf(db, s.daysAgo);
    } else if (s.kind === 'read') {
      await expectKeptEqualsRecount();
    } else if (s.kind === 'truncate') {
      await db.executeSql('truncate order_lines, orders cascade');
      orders.length = 0;
    } else {
      const id = pick(s.order);
      if (!id) continue;
      if (s.kind === 'move')
        await db.executeSql(`update orders set status = $1 where id = $2`, [s.status, id]);
      if (s.kind === 'redate')
        await db.executeSql(`update orders set created_at = ${placedAt(s.daysAgo)} where id = $1`, [id]);
      if (s.kind === 'requantity') {
        await db.executeSql(
          `update order_lines set quantity = $1, total_cents = unit_price_cents * $1 where order_id = $2 and position = 1`,
          [s.quantity, id],
        );
        await db.executeSql(
          `update orders set total_cents = (select sum(total_cents) from order_lines where order_id = $1) where id = $1`,
          [id],
        );
      }
      if (s.kind === 'delete') {
        await db.executeSql('delete from order_lines where order_id = $1', [id]);
        await db.executeSql('delete from orders where id = $1', [id]);
        orders.splice(orders.indexOf(id), 1);
      }
    }
  }
  await expectKeptEqualsRecount();
}

async function expectKeptEqualsRecount() {
  const answer = (await ctx.http().get('/api/admin/overview').set(admin.auth).expect(200)).body as Overview;
  const r = await recount(ctx.database, ZONE);
  expect(keptFigures(answer)).toEqual(r);
  expect(keptFigures(await unfolded.get())).toEqual(r);
  // Wherever the window stands (a read folds at most once a second), it sums part_days' days.
  expect((await windowDrift(ctx.database)).drift).toEqual([]);
  const sum = (days: Overview['revenueByDay']) => Math.round(days.reduce((t, d) => t + d.revenue * 100, 0));
  expect(Math.round(answer.revenue.last30Days * 100)).toBe(sum(answer.revenueByDay));
  expect(Math.round(answer.revenue.last7Days * 100)).toBe(sum(answer.revenueByDay.slice(-7)));
  expect(answer.revenue.today).toBe(answer.revenueByDay.at(-1)?.revenue);
}

describe('the kept totals', () => {
  it('equal a recount after any sequence of orders, moves and folds', { timeout: 240_000 }, async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), run), { numRuns: 60 });
  });
});
