import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { parts } from '../../db/schema.js';

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;

const listed = isNull(parts.deletedAt);

export function createPartsRepo(db: Database) {
  return {
    /** Newest first, served by parts_listed_newest_idx. */
    async listNewest({ offset, limit }: { offset: number; limit: number }) {
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(parts)
          .where(listed)
          .orderBy(desc(parts.createdAt), desc(parts.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(parts).where(listed),
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

    async insertMany(rows: NewPartRow[]) {
      if (rows.length > 0) await db.insert(parts).values(rows);
    },
  };
}

export type PartsRepo = ReturnType<typeof createPartsRepo>;
