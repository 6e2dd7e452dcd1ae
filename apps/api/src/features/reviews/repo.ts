import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { reviews } from '../../db/schema.js';

export type ReviewRow = typeof reviews.$inferSelect;
export type NewReviewRow = typeof reviews.$inferInsert;

export function createReviewsRepo(db: Database) {
  return {
    /** Newest first, served by reviews_newest_idx. */
    async listNewest({ offset, limit }: { offset: number; limit: number }) {
      const [items, [totals]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(reviews),
      ]);
      return { items, total: totals?.total ?? 0 };
    },

    async insertMany(rows: NewReviewRow[]) {
      if (rows.length > 0) await db.insert(reviews).values(rows);
    },
  };
}

export type ReviewsRepo = ReturnType<typeof createReviewsRepo>;
