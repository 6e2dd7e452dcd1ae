import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, reviews } from '../src/db/schema.js';
import { openTestDatabase, partRow } from './helpers.js';

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
