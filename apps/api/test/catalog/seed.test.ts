import { existsSync } from 'node:fs';
import path from 'node:path';
import { DESCRIPTION_EXCERPT_LENGTH, HOME_PARTS_COUNT } from '@store/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, reviews } from '../../src/db/schema.js';
import { seedDemoCatalog } from '../../src/db/seed.js';
import { seedParts, seedReviews } from '../../src/db/seed-data.js';
import { assetsDir } from '../../src/lib/paths.js';
import { createTestApp } from '../support/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const total = async (table: typeof parts | typeof reviews) =>
  (await ctx.db.select({ n: count() }).from(table))[0]?.n;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('demo catalog', () => {
  it('ships at least 12 parts with images in the repository and excerpt-length descriptions', () => {
    expect(seedParts.length).toBeGreaterThanOrEqual(12);
    for (const part of seedParts) {
      expect(existsSync(path.join(assetsDir, 'parts', part.image)), part.image).toBe(true);
      expect(part.description.length).toBeGreaterThan(DESCRIPTION_EXCERPT_LENGTH);
      expect(part.minOrderQuantity).toBeLessThanOrEqual(part.availableQuantity);
      expect(Number.isInteger(part.priceCents) && part.priceCents > 0).toBe(true);
    }
  });

  it('seeds an empty database once, newest part last in the list', async () => {
    // Two instances starting together must still seed once.
    const results = await Promise.all(
      [seedDemoCatalog(ctx.db), seedDemoCatalog(ctx.db)].map((p) => p.catch((e) => e)),
    );
    expect(results.filter((r) => r === true)).toHaveLength(1);
    expect(await total(parts)).toBe(seedParts.length);
    expect(await total(reviews)).toBe(seedReviews.length);

    const res = await ctx.http().get(`/api/parts?sort=newest&limit=${HOME_PARTS_COUNT}`).expect(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(
      seedParts
        .slice(-HOME_PARTS_COUNT)
        .reverse()
        .map((p) => p.name),
    );
    expect(res.body[0].img).toBe(`/media/parts/${seedParts.at(-1)?.image}`);
  });

  it('does not seed again, even after every part was deleted', async () => {
    expect(await seedDemoCatalog(ctx.db)).toBe(false);
    expect(await total(parts)).toBe(seedParts.length);
    await ctx.db.delete(parts);
    expect(await seedDemoCatalog(ctx.db)).toBe(false);
    expect(await total(parts)).toBe(0);
  });

  it('serves the shipped images', async () => {
    const res = await ctx.http().get(`/media/parts/${seedParts[0]?.image}`).expect(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});

describe('the demo catalog’s shelves', () => {
  it('sorts 60 and more parts into at least 8 categories, each value fitting its category', async () => {
    const { seedCategories } = await import('../../src/db/seed-catalog.js');
    const { checkAttributeValues } = await import('@store/shared');
    expect(seedParts.length).toBeGreaterThanOrEqual(60);
    expect(seedCategories.length).toBeGreaterThanOrEqual(8);
    const skus = new Set(seedParts.map((part) => part.sku.toLowerCase()));
    expect(skus.size).toBe(seedParts.length);
    const bySlug = new Map(seedCategories.map((category) => [category.slug, category]));
    for (const part of seedParts) {
      const category = bySlug.get(part.category);
      expect(category, part.name).toBeDefined();
      if (!category) continue;
      const definitions = [
        ...(category.parent ? (bySlug.get(category.parent)?.attributes ?? []) : []),
        ...category.attributes,
      ];
      expect(checkAttributeValues(definitions, part.attributes), part.name).toEqual({});
      expect(part.brand, part.name).toBeTruthy();
    }
  });
});
