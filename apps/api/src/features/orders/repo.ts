import type { OrderStatus } from '@store/shared';
import { and, count, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, parts } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
type NewOrder = Omit<
  typeof orders.$inferInsert,
  'partId' | 'productName' | 'unitPriceCents' | 'idempotencyKey'
>;

export interface PlaceRequest {
  partId: string;
  quantity: number;
  /** The customer's; idempotency keys are theirs alone. */
  email: string;
  idempotencyKey?: string | undefined;
  /** How long a key holds; an older one is spent. */
  keyTtlHours: number;
}

export interface PlacedOrder {
  order: OrderRow;
  /** True when this is the customer's earlier order under the same key, not a new one. */
  replayed: boolean;
}

const IDEMPOTENCY_INDEX = 'orders_idempotency_idx';

/**
 * Whether a failed query broke the named unique index. Drizzle wraps the driver's error (pg or
 * PGlite, both carrying PostgreSQL's SQLSTATE and constraint name) as its `cause`.
 */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, constraint: broken } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return broken === constraint;
  }
  return false;
}

const byKey = (email: string, key: string) => and(eq(orders.email, email), eq(orders.idempotencyKey, key));

export interface StockedPart {
  name: string;
  priceCents: number;
  bulkDiscount: boolean;
}

export function createOrdersRepo(db: Database) {
  const page = async (
    where: ReturnType<typeof and>,
    { offset, limit }: { offset: number; limit: number },
  ) => {
    const [items, [totals]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(orders).where(where),
    ]);
    return { items, total: totals?.total ?? 0 };
  };

  return {
    /**
     * Takes the stock and records the order in one transaction. The stock is taken by a
     * conditional update (`available_quantity >= qty`), so concurrent orders can never sell
     * more than there is: the loser's update matches no row. `bill` prices the order from the
     * part as the update returned it. Returns undefined when the stock was not there.
     *
     * With an idempotency key, the customer's earlier order under that key is returned instead
     * (`replayed`), and nothing is taken. A concurrent repeat that got past the look-up meets the
     * unique index on (email, key): PostgreSQL holds its insert until the first transaction
     * commits, then refuses it; this transaction rolls back, stock included, and the repeat
     * answers with the order that won.
     */
    async place(
      request: PlaceRequest,
      bill: (part: StockedPart) => NewOrder,
    ): Promise<PlacedOrder | undefined> {
      const { partId, quantity, email, idempotencyKey } = request;
      try {
        return await db.transaction(async (tx) => {
          if (idempotencyKey) {
            // A key past its lifetime is spent: it is freed, so this request places a new order.
            await tx
              .update(orders)
              .set({ idempotencyKey: null })
              .where(
                and(
                  byKey(email, idempotencyKey),
                  lt(orders.createdAt, sql`now() - make_interval(hours => ${request.keyTtlHours})`),
                ),
              );
            const [earlier] = await tx.select().from(orders).where(byKey(email, idempotencyKey)).limit(1);
            if (earlier) return { order: earlier, replayed: true };
          }
          const [part] = await tx
            .update(parts)
            .set({ availableQuantity: sql`${parts.availableQuantity} - ${quantity}` })
            .where(
              and(
                eq(parts.id, partId),
                isNull(parts.deletedAt),
                gte(parts.availableQuantity, quantity),
                sql`${parts.minOrderQuantity} <= ${quantity}`,
              ),
            )
            .returning({ name: parts.name, priceCents: parts.priceCents, bulkDiscount: parts.bulkDiscount });
          if (!part) return undefined;
          const [order] = await tx
            .insert(orders)
            .values({
              ...bill(part),
              partId,
              productName: part.name,
              unitPriceCents: part.priceCents,
              idempotencyKey,
            })
            .returning();
          return order && { order, replayed: false };
        });
      } catch (error) {
        if (!idempotencyKey || !isUniqueViolation(error, IDEMPOTENCY_INDEX)) throw error;
        const [winner] = await db.select().from(orders).where(byKey(email, idempotencyKey)).limit(1);
        if (!winner) throw error;
        return { order: winner, replayed: true };
      }
    },

    async find(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
      return row;
    },

    /** A customer's orders, newest first, without the cancelled ones (they left the list). */
    listForCustomer: (email: string, window: { offset: number; limit: number }) =>
      page(and(eq(orders.email, email), ne(orders.status, 'cancelled')), window),

    listAll: (status: OrderStatus | undefined, window: { offset: number; limit: number }) =>
      page(status ? and(eq(orders.status, status)) : undefined, window),

    /**
     * Cancels an unpaid order and puts its quantity back on the shelf, in one transaction. Only
     * the row still 'unpaid' is changed, so a double cancel or a race with payment restores
     * stock at most once. `owner` limits it to that customer's orders.
     */
    async cancel(id: string, owner?: string): Promise<OrderRow | undefined> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: sql`now()` })
          .where(
            and(eq(orders.id, id), eq(orders.status, 'unpaid'), owner ? eq(orders.email, owner) : undefined),
          )
          .returning();
        if (!order) return undefined;
        await tx
          .update(parts)
          .set({ availableQuantity: sql`${parts.availableQuantity} + ${order.productQuantity}` })
          .where(eq(parts.id, order.partId));
        return order;
      });
    },

    /** Moves an order from one status to the next, only if it is still in `from`. */
    async advance(id: string, from: OrderStatus, to: OrderStatus): Promise<OrderRow | undefined> {
      const [order] = await db
        .update(orders)
        .set({ status: to, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning();
      return order;
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
