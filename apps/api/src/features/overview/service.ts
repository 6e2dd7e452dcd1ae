import { DEFAULT_LOW_STOCK_THRESHOLD, fromCents, type Overview } from '@store/shared';
import type { DayFigures, OverviewRepo, StatusFigures } from './repo.js';

const sum = (days: readonly DayFigures[]) => days.reduce((total, day) => total + day.cents, 0);

function byStatus(figures: readonly StatusFigures[]) {
  const of = (status: StatusFigures['status']) =>
    figures.find((f) => f.status === status) ?? { orders: 0, cents: 0 };
  return { unpaid: of('unpaid'), paid: of('paid'), shipped: of('shipped'), cancelled: of('cancelled') };
}

/**
 * The owner's overview (decision 046): revenue by the day orders were placed (paid and
 * shipped orders) in the store's time zone, the orders waiting on someone, low stock, top parts
 * and new customers. Sums are added in integer cents and turned into currency units last, so
 * the figures are exact to the cent.
 */
/** Readers fold the staged changes at most this often per instance (the reads count them anyway). */
const FOLD_EVERY_MS = 1_000;

export function createOverviewService(
  repo: OverviewRepo,
  {
    lowStockThreshold = DEFAULT_LOW_STOCK_THRESHOLD,
    clock = Date.now,
  }: { lowStockThreshold?: number; clock?: () => number } = {},
) {
  let lastFold = Number.NEGATIVE_INFINITY;
  return {
    async get(): Promise<Overview> {
      // Keeps the staged changes few, without a statement more on every read of a busy page.
      if (clock() - lastFold >= FOLD_EVERY_MS) {
        lastFold = clock();
        await repo.fold();
      }
      const figures = await repo.read(lowStockThreshold);
      const { days } = figures;
      const statuses = byStatus(figures.statuses);
      return {
        timeZone: figures.zone,
        today: figures.today,
        revenue: {
          today: fromCents(sum(days.slice(-1))),
          last7Days: fromCents(sum(days.slice(-7))),
          last30Days: fromCents(sum(days)),
        },
        revenueByDay: days.map((d) => ({ date: d.day, revenue: fromCents(d.cents), orders: d.orders })),
        ordersByStatus: {
          unpaid: statuses.unpaid.orders,
          paid: statuses.paid.orders,
          shipped: statuses.shipped.orders,
          cancelled: statuses.cancelled.orders,
        },
        awaitingPayment: { count: statuses.unpaid.orders, total: fromCents(statuses.unpaid.cents) },
        toShip: statuses.paid.orders,
        lowStockThreshold,
        lowStock: figures.lowStock,
        topParts: figures.topParts.map((p) => ({
          partId: p.partId,
          name: p.name,
          units: p.units,
          revenue: fromCents(p.cents),
        })),
        newCustomers: { last30Days: figures.newCustomers },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
