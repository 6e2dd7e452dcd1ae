import type { OrderStatus } from '@store/shared';
import type { DatabaseHandle } from '../../src/db/client.js';

/** A line of an order written straight into the database, as an import or an operator would. */
export interface LineSpec {
  partId: string;
  quantity: number;
  unitCents: number;
}

/**
 * Writes an order and its lines in one statement, placed now (`daysAgo` 0) or at noon of the
 * store's day `daysAgo` days before today (in `zone`), with its total the sum of its lines: the path of an import or an
 * operator's SQL, which the overview must count as it counts the API's orders.
 */
export async function insertOrder(
  database: DatabaseHandle,
  {
    daysAgo,
    status,
    lines,
    zone = 'UTC',
  }: { daysAgo: number; status: OrderStatus; lines: LineSpec[]; zone?: string },
): Promise<string> {
  const total = lines.reduce((sum, l) => sum + l.quantity * l.unitCents, 0);
  if (lines.length === 0) throw new Error('an order has lines');
  const { rows } = await database.executeSql(
    `with o as (
       insert into orders (total_cents, user_name, email, phone, address, status, line_count, created_at)
       values ($1, 'Fixture Buyer', 'buyer@fixture.test', '+1 555 010 2030', '1 Main Street',
         $2, $3, case when $5::int = 0 then now()
         else ((now() at time zone $4)::date - $5::int + time '12:00') at time zone $4 end)
       returning id
     ), l as (
       insert into order_lines (order_id, position, part_id, sku, product_name, unit_price_cents, quantity, total_cents)
       select o.id, line.position, line.part_id, 'FIX-' || line.position, 'Fixture', line.unit, line.quantity, line.unit * line.quantity
       from o, jsonb_to_recordset($6::jsonb) as line(position int, part_id uuid, unit int, quantity int)
     )
     select id from o`,
    [
      total,
      status,
      lines.length,
      zone,
      daysAgo,
      JSON.stringify(
        lines.map((l, i) => ({
          position: i + 1,
          part_id: l.partId,
          unit: l.unitCents,
          quantity: l.quantity,
        })),
      ),
    ],
  );
  return (rows[0] as { id: string }).id;
}

/** The overview's order figures as a recount of every order and line would give them. */
export interface Recount {
  revenueByDay: { date: string; revenue: number; orders: number }[];
  ordersByStatus: Record<OrderStatus, number>;
  awaitingPayment: { count: number; total: number };
  topParts: { partId: string; units: number; revenue: number }[];
}

/**
 * Counts the figures the slow way, reading every order and line: what the kept rollups must
 * always equal. Money is added in cents and divided last, as the API does.
 */
export async function recount(database: DatabaseHandle, zone: string): Promise<Recount> {
  const days = (
    await database.executeSql(
      `select d.day::date::text as date, count(o.id)::int as orders, coalesce(sum(o.total_cents), 0)::text as cents
       from generate_series((now() at time zone $1)::date - 29, (now() at time zone $1)::date, interval '1 day') d(day)
       left join orders o on (o.created_at at time zone $1)::date = d.day::date and o.status in ('paid', 'shipped')
       group by d.day order by d.day`,
      [zone],
    )
  ).rows as { date: string; orders: number; cents: string }[];
  const statuses = (
    await database.executeSql(
      `select status, count(*)::int as orders, sum(total_cents)::text as cents from orders group by status`,
    )
  ).rows as { status: OrderStatus; orders: number; cents: string }[];
  const parts = (
    await database.executeSql(
      `select l.part_id, sum(l.quantity)::int as units, sum(l.total_cents)::text as cents
       from order_lines l join orders o on o.id = l.order_id
       where o.status in ('paid', 'shipped') and (o.created_at at time zone $1)::date >= (now() at time zone $1)::date - 29
         and (o.created_at at time zone $1)::date <= (now() at time zone $1)::date
       group by l.part_id having sum(l.quantity) > 0
       order by sum(l.total_cents) desc, sum(l.quantity) desc, l.part_id limit 10`,
      [zone],
    )
  ).rows as { part_id: string; units: number; cents: string }[];
  const of = (status: OrderStatus) => statuses.find((s) => s.status === status);
  return {
    revenueByDay: days.map((d) => ({ date: d.date, revenue: Number(d.cents) / 100, orders: d.orders })),
    ordersByStatus: {
      unpaid: of('unpaid')?.orders ?? 0,
      paid: of('paid')?.orders ?? 0,
      shipped: of('shipped')?.orders ?? 0,
      cancelled: of('cancelled')?.orders ?? 0,
    },
    awaitingPayment: { count: of('unpaid')?.orders ?? 0, total: Number(of('unpaid')?.cents ?? 0) / 100 },
    topParts: parts.map((p) => ({ partId: p.part_id, units: p.units, revenue: Number(p.cents) / 100 })),
  };
}

/** The same figures picked out of an overview answer. */
export const keptFigures = (o: {
  revenueByDay: Recount['revenueByDay'];
  ordersByStatus: Recount['ordersByStatus'];
  awaitingPayment: Recount['awaitingPayment'];
  topParts: { partId: string; units: number; revenue: number }[];
}): Recount => ({
  revenueByDay: o.revenueByDay,
  ordersByStatus: o.ordersByStatus,
  awaitingPayment: o.awaitingPayment,
  topParts: o.topParts.map(({ partId, units, revenue }) => ({ partId, units, revenue })),
});

/**
 * The parts whose kept 30-day sum (part_window, migration 0027) differs from their part_days
 * summed over the window's days: always none, whatever moved and whether a fold ran (the
 * invariant of decision 055). Also the window's days, to check where it stands.
 */
export async function windowDrift(
  database: DatabaseHandle,
): Promise<{ window: { first: string; last: string }; drift: unknown[] }> {
  const [window] = (
    await database.executeSql(
      `select first_day::text as first, last_day::text as last from overview_window where id = 1`,
    )
  ).rows as { first: string; last: string }[];
  const { rows } = await database.executeSql(
    `select coalesce(k.part_id, d.part_id) as part_id, k.units::text as kept_units, k.cents::text as kept_cents,
       d.units::text as units, d.cents::text as cents
     from (select part_id, units, cents from part_window where units <> 0 or cents <> 0) k
     full join (
       select part_id, sum(units) as units, sum(cents) as cents from part_days, overview_window w
       where w.id = 1 and day between w.first_day and w.last_day group by part_id
       having sum(units) <> 0 or sum(cents) <> 0
     ) d on d.part_id = k.part_id
     where k.units is distinct from d.units or k.cents is distinct from d.cents`,
  );
  if (!window) throw new Error('overview_window has no row');
  return { window, drift: rows };
}

/**
 * Puts the window where the last fold would have left it `daysAgo` days ago (the store's days):
 * the state a read finds after that many midnights without a fold (decision 055).
 */
export async function windowAsOf(database: DatabaseHandle, daysAgo: number): Promise<void> {
  await database.executeSql(
    `select overview_move_window((now() at time zone (select name from store_time_zone where id = 1))::date - $1::int)`,
    [daysAgo],
  );
}
