import { apiMessages, type Overview } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, users } from '../../src/db/schema.js';
import { useStoreTimeZone } from '../../src/db/store-time-zone.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { createOverviewRepo } from '../../src/features/overview/repo.js';
import { createOverviewService } from '../../src/features/overview/service.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';
import { insertOrder, keptFigures, recount, windowAsOf, windowDrift } from '../support/overview-orders.js';

/**
 * `GET /api/admin/overview`: every figure against a fixture of orders across days and
 * statuses, then each move (paid, cancelled, expired, a payment undone) moving the figures
 * exactly as it moves the orders. Orders are written by SQL (the path of an import) and through
 * the API alike. The store's time zone is UTC here unless a test sets another.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;
const ids: Record<'a' | 'b' | 'c' | 'd', string> = { a: '', b: '', c: '', d: '' };
const orderIds: Record<string, string> = {};

async function overview(): Promise<Overview> {
  return (await ctx.http().get('/api/admin/overview').set(admin.auth).expect(200)).body as Overview;
}

const revenueOn = (o: Overview, daysAgo: number) => o.revenueByDay[o.revenueByDay.length - 1 - daysAgo];

beforeAll(async () => {
  ctx = await createTestApp({ lowStockThreshold: 50 });
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
  customer = await accountWithToken(ctx, 'customer', 'Carla Customer');
  const add = async (name: string, overrides: Partial<typeof parts.$inferInsert>) => {
    const [row] = await ctx.db
      .insert(parts)
      .values(partRow({ name, ...overrides }))
      .returning();
    return row?.id as string;
  };
  // A and C are below the threshold; D has plenty but less than its minimum order; B is fine;
  // E is low but deleted, so no longer listed.
  ids.a = await add('Part A', { priceCents: 1999, minOrderQuantity: 1, availableQuantity: 5 });
  ids.b = await add('Part B', { priceCents: 1005, minOrderQuantity: 10, availableQuantity: 500 });
  ids.c = await add('Part C', { priceCents: 33, minOrderQuantity: 10, availableQuantity: 8 });
  ids.d = await add('Part D', { priceCents: 1, minOrderQuantity: 200, availableQuantity: 100 });
  await add('Part E', { availableQuantity: 1, minOrderQuantity: 1, deletedAt: new Date() });
  const order = (
    key: string,
    daysAgo: number,
    status: Parameters<typeof insertOrder>[1]['status'],
    lines: [string, number, number][],
  ) =>
    insertOrder(ctx.database, {
      daysAgo,
      status,
      lines: lines.map(([partId, quantity, unitCents]) => ({ partId, quantity, unitCents })),
    }).then((id) => {
      orderIds[key] = id;
    });
  await order('o1', 0, 'paid', [
    [ids.a, 2, 1999],
    [ids.b, 10, 1005],
  ]); // 140.48
  await order('o2', 0, 'unpaid', [[ids.a, 1, 1999]]); // 19.99, awaiting payment
  await order('o3', 3, 'shipped', [[ids.b, 20, 1005]]); // 201.00
  await order('o4', 10, 'paid', [[ids.c, 1, 33]]); // 0.33
  await order('o5', 40, 'shipped', [[ids.a, 5, 1999]]); // before the 30 days
  await order('o6', 2, 'cancelled', [[ids.b, 10, 1005]]); // never revenue
  await order('o7', 29, 'paid', [[ids.d, 1, 1]]); // the first of the 30 days: one cent
  // Customers: one who signed up 29 days ago (counted), one 40 days ago (not), one admin (not).
  await ctx.database.executeSql(
    `insert into users (email, name, role, created_at) values
      ('recent@fixture.test', 'Recent', 'customer', now() - interval '29 days'),
      ('old@fixture.test', 'Old', 'customer', now() - interval '40 days')`,
  );
});
afterAll(() => ctx.close());

describe('the overview', () => {
  it('answers every figure of the fixture, exact to the cent', async () => {
    const o = await overview();
    expect(o.timeZone).toBe('UTC');
    expect(o.revenueByDay).toHaveLength(30);
    expect(o.revenueByDay.at(-1)?.date).toBe(o.today);
    // Every day present, in order, one day apart.
    for (let i = 1; i < 30; i++) {
      const step = Date.parse(o.revenueByDay[i]?.date ?? '') - Date.parse(o.revenueByDay[i - 1]?.date ?? '');
      expect(step).toBe(86_400_000);
    }
    expect(revenueOn(o, 0)).toMatchObject({ revenue: 140.48, orders: 1 });
    expect(revenueOn(o, 3)).toMatchObject({ revenue: 201, orders: 1 });
    expect(revenueOn(o, 10)).toMatchObject({ revenue: 0.33, orders: 1 });
    expect(revenueOn(o, 29)).toMatchObject({ revenue: 0.01, orders: 1 });
    expect(revenueOn(o, 2)).toMatchObject({ revenue: 0, orders: 0 }); // the cancelled order's day
    expect(o.revenueByDay.filter((d) => d.orders > 0)).toHaveLength(4);
    expect(o.revenue).toEqual({ today: 140.48, last7Days: 341.48, last30Days: 341.82 });
    expect(o.ordersByStatus).toEqual({ unpaid: 1, paid: 3, shipped: 2, cancelled: 1 });
    expect(o.awaitingPayment).toEqual({ count: 1, total: 19.99 });
    expect(o.toShip).toBe(3);
    expect(o.lowStockThreshold).toBe(50);
    expect(o.lowStock.map((p) => [p.name, p.availableQuantity, p.minOrderQuantity])).toEqual([
      ['Part A', 5, 1],
      ['Part C', 8, 10],
      ['Part D', 100, 200],
    ]);
    expect(o.lowStock[0]?.sku).toMatch(/^PD-\d{6}$/);
    expect(o.topParts).toEqual([
      { partId: ids.b, name: 'Part B', units: 30, revenue: 301.5 },
      { partId: ids.a, name: 'Part A', units: 2, revenue: 39.98 },
      { partId: ids.c, name: 'Part C', units: 1, revenue: 0.33 },
      { partId: ids.d, name: 'Part D', units: 1, revenue: 0.01 },
    ]);
    // Carla (made by the test) and the one who signed up 29 days ago.
    expect(o.newCustomers).toEqual({ last30Days: 2 });
  });

  it('moves the figures exactly as an admin moves the orders', async () => {
    const before = await overview();
    const move = (key: string, status: string) =>
      ctx.http().patch(`/api/order/${orderIds[key]}/status`).set(admin.auth).send({ status }).expect(200);

    await move('o2', 'paid'); // 19.99 today becomes revenue; A sells one more
    let o = await overview();
    expect(o.revenue.today).toBe(160.47);
    expect(revenueOn(o, 0)?.orders).toBe(2);
    expect(o.ordersByStatus).toEqual({ unpaid: 0, paid: 4, shipped: 2, cancelled: 1 });
    expect(o.awaitingPayment).toEqual({ count: 0, total: 0 });
    expect(o.toShip).toBe(4);
    expect(o.topParts.find((p) => p.partId === ids.a)).toMatchObject({ units: 3, revenue: 59.97 });

    await move('o2', 'unpaid'); // a mistaken payment undone: back as before
    o = await overview();
    expect(o.revenue).toEqual(before.revenue);
    expect(o.topParts).toEqual(before.topParts);
    expect(o.awaitingPayment).toEqual(before.awaitingPayment);

    await move('o1', 'shipped'); // still revenue, no longer to ship
    o = await overview();
    expect(o.revenue).toEqual(before.revenue);
    expect(o.toShip).toBe(2);
    expect(o.ordersByStatus.shipped).toBe(3);

    await move('o4', 'cancelled'); // 0.33 ten days ago leaves the revenue and C the top parts
    o = await overview();
    expect(o.revenue).toEqual({ today: 140.48, last7Days: 341.48, last30Days: 341.49 });
    expect(revenueOn(o, 10)).toMatchObject({ revenue: 0, orders: 0 });
    expect(o.topParts.map((p) => p.name)).toEqual(['Part B', 'Part A', 'Part D']);
    expect(o.ordersByStatus).toEqual({ unpaid: 1, paid: 1, shipped: 3, cancelled: 2 });
  });

  it('counts an order placed through the API, and its expiry', async () => {
    const placed = await sendOrder(client(ctx.http, customer.auth), ids.b, {
      productQuantity: 10,
      address: '1 Main Street',
    }).expect(201);
    let o = await overview();
    expect(placed.body.order.price).toBe(100.5);
    expect(o.awaitingPayment).toEqual({ count: 2, total: 120.49 }); // 19.99 and ten of B at 10.05
    expect(o.ordersByStatus.unpaid).toBe(2);
    const expired = await createOrderMoves(createOrdersRepo(ctx.db, noJobs)).expireUnpaid(0);
    expect(expired).toBe(2);
    o = await overview();
    expect(o.awaitingPayment).toEqual({ count: 0, total: 0 });
    expect(o.ordersByStatus).toEqual({ unpaid: 0, paid: 1, shipped: 3, cancelled: 4 });
    expect(o.revenue.last30Days).toBe(341.49);
  });

  it('follows the stock: a part restocked leaves the low-stock list', async () => {
    await ctx.db.update(parts).set({ availableQuantity: 60 }).where(eq(parts.id, ids.a));
    const o = await overview();
    expect(o.lowStock.map((p) => p.name)).toEqual(['Part C', 'Part D']);
  });

  it('reads days in the store’s time zone, recounted when it changes', async () => {
    // 00:30 yesterday in Tokyo is 15:30 the day before in UTC: a day apart on the two calendars.
    const early = await insertOrder(ctx.database, {
      daysAgo: 1,
      status: 'paid',
      zone: 'Asia/Tokyo',
      lines: [{ partId: ids.c, quantity: 1, unitCents: 700 }],
    });
    await ctx.database.executeSql(
      `update orders set created_at = ((now() at time zone 'Asia/Tokyo')::date - 1 + time '00:30') at time zone 'Asia/Tokyo' where id = $1`,
      [early],
    );
    expect(await useStoreTimeZone(ctx.db, 'Asia/Tokyo')).toBe(true);
    expect(await useStoreTimeZone(ctx.db, 'Asia/Tokyo')).toBe(false);
    const tokyo = await overview();
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect(keptFigures(tokyo)).toEqual(await recount(ctx.database, 'Asia/Tokyo'));
    expect(await useStoreTimeZone(ctx.db, 'UTC')).toBe(true);
    const utc = await overview();
    expect(keptFigures(utc)).toEqual(await recount(ctx.database, 'UTC'));
    // Two days before Tokyo's today, only UTC has the order (the fixture's others are at noon
    // UTC, the same date in both zones, or now, later than that day in both).
    const twoDaysBefore = new Date(Date.parse(tokyo.today) - 2 * 86_400_000).toISOString().slice(0, 10);
    const cents = (o: Overview) =>
      Math.round((o.revenueByDay.find((d) => d.date === twoDaysBefore)?.revenue ?? 0) * 100);
    expect(cents(utc) - cents(tokyo)).toBe(700);
    await expect(useStoreTimeZone(ctx.db, 'Mars/Olympus_Mons')).rejects.toThrow();
  });

  it('moves the top parts’ 30 days at the store’s midnight, folded or not (decision 055)', async () => {
    const zone = 'Asia/Tokyo';
    await useStoreTimeZone(ctx.db, zone);
    const partC = (o: Overview) => o.topParts.find((p) => p.partId === ids.c) ?? { units: 0, revenue: 0 };
    const before = partC(await overview());
    // Part C sells on the days a midnight moves in and out of the window: 29, 30 and 31 days ago.
    for (const [daysAgo, quantity] of [
      [29, 1],
      [30, 2],
      [31, 4],
    ] as const) {
      await insertOrder(ctx.database, {
        daysAgo,
        status: 'paid',
        zone,
        lines: [{ partId: ids.c, quantity, unitCents: 1000 }],
      });
    }
    await ctx.database.executeSql('select overview_fold()');
    // A reader that never folds (its clock stands still), after its first read.
    const unfolded = createOverviewService(createOverviewRepo(ctx.db), { clock: () => 0 });
    await unfolded.get();
    const expected = await recount(ctx.database, zone);
    // Part C: one more unit, of 29 days ago; none of those of 30 and 31 days ago.
    expect(partC(await unfolded.get())).toMatchObject({
      units: before.units + 1,
      revenue: Math.round(before.revenue * 100 + 1000) / 100,
    });
    // The window as the last fold left it 1, 2, 30 (no day shared) and 45 days ago.
    for (const daysAgo of [1, 2, 30, 45]) {
      await windowAsOf(ctx.database, daysAgo);
      expect((await windowDrift(ctx.database)).drift).toEqual([]);
      expect(keptFigures(await unfolded.get()), `${daysAgo} days ago`).toEqual(expected);
      // The next fold moves it to the store's today, by the days between.
      await ctx.database.executeSql('select overview_fold()');
      const { window, drift } = await windowDrift(ctx.database);
      expect(drift).toEqual([]);
      expect(window.last).toBe((await unfolded.get()).today);
      expect(keptFigures(await unfolded.get())).toEqual(expected);
    }
    expect(await useStoreTimeZone(ctx.db, 'UTC')).toBe(true);
  });

  it('is for admins only', async () => {
    const refused = await ctx.http().get('/api/admin/overview').set(customer.auth).expect(403);
    expect(refused.body.message).toBe(apiMessages.forbidden);
    await ctx.http().get('/api/admin/overview').expect(401);
    // `/api/admin/:email` still answers for an e-mail.
    await ctx
      .http()
      .get(`/api/admin/${encodeURIComponent(customer.email)}`)
      .set(customer.auth)
      .expect(200);
  });

  it('counts nothing of a write that rolled back', async () => {
    const before = await overview();
    await expect(
      ctx.database.executeSql(
        `with o as (insert into orders (total_cents, user_name, email, phone, address, status)
           values (100, 'X', 'x@fixture.test', '1', 'a', 'paid') returning id)
         insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity, total_cents)
         select id, 1, $1, 'X', 'X', 100, 0, 100 from o`,
        [ids.b],
      ),
    ).rejects.toThrow(); // quantity 0 breaks order_lines_quantity_positive: the whole statement fails
    expect(await overview()).toEqual(before);
    expect((await ctx.db.select().from(users).where(eq(users.email, 'x@fixture.test'))).length).toBe(0);
  });
});
