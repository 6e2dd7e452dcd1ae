import { sql } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Tells every instance's read cache that parts changed (`announce_parts_changed`, in
 * lib/read-cache/read-cache.sql) after placements, which leave that to the store: their commits
 * then take no database-wide NOTIFY lock (decision 045). One announcement at a time; those asked for while it
 * runs are made by one more after it, so a burst of orders costs two, and the last order of a
 * burst is always announced after its commit. This instance's own cache forgot its answers
 * already (the order routes are writes, lib/read-cache/remember.ts).
 */
export function partsAnnouncer(db: Database): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    running = true;
    db.execute(sql`select announce_parts_changed()`)
      // A database that cannot be reached also drops every LISTEN connection, and the caches
      // empty themselves until they listen again (lib/read-cache/cache.ts): nothing is lost.
      .catch(() => {})
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return () => {
    if (running) again = true;
    else run();
  };
}
