import { MAX_QUANTITY } from '@store/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { customerLock } from '../../db/locks.js';
import { cartLines, orderLines, orders, parts } from '../../db/schema.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Runner = Database | Transaction;

/** A part as the cart judges a line of it: today's price and rules, and whether it is still listed. */
const partColumns = {
  partId: parts.id,
  sku: parts.sku,
  name: parts.name,
  img: parts.img,
  priceCents: parts.priceCents,
  minOrderQuantity: parts.minOrderQuantity,
  orderMultiple: parts.orderMultiple,
  availableQuantity: parts.availableQuantity,
  bulkDiscount: parts.bulkDiscount,
  listed: sql<boolean>`${parts.deletedAt} is null`,
};

export interface CartAddition {
  partId: string;
  quantity: number;
}

/** The rules a part puts on a line, for deciding whether a row may be added. */
export interface PartRules {
  partId: string;
  listed: boolean;
  minOrderQuantity: number;
  orderMultiple: number;
  availableQuantity: number;
}

const rulesColumns = {
  partId: parts.id,
  listed: sql<boolean>`${parts.deletedAt} is null`,
  minOrderQuantity: parts.minOrderQuantity,
  orderMultiple: parts.orderMultiple,
  availableQuantity: parts.availableQuantity,
};

/** Reads any transaction or the database alike. */
function reads(db: Runner) {
  return {
    /** The whole cart in one query, each line with its part (deleted ones too), in the order added. */
    async lines(email: string) {
      return db
        .select({ quantity: cartLines.quantity, ...partColumns })
        .from(cartLines)
        .innerJoin(parts, eq(parts.id, cartLines.partId))
        .where(eq(cartLines.email, email))
        .orderBy(asc(cartLines.addedAt), asc(cartLines.partId));
    },
  };
}

function transactionRows(tx: Transaction) {
  return {
    ...reads(tx),

    /**
     * A transaction-long lock on the customer's cart: two requests adding new lines at once
     * would each count 99 and together make 101.
     */
    async lock(email: string): Promise<void> {
      await tx.execute(customerLock('cart', email));
    },

    /** The parts already in the cart (at most MAX_CART_LINES ids). */
    async partIds(email: string): Promise<Set<string>> {
      const rows = await tx
        .select({ partId: cartLines.partId })
        .from(cartLines)
        .where(eq(cartLines.email, email));
      return new Set(rows.map((row) => row.partId));
    },

    /** Whether `id` names a part still listed. */
    async isListed(id: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: parts.id })
        .from(parts)
        .where(and(eq(parts.id, id), isNull(parts.deletedAt)))
        .limit(1);
      return row !== undefined;
    },

    /** The parts whose SKU is one of `skus` (lower-cased), in one query on parts_sku_idx. */
    async bySkus(skus: string[]): Promise<Array<PartRules & { key: string }>> {
      if (skus.length === 0) return [];
      return tx
        .select({ ...rulesColumns, key: sql<string>`lower(${parts.sku})` })
        .from(parts)
        .where(sql`lower(${parts.sku}) = any(${sql.param(skus)}::text[])`);
    },

    /** The parts of `ids`, listed or not, in one query. */
    async byIds(ids: string[]): Promise<PartRules[]> {
      if (ids.length === 0) return [];
      return tx.select(rulesColumns).from(parts).where(inArray(parts.id, ids));
    },

    /**
     * Adds each quantity to the part's line, or makes the line, in one statement (each part
     * once: ON CONFLICT may touch a row only once). New lines keep the order given; a line never
     * grows past MAX_QUANTITY.
     */
    async add(email: string, additions: CartAddition[]): Promise<void> {
      if (additions.length === 0) return;
      await tx
        .insert(cartLines)
        .values(
          additions.map(({ partId, quantity }, index) => ({
            email,
            partId,
            // Two rows of one part, summed by the service, may pass the cap on a new line too.
            quantity: Math.min(quantity, MAX_QUANTITY),
            // One statement shares one now(): a microsecond apart keeps the rows' order.
            addedAt: sql`now() + ${index} * interval '1 microsecond'`,
          })),
        )
        .onConflictDoUpdate({
          target: [cartLines.email, cartLines.partId],
          set: { quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${MAX_QUANTITY})` },
        });
    },

    /** Sets the part's line to `quantity`, making it when new. */
    async set(email: string, partId: string, quantity: number): Promise<void> {
      await tx
        .insert(cartLines)
        .values({ email, partId, quantity })
        .onConflictDoUpdate({ target: [cartLines.email, cartLines.partId], set: { quantity } });
    },
  };
}

export type CartTransaction = ReturnType<typeof transactionRows>;

export function createCartRepo(db: Database) {
  return {
    ...reads(db),

    inTransaction<T>(work: (tx: CartTransaction) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(transactionRows(tx)));
    },

    async remove(email: string, partId: string): Promise<void> {
      await db.delete(cartLines).where(and(eq(cartLines.email, email), eq(cartLines.partId, partId)));
    },

    async clear(email: string): Promise<void> {
      await db.delete(cartLines).where(eq(cartLines.email, email));
    },

    /**
     * The lines of `email`'s order `orderId`, each with its part's rules today, in one query; none
     * when the order is not theirs (or does not exist), so that another's order stays unseen.
     */
    async orderLines(orderId: string, email: string) {
      return db
        .select({
          ...rulesColumns,
          position: orderLines.position,
          // As the order names it: the part's SKU may have changed since.
          sku: orderLines.sku,
          quantity: orderLines.quantity,
        })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .innerJoin(parts, eq(parts.id, orderLines.partId))
        .where(and(eq(orders.id, orderId), eq(orders.email, email)))
        .orderBy(asc(orderLines.position));
    },
  };
}

export type CartRepo = ReturnType<typeof createCartRepo>;
