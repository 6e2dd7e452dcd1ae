import type { Overview } from '@store/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createOverviewRepo } from '../../src/features/overview/repo.js';
import { createOverviewService } from '../../src/features/overview/service.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, openTestDatabase } from '../support/helpers.js';
import { placeOrder } from '../support/orders.js';
import { keptFigures, recount, windowAsOf } from '../support/overview-orders.js';

/**
 * Real PostgreSQL: the overview at 100,000 orders. Its statements, caught by the query
 * logger as a request really ran them, read a number of rows bounded by days, statuses and parts
 * (EXPLAIN ANALYZE: no node touches orders or their lines, none returns more than a constant
 * number of rows, whatever the parts sold); then many customers order and admins move orders at once while the overview is read,
 * and the kept totals still equal a recount, with no deadlock.
 */
const ORDERS = 100_000;
/** As many parts as the bench sells: summed per part and day, 30 days would be 30,000 rows. */
const PARTS = 1_000;
/**
 * The most rows any node of a statement may read (decision 055): 30 days × 2 statuses of
 * order_days, the first 20 of each low-stock index, the first 10 of part_window. A constant:
 * neither the orders nor the parts sold move it.
 */
const MOST_ROWS = 100;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let statements: { query: string; params: unknown[] }[] = [];

beforeAll(async () => {
  const database = await openTestDatabase({
    logQuery: (query, params) => statements.push({ query, params }),
  });
  ctx = await createTestApp({ database });
  admin = await accountWithToken(ctx, 'admin');
  await ctx.db.execute(sql`
    insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description)
    select 'Scale part ' || g, '/media/parts/test.svg', 100 + g * 37, 1, 10 + g * 3, 'A part of many orders.'
    from generate_series(1, ${PARTS}) g`);
  // A year of orders, two lines each, every status: two statements, as an import would write them.
  await ctx.db.execute(sql`
    insert into orders (total_cents, user_name, email, phone, address, status, line_count, created_at)
    select 100 * (g % 7 + 1) + 250 * 2, 'Scale Buyer', 'buyer' || (g % 500) || '@scale.test', '+1 555 010 2030',
      '1 Main Street', (array['unpaid', 'paid', 'shipped', 'cancelled'])[1 + g % 4], 2,
      now() - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${ORDERS}) g`);
  await ctx.db.execute(sql`
    with p as (select array_agg(id order by id) as ids from parts)
    insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity, total_cents)
    select o.id, n, p.ids[1 + ((o.number + n) % ${PARTS})::int], 'SCALE', 'Scale part',
      case when n = 1 then 100 else 250 end, case when n = 1 then o.total_cents / 100 - 5 else 2 end,
      case when n = 1 then o.total_cents - 500 else 500 end
    from orders o, p, generate_series(1, 2) n`);
  await ctx.db.execute(sql`analyze`);
}, 300_000);
afterAll(() => ctx.close());

const read = async () =>
  (await ctx.http().get('/api/admin/overview').set(admin.auth).expect(200)).body as Overview;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

async function analyse({ query, params }: { query: string; params: unknown[] }): Promise<PlanNode[]> {
  const { rows } = await ctx.database.executeSql(`explain (analyze, format json) ${query}`, params);
  const [plan] = Object.values(rows[0] as Record<string, unknown>) as [{ Plan: PlanNode }[]];
  return nodesOf(plan[0]?.Plan as PlanNode);
}

/**
 * The same, as the prepared statement runs once its plan is cached: the generic plan (values
 * unknown when planning), on a connection of its own in the test's schema of the run's database.
 */
async function analyseGeneric({ query, params }: { query: string; params: unknown[] }): Promise<PlanNode[]> {
  const { rows } = await ctx.database.executeSql('select current_schema() as schema');
  const client = new pg.Client({ connectionString: inject('postgresRunUrl') });
  await client.connect();
  try {
    await client.query(`set search_path to "${(rows[0] as { schema: string }).schema}"`);
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare overview_generic as ${query}`);
    const literal = (v: unknown) =>
      typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
    const result = await client.query(
      `explain (analyze, format json) execute overview_generic${params.length ? `(${params.map(literal).join(', ')})` : ''}`,
    );
    const [plan] = Object.values(result.rows[0] as Record<string, unknown>) as [{ Plan: PlanNode }[]];
    return nodesOf(plan[0]?.Plan as PlanNode);
  } finally {
    await client.end();
  }
}

function expectBounded(nodes: PlanNode[], query: string, most: number) {
  const relations = nodes.map((n) => n['Relation Name']).filter(Boolean);
  expect(relations, query).not.toContain('orders');
  expect(relations, query).not.toContain('order_lines');
  for (const node of nodes) {
    expect(
      node['Actual Rows'] * node['Actual Loops'],
      `${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''} in ${query}`,
    ).toBeLessThanOrEqual(most);
  }
}

describe('the overview at 100,000 orders', () => {
  it('is exact', { timeout: 60_000 }, async () => {
    const answer = await read();
    expect(keptFigures(answer)).toEqual(await recount(ctx.database, 'UTC'));
    expect(answer.ordersByStatus).toEqual({
      unpaid: 25_000,
      paid: 25_000,
      shipped: 25_000,
      cancelled: 25_000,
    });
    expect(answer.revenueByDay.every((d) => d.orders > 0)).toBe(true);
  });

  it('reads a bounded number of rows, and never the orders or their lines', { timeout: 60_000 }, async () => {
    statements = [];
    await read();
    const reads = statements.filter(
      (s) => /^\s*(select|with)\b/i.test(s.query) && !/overview_fold/.test(s.query),
    );
    // The caller's account, then the overview's one statement (the fold ran at the first read).
    expect(reads).toHaveLength(2);
    for (const statement of reads) {
      expectBounded(await analyse(statement), statement.query, MOST_ROWS);
    }
    // The overview's statement is prepared (decision 055): its cached plan reads as few.
    const overview = reads.find((s) => /overview_window/.test(s.query));
    if (!overview) throw new Error('no overview statement');
    // Without parameters: with them PostgreSQL kept planning it anew at every call.
    expect(overview.params).toEqual([]);
    expectBounded(await analyseGeneric(overview), overview.query, MOST_ROWS);
  });

  it('after a midnight not yet folded, reads one day more of parts, exactly', {
    timeout: 60_000,
  }, async () => {
    // The window as the last fold left it yesterday; a reader that never folds after its first read.
    const unfolded = createOverviewService(createOverviewRepo(ctx.db), { clock: () => 0 });
    await unfolded.get();
    await windowAsOf(ctx.database, 1);
    statements = [];
    expect(keptFigures(await unfolded.get())).toEqual(await recount(ctx.database, 'UTC'));
    const [overview] = statements;
    if (!overview) throw new Error('no overview statement');
    // The day that left and the day that entered: their part_days rows, and no more.
    const { rows } = await ctx.database.executeSql(
      `select count(*)::int as n from part_days where day in (current_date - 30, current_date)`,
    );
    const dayRows = (rows[0] as { n: number }).n;
    expect(dayRows).toBeGreaterThan(MOST_ROWS);
    expectBounded(await analyse(overview), overview.query, dayRows + MOST_ROWS);
    await ctx.database.executeSql('select overview_fold()');
  });
});

describe('the overview while orders are placed and moved at once', () => {
  it('stays equal to a recount, without a deadlock', { timeout: 120_000 }, async () => {
    const [part] = (await ctx.database.executeSql(`select id from parts order by id limit 1`)).rows as {
      id: string;
    }[];
    await ctx.database.executeSql(`update parts set available_quantity = 1000000 where id = $1`, [part?.id]);
    const customers = await Promise.all(Array.from({ length: 12 }, () => accountWithToken(ctx)));
    const move = (id: string, status: string) =>
      ctx.http().patch(`/api/order/${id}/status`).set(admin.auth).send({ status }).expect(200);
    // Each customer: three orders; each order paid, then shipped or cancelled; reads throughout.
    const work = customers.map(async (who, i) => {
      for (let n = 0; n < 3; n++) {
        const { id } = await placeOrder(client(ctx.http, who.auth), part?.id as string, {
          productQuantity: 2,
          address: '1 Main Street',
        });
        await Promise.all([move(id, 'paid'), read()]);
        await move(id, (i + n) % 2 === 0 ? 'shipped' : 'cancelled');
      }
    });
    // Old orders move too, in the days the new ones do not touch.
    const old = (await ctx.database.executeSql(`select id from orders where status = 'unpaid' limit 24`))
      .rows as {
      id: string;
    }[];
    const oldMoves = old.map((o, i) => move(o.id, i % 2 === 0 ? 'paid' : 'cancelled'));
    await Promise.all([...work, ...oldMoves]);
    expect(keptFigures(await read())).toEqual(await recount(ctx.database, 'UTC'));
  });
});
