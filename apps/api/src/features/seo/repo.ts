import { and, asc, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { categories, parts } from '../../db/schema.js';

export interface SitemapPart {
  id: string;
  /** There is no updated_at column yet: a part's creation is its last known change. */
  lastmod: Date;
}

/** What the sitemap needs of the catalog: listed parts' ids, a batch at a time, and the categories. */
export function createSitemapRepo(db: Database) {
  return {
    /**
     * Up to `limit` listed parts with an id after `after`, in id order: keyset batches over the
     * primary key, so a large catalog is read in bounded steps and never with OFFSET.
     */
    async listedAfter(after: string | undefined, limit: number): Promise<SitemapPart[]> {
      const listed = isNull(parts.deletedAt);
      return db
        .select({ id: parts.id, lastmod: parts.createdAt })
        .from(parts)
        .where(after ? and(listed, gt(parts.id, after)) : listed)
        .orderBy(asc(parts.id))
        .limit(limit);
    },
    /** Every category's slug (its page, `/c/<slug>`): a tree of dozens, read at once. */
    async categorySlugs(): Promise<string[]> {
      const rows = await db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.slug));
      return rows.map((row) => row.slug);
    },
  };
}

export type SitemapRepo = ReturnType<typeof createSitemapRepo>;
