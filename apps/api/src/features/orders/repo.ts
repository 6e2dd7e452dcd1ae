import type { OrderStatus } from '@store/shared';
import { and, count, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { orders, parts } from '../../db/schema.js';

export type OrderRow = typeof orders.$inferSelect;
type NewOrder = Omit<typeof orders.$inferInsert, 'partId' | 'productName' | 'unitPriceCents'>;

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
     */
    async place(
      partId: string,
      quantity: number,
      bill: (part: StockedPart) => NewOrder,
    ): Promise<OrderRow | undefined> {
      return db.transaction(async (tx) => {
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
          .values({ ...bill(part), partId, productName: part.name, unitPriceCents: part.priceCents })
          .returning();
        return order;
      });
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
