import { type OrderStatus, OVERVIEW_DAYS, OVERVIEW_LIST_SIZE } from '@store/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** PostgreSQL's bigint and sums arrive as strings from node-postgres, numbers from PGlite. */
const int = (value: unknown) => Number(value ?? 0);

async function rows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  // Both drivers answer with the rows under `rows`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The figures paid and shipped orders make: revenue counts them, and their lines' parts. */
const COUNTED: readonly OrderStatus[] = ['paid', 'shipped'];
const counted = sql.raw(COUNTED.map((status) => `'${status}'`).join(', '));

export interface OverviewClock {
  zone: string;
  /** `YYYY-MM-DD` in the store's zone, and the first day of the 30 it shows. */
  today: string;
  firstDay: string;
}

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

/**
 * The overview's reads (migration 0020, decision 046). Each reads its rollup plus the changes
 * the triggers staged and no fold has taken yet, so it is exact whether or not a fold ran; every
 * statement reads a number of rows bounded by days, statuses and parts, never by orders.
 */
function reads(db: Transaction) {
  return {
    /** Today and the first of the 30 days in the store's time zone, at the transaction's start. */
    async clock(): Promise<OverviewClock> {
      const [row] = await rows<{ zone: string; today: string; first_day: string }>(
        db,
        sql`select name as zone, today::text as today, (today - ${OVERVIEW_DAYS - 1}::int)::text as first_day
          from (select name, (now() at time zone name)::date as today from store_time_zone where id = 1) z`,
      );
      if (!row) throw new Error('store_time_zone has no row (migration 0020)');
      return { zone: row.zone, today: row.today, firstDay: row.first_day };
    },

    /** Each day from `firstDay` to `today`, every one present, with its paid and shipped orders. */
    async days({ today, firstDay }: OverviewClock): Promise<DayFigures[]> {
      const found = await rows<{ day: string; orders: unknown; cents: unknown }>(
        db,
        sql`select d.day::date::text as day, coalesce(sum(f.orders), 0) as orders, coalesce(sum(f.cents), 0) as cents
          from generate_series(${firstDay}::date, ${today}::date, interval '1 day') as d(day)
          left join (
            select day, orders, cents from order_days
              where day between ${firstDay}::date and ${today}::date and status in (${counted})
            union all
            select day, orders, cents from overview_changes
              where status in (${counted}) and day between ${firstDay}::date and ${today}::date
          ) f on f.day = d.day::date
          group by d.day order by d.day`,
      );
      return found.map((r) => ({ day: r.day, orders: int(r.orders), cents: int(r.cents) }));
    },

    /** Orders of each status, all time, with what they total. */
    async statuses(): Promise<StatusFigures[]> {
      const found = await rows<{ status: OrderStatus; orders: unknown; cents: unknown }>(
        db,
        sql`select status, sum(orders) as orders, sum(cents) as cents from (
            select status, orders, cents from order_status_totals
            union all
            select status, orders, cents from overview_changes where status is not null
          ) f group by status`,
      );
      return found.map((r) => ({ status: r.status, orders: int(r.orders), cents: int(r.cents) }));
    },

    /** The parts that brought the most revenue from `firstDay` on (paid and shipped orders). */
    async topParts({ today, firstDay }: OverviewClock): Promise<PartFigures[]> {
      const found = await rows<{ part_id: string; name: string; units: unknown; cents: unknown }>(
        db,
        sql`select p.id as part_id, p.name, t.units, t.cents from (
            select part_id, sum(units) as units, sum(cents) as cents from (
              select part_id, units, cents from part_days where day between ${firstDay}::date and ${today}::date
              union all
              select part_id, units, cents from overview_changes
                where part_id is not null and day between ${firstDay}::date and ${today}::date
            ) f group by part_id having sum(units) > 0
            order by sum(cents) desc, sum(units) desc, part_id limit ${OVERVIEW_LIST_SIZE.topParts}
          ) t join parts p on p.id = t.part_id
          order by t.cents desc, t.units desc, p.id`,
      );
      return found.map((r) => ({
        partId: r.part_id,
        name: r.name,
        units: int(r.units),
        cents: int(r.cents),
      }));
    },

    /**
     * Listed parts with fewer than `threshold` units or fewer than their minimum order, fewest
     * first: the first 20 of each (parts_listed_stock_idx, parts_below_minimum_idx), merged.
     */
    async lowStock(threshold: number): Promise<LowStockRow[]> {
      const limit = OVERVIEW_LIST_SIZE.lowStock;
      const columns = sql`id, sku, name, available_quantity, min_order_quantity`;
      const found = await rows<{
        id: string;
        sku: string;
        name: string;
        available_quantity: number;
        min_order_quantity: number;
      }>(
        db,
        sql`select * from (
            (select ${columns} from parts where deleted_at is null and available_quantity < ${threshold}
              order by available_quantity, id limit ${limit})
            union
            (select ${columns} from parts where deleted_at is null and available_quantity < min_order_quantity
              order by available_quantity, id limit ${limit})
          ) low order by available_quantity, id limit ${limit}`,
      );
      return found.map((r) => ({
        partId: r.id,
        sku: r.sku,
        name: r.name,
        availableQuantity: r.available_quantity,
        minOrderQuantity: r.min_order_quantity,
      }));
    },

    /** Customers who signed up from the start of `firstDay` in the store's time zone. */
    async newCustomers({ zone, firstDay }: OverviewClock): Promise<number> {
      const [row] = await rows<{ count: unknown }>(
        db,
        sql`select count(*) as count from users
          where role = 'customer' and created_at >= (${firstDay}::date::timestamp at time zone ${zone})`,
      );
      return int(row?.count);
    },
  };
}

export type OverviewReads = ReturnType<typeof reads>;

export function createOverviewRepo(db: Database) {
  return {
    /**
     * Moves the changes staged by the triggers into the rollups, so the reads find few of them.
     * Skipped (not waited for) while another reader folds.
     */
    async fold(): Promise<void> {
      await db.execute(sql`select overview_fold()`);
    },
    /** Runs `work` in one read-only snapshot: every figure of an answer is of the same moment. */
    snapshot<T>(work: (reads: OverviewReads) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(reads(tx)), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },
  };
}

export type OverviewRepo = ReturnType<typeof createOverviewRepo>;
