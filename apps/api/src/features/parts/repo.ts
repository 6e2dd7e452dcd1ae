import type { CursorSort, PartOrder, PartsCursor } from '@store/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isCheckViolation, isUniqueViolation } from '../../db/errors.js';
import { counters, partColumns, parts } from '../../db/schema.js';
import { transactional } from '../../db/transactional.js';
import { type CatalogFilter, isPlainCatalog } from './catalog-filter.js';
import { filterCondition, listed, relevance } from './filters-repo.js';
import type { SearchPlan } from './search-terms.js';

/** A part as the store reads it (`partColumns`: all but its search words). */
export type PartRow = Omit<typeof parts.$inferSelect, 'searchVector'>;
export type NewPartRow = typeof parts.$inferInsert;
export type PartChanges = Omit<NewPartRow, 'id' | 'addedBy' | 'createdAt' | 'deletedAt'>;
/** An edit: every field but the stock, which only a compare-and-set may change. */
export type PartEdits = Omit<PartChanges, 'availableQuantity' | 'sku' | 'orderMultiple'> &
  Partial<Pick<PartChanges, 'sku' | 'orderMultiple'>>;
/** A new stock and the stock it was based on. */
export interface StockChange {
  before: number;
  after: number;
}
export type UpdateOutcome =
  | { kind: 'updated' }
  | { kind: 'missing' }
  | { kind: 'stock-moved'; availableQuantity: number }
  | { kind: 'sku-taken' }
  | { kind: 'partial-packs'; orderMultiple: number };
export type InsertOutcome = { kind: 'inserted'; id: string } | { kind: 'sku-taken' };

/**
 * Another part holds the SKU (parts_sku_idx, on lower(sku)). Read from the index's refusal, not
 * looked up first, so two admins adding the same SKU at once cannot both succeed.
 */
const SKU_INDEX = 'parts_sku_idx';
/** The minimum is not a whole number of packs of the stored pack size (an edit that kept it). */
const WHOLE_PACKS_CHECK = 'parts_min_order_whole_packs';

/**
 * How often a stock compare-and-set is tried again when the stock is back at `before` by the
 * time it is read (an order placed and cancelled in between): the edit's base holds again.
 */
const STOCK_ATTEMPTS = 3;

/** Each order is served by an index on listed parts (newest, or price then id). */
const ORDER: Record<Exclude<CursorSort, 'relevance'>, SQL[]> = {
  newest: [desc(parts.createdAt), desc(parts.id)],
  'price-asc': [asc(parts.priceCents), asc(parts.id)],
  'price-desc': [desc(parts.priceCents), desc(parts.id)],
};

/**
 * A row's place in its sort, as a cursor carries it: created_at in whole microseconds (exact,
 * where a JavaScript Date keeps milliseconds), the price in cents, or the search's score (a
 * `real`, printed exactly).
 */
function sortKey(order: PartOrder, search: SearchPlan | undefined): SQL<string> {
  if (order === 'relevance') return sql<string>`${relevance(search)}::text`;
  if (order === 'newest')
    return sql<string>`(extract(epoch from ${parts.createdAt}) * 1000000)::bigint::text`;
  return sql<string>`${parts.priceCents}::text`;
}

/**
 * The rows after a cursor's, as one row comparison on the sort's columns, so an index is entered
 * at the cursor instead of read from its start (`OFFSET`). By relevance no index holds the score:
 * every match is scored again and the page starts after the cursor's (score, id).
 */
function after({ sort, key, id }: PartsCursor, search: SearchPlan | undefined): SQL {
  if (sort === 'relevance') return sql`(${relevance(search)}, ${parts.id}) < (${key}::real, ${id}::uuid)`;
  if (sort === 'newest') {
    const at = sql`(timestamptz 'epoch' + ${key}::bigint * interval '1 microsecond')`;
    return sql`(${parts.createdAt}, ${parts.id}) < (${at}, ${id}::uuid)`;
  }
  const op = sort === 'price-asc' ? sql`>` : sql`<`;
  return sql`(${parts.priceCents}, ${parts.id}) ${op} (${key}::integer, ${id}::uuid)`;
}

/** Sets the edits (and the stock, by compare-and-set) on `db`: a transaction or a savepoint. */
async function setEdits(
  db: Database,
  id: string,
  edits: PartEdits,
  stock?: StockChange,
): Promise<UpdateOutcome> {
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
}

/** The parts' reads and writes on `db`: the pool, or one transaction. */
function partRows(db: Database) {
  return {
    /**
     * One page, and the key of its last row when more follow (read as one row more than asked).
     * `relevance` ranks a search's best matches first (filters-repo `relevance`), then by id.
     */
    async list({
      offset,
      limit,
      order,
      cursor,
      ...filter
    }: CatalogFilter & {
      offset: number;
      limit: number;
      order: PartOrder;
      cursor?: PartsCursor | undefined;
    }) {
      const orderBy =
        order === 'relevance' ? [sql`${relevance(filter.search)} desc`, desc(parts.id)] : ORDER[order];
      const rows = await db
        .select({ ...partColumns, sortKey: sortKey(order, filter.search) })
        .from(parts)
        .where(and(filterCondition(filter), cursor ? after(cursor, filter.search) : undefined))
        .orderBy(...orderBy)
        .limit(limit + 1)
        .offset(cursor ? 0 : offset);
      const items: PartRow[] = rows.slice(0, limit).map(({ sortKey: _, ...row }) => row);
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      return { items, last: last && { key: last.sortKey, id: last.id } };
    },

    /**
     * How many parts a list holds, without counting the table (decision 012): the catalog's
     * totals are kept in `counters`; a search or a filtered list is counted up to `cap` + 1 rows
     * and no further.
     */
    async total(filter: CatalogFilter, cap: number): Promise<{ total: number; capped: boolean }> {
      if (!filter.search && isPlainCatalog(filter)) {
        const value = filter.inStock ? counters.partsInStock : counters.partsListed;
        const [row] = await db.select({ value }).from(counters).limit(1);
        return { total: row?.value ?? 0, capped: false };
      }
      const matches = db
        .select({ one: sql`1` })
        .from(parts)
        .where(filterCondition(filter))
        .limit(cap + 1)
        .as('matches');
      const [row] = await db.select({ n: count() }).from(matches);
      const n = row?.n ?? 0;
      return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
    },

    /**
     * The id of the part with this SKU, deleted ones too (parts_sku_idx, on lower(sku)): the
     * audit trail names a deleted part as well as a listed one.
     */
    async idOfSku(sku: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: parts.id })
        .from(parts)
        .where(sql`lower(${parts.sku}) = lower(${sku})`)
        .limit(1);
      return row?.id;
    },

    async findListed(id: string): Promise<PartRow | undefined> {
      const [row] = await db
        .select(partColumns)
        .from(parts)
        .where(and(eq(parts.id, id), listed))
        .limit(1);
      return row;
    },

    async insert(row: NewPartRow): Promise<InsertOutcome> {
      try {
        const [inserted] = await db.insert(parts).values(row).returning({ id: parts.id });
        if (!inserted) throw new Error('insert returned no row');
        return { kind: 'inserted', id: inserted.id };
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return { kind: 'sku-taken' };
        throw error;
      }
    },

    /**
     * Edits a listed part. With `stock`, the stock is set in the same UPDATE only where it still
     * is `stock.before` (a compare-and-set), so orders placed since the edit form was loaded are
     * never undone; when it has moved, nothing at all changes and the current stock is returned.
     */
    async update(id: string, edits: PartEdits, stock?: StockChange): Promise<UpdateOutcome> {
      try {
        // In a savepoint: a refused edit (a taken SKU) rolls back to here, not the caller's whole
        // transaction, so the part can still be read below and the caller can still answer.
        return await db.transaction((savepoint) => setEdits(savepoint, id, edits, stock));
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return { kind: 'sku-taken' };
        if (isCheckViolation(error, WHOLE_PACKS_CHECK)) {
          const [row] = await db
            .select({ orderMultiple: parts.orderMultiple })
            .from(parts)
            .where(eq(parts.id, id))
            .limit(1);
          return { kind: 'partial-packs', orderMultiple: row?.orderMultiple ?? 1 };
        }
        throw error;
      }
    },

    /** Leaves the storefront; the row stays for the orders that name it. The part as it was listed. */
    async softDelete(id: string): Promise<PartRow | undefined> {
      const [deleted] = await db
        .update(parts)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(parts.id, id), listed))
        .returning(partColumns);
      return deleted;
    },

    /** The listed part, locked until the transaction ends: what an edit's audit entry starts from. */
    async findListedForUpdate(id: string): Promise<PartRow | undefined> {
      const [row] = await db
        .select(partColumns)
        .from(parts)
        .where(and(eq(parts.id, id), listed))
        .limit(1)
        .for('update');
      return row;
    },
  };
}

export type PartRows = ReturnType<typeof partRows>;

/** The parts on the pool, and in a transaction the service opens (db/transactional.ts). */
export const createPartsRepo = (db: Database) => transactional(db, partRows);

export type PartsRepo = ReturnType<typeof createPartsRepo>;
