import type { PartSort } from '@store/shared';
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parts } from '../../db/schema.js';

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;
export type PartChanges = Omit<NewPartRow, 'id' | 'addedBy' | 'createdAt' | 'deletedAt'>;
/** An edit: every field but the stock, which only a compare-and-set may change. */
export type PartEdits = Omit<PartChanges, 'availableQuantity'>;
/** A new stock and the stock it was based on. */
export interface StockChange {
  before: number;
  after: number;
}
export type UpdateOutcome =
  | { kind: 'updated' }
  | { kind: 'missing' }
  | { kind: 'stock-moved'; availableQuantity: number };

/**
 * How often a stock compare-and-set is tried again when the stock is back at `before` by the
 * time it is read (an order placed and cancelled in between): the edit's base holds again.
 */
const STOCK_ATTEMPTS = 3;

const listed = isNull(parts.deletedAt);

/** Each order is served by an index on listed parts (newest, or price then id). */
const ORDER: Record<PartSort, SQL[]> = {
  newest: [desc(parts.createdAt), desc(parts.id)],
  'price-asc': [asc(parts.priceCents), asc(parts.id)],
  'price-desc': [desc(parts.priceCents), desc(parts.id)],
};

/** A search term matched literally: % and _ typed by a visitor are not wildcards. */
const likeTerm = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createPartsRepo(db: Database) {
  return {
    async list({
      offset,
      limit,
      sort,
      q,
    }: {
      offset: number;
      limit: number;
      sort: PartSort;
      q?: string | undefined;
    }) {
      const where = q ? and(listed, ilike(parts.name, likeTerm(q))) : listed;
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(parts)
          .where(where)
          .orderBy(...ORDER[sort])
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(parts).where(where),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    async findListed(id: string): Promise<PartRow | undefined> {
      const [row] = await db
        .select()
        .from(parts)
        .where(and(eq(parts.id, id), listed))
        .limit(1);
      return row;
    },

    async insert(row: NewPartRow): Promise<string> {
      const [inserted] = await db.insert(parts).values(row).returning({ id: parts.id });
      if (!inserted) throw new Error('insert returned no row');
      return inserted.id;
    },

    /**
     * Edits a listed part. With `stock`, the stock is set in the same UPDATE only where it still
     * is `stock.before` (a compare-and-set), so orders placed since the edit form was loaded are
     * never undone; when it has moved, nothing at all changes and the current stock is returned.
     */
    async update(id: string, edits: PartEdits, stock?: StockChange): Promise<UpdateOutcome> {
      const part = and(eq(parts.id, id), listed);
      if (!stock) {
        const updated = await db.update(parts).set(edits).where(part).returning({ id: parts.id });
        return updated.length > 0 ? { kind: 'updated' } : { kind: 'missing' };
      }
      let current = stock.before;
      for (let attempt = 0; attempt < STOCK_ATTEMPTS && current === stock.before; attempt += 1) {
        const updated = await db
          .update(parts)
          .set({ ...edits, availableQuantity: stock.after })
          .where(and(part, eq(parts.availableQuantity, stock.before)))
          .returning({ id: parts.id });
        if (updated.length > 0) return { kind: 'updated' };
        const [row] = await db
          .select({ availableQuantity: parts.availableQuantity })
          .from(parts)
          .where(part)
          .limit(1);
        if (!row) return { kind: 'missing' };
        current = row.availableQuantity;
      }
      return { kind: 'stock-moved', availableQuantity: current };
    },

    /** Leaves the storefront; the row stays for the orders that name it. */
    async softDelete(id: string): Promise<boolean> {
      const deleted = await db
        .update(parts)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(parts.id, id), listed))
        .returning({ id: parts.id });
      return deleted.length > 0;
    },
  };
}

export type PartsRepo = ReturnType<typeof createPartsRepo>;
