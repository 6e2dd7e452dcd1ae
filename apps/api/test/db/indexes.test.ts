import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, reviews } from '../../src/db/schema.js';
import { openTestDatabase, partRow } from '../support/helpers.js';

/**
 * With a few thousand rows and fresh statistics, the planner must choose these indexes by
 * itself, the way it will on a real catalog.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db
    .insert(parts)
    .values(
      Array.from({ length: 3000 }, (_, i) => partRow({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) })),
    );
  await database.db.insert(reviews).values(
    Array.from({ length: 3000 }, (_, i) => ({
      name: 'Reviewer',
      email: `r${i}@example.com`,
      message: 'Good',
      ratings: 4,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    })),
  );
  // A catalog large enough that a full scan costs what it would in production.
  await database.db.execute(sql`
    insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description)
    select 'Part ' || g || ' ' || md5(g::text), '/media/parts/x.svg', 100 + g % 5000, 1, 10, 'Generated'
    from generate_series(1, 50000) g`);
  await database.db.execute(sql`analyze`);
});
afterAll(() => database.close());

async function plan(query: ReturnType<typeof sql>): Promise<string> {
  const result = await database.db.execute(sql`explain ${query}`);
  const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

describe('indexes', () => {
  it('serves the newest listed parts from parts_listed_newest_idx without sorting', async () => {
    const text = await plan(
      sql`select * from ${parts} where deleted_at is null order by created_at desc, id desc limit 3`,
    );
    expect(text).toContain('parts_listed_newest_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('serves the cheapest listed parts from parts_listed_price_idx without sorting', async () => {
    const text = await plan(
      sql`select * from ${parts} where deleted_at is null order by price_cents asc, id asc limit 12`,
    );
    expect(text).toContain('parts_listed_price_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('can search names through the trigram index', async () => {
    // A few thousand short rows fit in a handful of pages, where a scan is honestly cheaper;
    // with the scan ruled out, the index must be able to answer a substring search.
    const text = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(
        sql`explain select count(*) from ${parts} where deleted_at is null and name ilike '%helix%'`,
      );
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    expect(text).toContain('parts_name_trgm_idx');
  });

  it('finds a part by id through its primary key', async () => {
    const text = await plan(
      sql`select * from ${parts} where id = '3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f' and deleted_at is null`,
    );
    expect(text).toContain('parts_pkey');
  });

  it('serves the newest reviews from reviews_newest_idx without sorting', async () => {
    const text = await plan(sql`select * from ${reviews} order by created_at desc, id desc limit 12`);
    expect(text).toContain('reviews_newest_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });
});
