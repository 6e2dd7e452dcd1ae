import { z } from 'zod';

const count = z.number().int().nonnegative();
/** Money in currency units, exact to the cent (the API converts from integer cents). */
const money = z.number();
/** A calendar day of the store's time zone, `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The number of days the overview's chart and 30-day figures cover, today included. */
export const OVERVIEW_DAYS = 30;
/** The most parts each of the overview's lists names. */
export const OVERVIEW_LIST_SIZE = { lowStock: 20, topParts: 10 } as const;

export const overviewDaySchema = z.object({
  date: day,
  /** Paid and shipped orders placed that day: their totals, and how many. */
  revenue: money,
  orders: count,
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const lowStockPartSchema = z.object({
  partId: z.string(),
  sku: z.string(),
  name: z.string(),
  availableQuantity: count,
  minOrderQuantity: count,
});
export type LowStockPart = z.infer<typeof lowStockPartSchema>;

export const topPartSchema = z.object({
  partId: z.string(),
  name: z.string(),
  units: count,
  revenue: money,
});
export type TopPart = z.infer<typeof topPartSchema>;

/**
 * `GET /api/admin/overview`: how the business is doing and what needs doing today.
 * Revenue counts paid and shipped orders by the day they were placed, in the store's time zone.
 */
export const overviewSchema = z.object({
  /** The store's time zone (`TZ`), whose calendar days the figures use. */
  timeZone: z.string(),
  /** Today in that time zone. */
  today: day,
  revenue: z.object({ today: money, last7Days: money, last30Days: money }),
  /** The last 30 days, oldest first, every day present (zero when nothing was sold). */
  revenueByDay: z.array(overviewDaySchema),
  ordersByStatus: z.object({ unpaid: count, paid: count, shipped: count, cancelled: count }),
  /** Unpaid orders: how many, and what they total. */
  awaitingPayment: z.object({ count, total: money }),
  /** Paid orders not yet shipped. */
  toShip: count,
  /** The threshold below which a part is low on stock (`LOW_STOCK_THRESHOLD`). */
  lowStockThreshold: count,
  /** Listed parts below the threshold or below their minimum order, fewest units first. */
  lowStock: z.array(lowStockPartSchema),
  /** The best-selling parts of the last 30 days by revenue (paid and shipped orders). */
  topParts: z.array(topPartSchema),
  newCustomers: z.object({ last30Days: count }),
});
export type Overview = z.infer<typeof overviewSchema>;
