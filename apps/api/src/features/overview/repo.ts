import { type OrderStatus, OVERVIEW_DAYS, OVERVIEW_LIST_SIZE, orderStatusSchema } from '@store/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';

/** The figures paid and shipped orders make: revenue counts them, and their lines' parts. */
const COUNTED: readonly OrderStatus[] = ['paid', 'shipped'];
const counted = sql.raw(COUNTED.map((status) => `'${status}'`).join(', '));

export interface DayFigures {
  day: string;
  orders: number;
  cents: number;
}

export interface StatusFigures {
  status: OrderStatus;
  orders: number;
  cents: number;
}

export interface PartFigures {
  partId: string;
  name: string;
  units: number;
  cents: number;
}

export interface LowStockRow {
  partId: string;
  sku: string;
  name: string;
  availableQuantity: number;
  minOrderQuantity: number;
}

/** Everything the overview shows, read in one statement (one snapshot, one round trip). */
export interface OverviewFigures {
  zone: string;
  /** `YYYY-MM-DD` in the store's zone. */
  today: string;
  /** Each of the last 30 days, oldest first, every one present. */
  days: DayFigures[];
  statuses: StatusFigures[];
  topParts: PartFigures[];
  lowStock: LowStockRow[];
  newCustomers: number;
}

/**
 * A whole number written into the statement's text, not sent as a parameter: with parameters
 * PostgreSQL planned the prepared statement anew at every call (its generic plan looked costlier
 * than a custom one), 0.65 ms of planning for 0.3 ms of running at 100,000 orders. Without
 * any, it keeps the one plan it made. Only integers from the code and the store's settings.
 */
function literal(n: number) {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.raw(String(n));
}

/** Sums and counts: JSON numbers inside the lists, a string (bigint) for the count on node-postgres. */
const int = z.coerce.number().int();
/** A json column: parsed by both drivers, but read as text should a driver leave it so. */
const jsonList = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), z.array(item));

/** The statement's one row, checked rather than trusted: raw SQL has no types of its own. */
const figuresRow = z.object({
  zone: z.string(),
  today: z.string(),
  days: jsonList(z.object({ day: z.string(), orders: int, cents: int })),
  statuses: jsonList(z.object({ status: orderStatusSchema, orders: int, cents: int })),
  top_parts: jsonList(z.object({ partId: z.string(), name: z.string(), units: int, cents: int })),
  low_stock: jsonList(
    z.object({
      partId: z.string(),
      sku: z.string(),
      name: z.string(),
      availableQuantity: int,
      minOrderQuantity: int,
    }),
  ),
  new_customers: int,
});
/** Both drivers answer raw SQL with the rows under `rows`. */
const figuresResult = z.object({ rows: z.tuple([figuresRow]) });

export function createOverviewRepo(db: Database) {
  return {
    /**
     * Moves the changes staged by the triggers into the rollups, so the reads find few of them.
     * Skipped (not waited for) while another reader folds.
     */
    async fold(): Promise<void> {
      await db.execute(sql`select overview_fold()`);
    },

    /**
     * The overview's figures (migration 0020, decision 046), each from its rollup plus the changes
     * the triggers staged and no fold has taken yet: exact whether or not a fold ran, and every
     * part read in one statement, so of one moment. Each part reads a number of rows bounded by
     * days, statuses and parts, never by orders:
     * - the days: 30 days × 2 statuses of order_days;
     * - the statuses: the 4 rows of order_status_totals;
     * - the top parts (migration 0027, decision 055): the first 10 of part_window_top_idx (the
     *   30-day sums kept per part), past the parts `touched` corrects: those with changes staged
     *   and, until the fold moves the window at the store's midnight, those of the day that left
     *   or entered (one day's part_days). Exact: a part untouched has its kept sum, so the top 10
     *   are among the touched ones and the first 10 of the others;
     * - low stock: the first 20 of each of parts_listed_stock_idx (below the threshold) and
     *   parts_below_minimum_idx (below the minimum order), merged;
     * - new customers: a range of users_customers_newest_idx.
     */
    async read(lowStockThreshold: number): Promise<OverviewFigures> {
      const limit = OVERVIEW_LIST_SIZE.lowStock;
      // Prepared: its plan, longer to make than to run, is made once per connection. The
      // threshold is in its text: one statement per threshold.
      const result = await executePrepared(
        db,
        `overview_figures_${lowStockThreshold}`,
        sql`
        with span as (
          select name as zone, today, (today - ${literal(OVERVIEW_DAYS - 1)}::int) as first_day
          from (select name, (now() at time zone name)::date as today from store_time_zone where id = 1) z
        ), staged as (
          select day, status, part_id, orders, units, cents from overview_changes
        ), days as (
          select d.day::date as day, coalesce(sum(f.orders), 0) as orders, coalesce(sum(f.cents), 0) as cents
          from span s cross join generate_series(s.first_day, s.today, interval '1 day') as d(day)
          left join (
            select day, orders, cents from order_days, span s
              where day between s.first_day and s.today and status in (${counted})
            union all
            select day, orders, cents from staged, span s
              where status in (${counted}) and day between s.first_day and s.today
          ) f on f.day = d.day::date
          group by d.day
        ), statuses as (
          select status, sum(orders) as orders, sum(cents) as cents from (
            select status, orders, cents from order_status_totals
            union all
            select status, orders, cents from staged where status is not null
          ) f group by status
        ), win as (
          select first_day, last_day from overview_window where id = 1
        ), touched as (
          -- What part_window lacks for the 30 days: the staged changes of those days, less the
          -- window's days outside them, plus their days outside the window (key ranges of
          -- part_days, empty once the fold has moved the window to today).
          select part_id, sum(units) as units, sum(cents) as cents from (
            select part_id, units, cents from staged, span s
              where part_id is not null and day between s.first_day and s.today
            union all
            select p.part_id, -p.units, -p.cents from win w, span s, part_days p
              where p.day between w.first_day and least(w.last_day, s.first_day - 1)
            union all
            select p.part_id, -p.units, -p.cents from win w, span s, part_days p
              where p.day between greatest(w.first_day, s.today + 1) and w.last_day
            union all
            select p.part_id, p.units, p.cents from win w, span s, part_days p
              where p.day between s.first_day and least(s.today, w.first_day - 1)
            union all
            select p.part_id, p.units, p.cents from win w, span s, part_days p
              where p.day between greatest(s.first_day, w.last_day + 1) and s.today
          ) c group by part_id
        ), sold as (
          select part_id, units, cents from (
            -- Lookups by key (a join may hash all of part_window).
            select t.part_id,
              t.units + coalesce((select units from part_window where part_id = t.part_id), 0) as units,
              t.cents + coalesce((select cents from part_window where part_id = t.part_id), 0) as cents
            from touched t
            union all
            (select part_id, units, cents from part_window
              where units > 0 and part_id not in (select part_id from touched)
              order by cents desc, units desc, part_id limit ${literal(OVERVIEW_LIST_SIZE.topParts)})
          ) c where units > 0
          order by cents desc, units desc, part_id limit ${literal(OVERVIEW_LIST_SIZE.topParts)}
        ), low as (
          select * from (
            (select id, sku, name, available_quantity, min_order_quantity from parts
              where deleted_at is null and available_quantity < ${literal(lowStockThreshold)}
              order by available_quantity, id limit ${literal(limit)})
            union
            (select id, sku, name, available_quantity, min_order_quantity from parts
              where deleted_at is null and available_quantity < min_order_quantity
              order by available_quantity, id limit ${literal(limit)})
          ) l order by available_quantity, id limit ${literal(limit)}
        )
        select
          (select zone from span) as zone,
          (select today::text from span) as today,
          (select json_agg(json_build_object('day', day::text, 'orders', orders, 'cents', cents) order by day)
            from days) as days,
          (select coalesce(json_agg(json_build_object('status', status, 'orders', orders, 'cents', cents)), '[]')
            from statuses) as statuses,
          (select coalesce(json_agg(json_build_object('partId', s.part_id, 'units', s.units, 'cents', s.cents,
              -- A lookup by key per part listed (a join may hash every part); lines keep their part.
              'name', (select name from parts where id = s.part_id))
              order by s.cents desc, s.units desc, s.part_id), '[]')
            from sold s) as top_parts,
          (select coalesce(json_agg(json_build_object('partId', id, 'sku', sku, 'name', name,
              'availableQuantity', available_quantity, 'minOrderQuantity', min_order_quantity)
              order by available_quantity, id), '[]')
            from low) as low_stock,
          (select count(*) from users, span s
            where role = 'customer' and created_at >= (s.first_day::timestamp at time zone s.zone)) as new_customers`,
      );
      const [row] = figuresResult.parse(result).rows;
      return {
        zone: row.zone,
        today: row.today,
        days: row.days,
        statuses: row.statuses,
        topParts: row.top_parts,
        lowStock: row.low_stock,
        newCustomers: row.new_customers,
      };
    },
  };
}

export type OverviewRepo = ReturnType<typeof createOverviewRepo>;
