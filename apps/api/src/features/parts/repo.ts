import type { PartSort } from '@store/shared';
import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parts } from '../../db/schema.js';

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;
export type PartChanges = Omit<NewPartRow, 'id' | 'addedBy' | 'createdAt' | 'deletedAt'>;

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

    async update(id: string, changes: PartChanges): Promise<boolean> {
      const updated = await db
        .update(parts)
        .set(changes)
        .where(and(eq(parts.id, id), listed))
        .returning({ id: parts.id });
      return updated.length > 0;
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
