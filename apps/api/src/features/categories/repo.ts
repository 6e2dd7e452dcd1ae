import type { AttributeDefinition } from '@store/shared';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.js';
import { categoryTreeLock, categoryTreeReadLock } from '../../db/locks.js';
import { categories, parts } from '../../db/schema.js';
import type { CategoryNode } from './tree.js';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Runner = Database | Transaction;

export interface CategoryRow {
  slug: string;
  name: string;
  parentId: string | null;
  position: number;
  attributes: AttributeDefinition[];
}

const SLUG_INDEX = 'categories_slug_idx';
/** PostgreSQL's names for migration 0023's foreign keys. */
const PARENT_KEY = 'categories_parent_id_fkey';
const PART_KEY = 'parts_category_id_fkey';

const nodeColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  parentId: categories.parentId,
  position: categories.position,
  attributes: categories.attributes,
};

const readTree = (runner: Runner): Promise<CategoryNode[]> =>
  runner.select(nodeColumns).from(categories).orderBy(asc(categories.position), asc(categories.slug));

const listed = isNull(parts.deletedAt);

/** The row operations of one write to the tree, inside its transaction, under the tree's lock. */
function treeWrites(tx: Transaction) {
  return {
    tree: () => readTree(tx),

    async insert(row: CategoryRow): Promise<{ kind: 'inserted'; id: string } | { kind: 'slug-taken' }> {
      // A savepoint: the refusal must not abort the transaction the caller goes on with.
      try {
        const [inserted] = await tx.transaction((sp) =>
          sp.insert(categories).values(row).returning({ id: categories.id }),
        );
        if (!inserted) throw new Error('insert returned no row');
        return { kind: 'inserted', id: inserted.id };
      } catch (error) {
        if (isUniqueViolation(error, SLUG_INDEX)) return { kind: 'slug-taken' };
        throw error;
      }
    },

    async update(id: string, row: CategoryRow): Promise<'updated' | 'slug-taken'> {
      try {
        await tx.transaction((sp) => sp.update(categories).set(row).where(eq(categories.id, id)));
        return 'updated';
      } catch (error) {
        if (isUniqueViolation(error, SLUG_INDEX)) return 'slug-taken';
        throw error;
      }
    },

    /** Listed parts sitting directly in these categories. */
    async listedIn(ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await tx
        .select({ n: count() })
        .from(parts)
        .where(and(listed, inArray(parts.categoryId, ids)));
      return row?.n ?? 0;
    },

    /** Listed parts of these categories that hold a value for `key`. */
    async holding(ids: string[], key: string): Promise<number> {
      if (ids.length === 0) return 0;
      const [row] = await tx
        .select({ n: count() })
        .from(parts)
        .where(and(listed, inArray(parts.categoryId, ids), sql`${parts.attributes} ? ${key}::text`));
      return row?.n ?? 0;
    },

    /**
     * Deletes a category with no listed part and no child. Deleted parts (kept for the orders that
     * name them) leave it first. A part or child added meanwhile makes the foreign key refuse.
     */
    async remove(id: string): Promise<'deleted' | 'has-children' | 'has-parts'> {
      try {
        await tx.transaction(async (sp) => {
          await sp
            .update(parts)
            .set({ categoryId: null })
            .where(and(eq(parts.categoryId, id), isNotNull(parts.deletedAt)));
          await sp.delete(categories).where(eq(categories.id, id));
        });
        return 'deleted';
      } catch (error) {
        if (isForeignKeyViolation(error, PARENT_KEY)) return 'has-children';
        if (isForeignKeyViolation(error, PART_KEY)) return 'has-parts';
        throw error;
      }
    },
  };
}

export type CategoryWrites = ReturnType<typeof treeWrites>;

export function createCategoriesRepo(db: Database) {
  return {
    tree: () => readTree(db),

    /** Listed parts by category id (not counting those of categories under it). */
    async partCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: parts.categoryId, n: count() })
        .from(parts)
        .where(and(listed, isNotNull(parts.categoryId)))
        .groupBy(parts.categoryId);
      return new Map(rows.flatMap((row) => (row.id ? [[row.id, row.n] as const] : [])));
    },

    /**
     * The tree inside `tx` (a part's write), under the tree's shared lock until `tx` ends: no
     * category write changes it before that write commits.
     */
    async lockedTree(tx: Database): Promise<CategoryNode[]> {
      await tx.execute(categoryTreeReadLock);
      return readTree(tx);
    },

    /**
     * Runs `work` in one transaction, under the tree's lock, with the row operations of a write
     * and the transaction's handle (for the audit entry that commits with the change).
     */
    write<T>(work: (writes: CategoryWrites, tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(categoryTreeLock);
        return work(treeWrites(tx), tx);
      });
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
