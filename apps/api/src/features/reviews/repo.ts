import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { counters, orders, reviews } from '../../db/schema.js';
import { transactional } from '../../db/transactional.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

/**
 * A 'Verified buyer' has at least one paid or shipped order (orders_email_newest_idx): an unpaid
 * order costs nothing to place, so it proves nothing (decision 027). Read with every list, so a
 * payment marked after the review counts at once; migration 0010 tells the read cache of it.
 * Written with explicit aliases: inside a subquery an unqualified "email" would mean the
 * order's own column, and every reviewer would look verified.
 */
const verified = sql<boolean>`exists (
  select 1 from ${orders} o where o.email = ${reviews}.email and o.status in ('paid', 'shipped')
)`;

/** The reviews' reads and writes on `db`: the pool, or one transaction. */
function reviewRows(db: Database) {
  return {
    /** Newest first, served by reviews_newest_idx. */
    async listNewest({ offset, limit }: { offset: number; limit: number }) {
      const [items, [totals]] = await Promise.all([
        db
          .select({
            id: reviews.id,
            name: reviews.name,
            message: reviews.message,
            ratings: reviews.ratings,
            createdAt: reviews.createdAt,
            verified,
          })
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        // Kept by a trigger in every insert's and delete's transaction (decision 012).
        db.select({ total: counters.reviews }).from(counters).limit(1),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    async insert(row: NewReviewRow): Promise<string> {
      const [inserted] = await db.insert(reviews).values(row).returning({ id: reviews.id });
      if (!inserted) throw new Error('insert returned no row');
      return inserted.id;
    },

    /** The review as it was; undefined when there was none. */
    async delete(id: string): Promise<ReviewRow | undefined> {
      const [deleted] = await db.delete(reviews).where(eq(reviews.id, id)).returning();
      return deleted;
    },
  };
}

export type ReviewRows = ReturnType<typeof reviewRows>;

/** The reviews on the pool, and in a transaction the service opens (db/transactional.ts). */
export const createReviewsRepo = (db: Database) => transactional(db, reviewRows);

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
