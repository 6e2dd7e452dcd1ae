import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from './client.js';

/** Both drivers answer raw SQL with the rows under `rows`. */
const changedResult = z.object({ rows: z.tuple([z.object({ changed: z.boolean() })]) });

/**
 * Makes `zone` (the `TZ` setting) the store's calendar for the overview's rollups (migration
 * 0020): when it differs from the one the database keeps, they are recounted in it, writers held
 * off for the moment it takes. Answers whether it changed. Run at start, after the migrations.
 */
export async function useStoreTimeZone(db: Database, zone: string): Promise<boolean> {
  const result = await db.execute(sql`select overview_use_time_zone(${zone}) as changed`);
  return changedResult.parse(result).rows[0].changed;
}
