import { count } from 'drizzle-orm';
import type { Database } from './client.js';
import { appMeta, categories, parts, reviews } from './schema.js';
import { seedCategories } from './seed-catalog.js';
import { seedParts, seedReviews } from './seed-data.js';

const SEEDED_KEY = 'demo_catalog_seeded_at';

/**
 * Inserts the demo catalog once, into a store that has never held parts. The marker row is
 * claimed first in the same transaction, so two instances starting together seed once, and a
 * store whose admin later deletes every part is not re-seeded on the next start.
 */
export async function seedDemoCatalog(db: Database, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    const [existing] = await tx.select({ n: count() }).from(parts);
    if ((existing?.n ?? 0) > 0) return false;

    // Parents come before their children in the list: each one's id is known when a child names it.
    const categoryIds = new Map<string, string>();
    for (const category of seedCategories) {
      const [row] = await tx
        .insert(categories)
        .values({
          slug: category.slug,
          name: category.name,
          parentId: (category.parent && categoryIds.get(category.parent)) || null,
          position: category.position,
          attributes: category.attributes,
        })
        .returning({ id: categories.id });
      if (row) categoryIds.set(category.slug, row.id);
    }

    // Stagger creation times so "newest" is the order of the list, last entry newest.
    const minutesAgo = (n: number) => new Date(now.getTime() - n * 60_000);
    await tx.insert(parts).values(
      seedParts.map((part, i) => ({
        name: part.name,
        img: `/media/parts/${part.image}`,
        priceCents: part.priceCents,
        sku: part.sku,
        minOrderQuantity: part.minOrderQuantity,
        orderMultiple: part.orderMultiple,
        availableQuantity: part.availableQuantity,
        description: part.description,
        bulkDiscount: part.bulkDiscount,
        categoryId: categoryIds.get(part.category) ?? null,
        brand: part.brand,
        attributes: part.attributes,
        createdAt: minutesAgo(seedParts.length - i),
      })),
    );
    await tx
      .insert(reviews)
      .values(seedReviews.map((review, i) => ({ ...review, createdAt: minutesAgo(seedReviews.length - i) })));
    return true;
  });
}
