import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

const dialect = new PgDialect();

/**
 * Runs `query` as the prepared statement `name`: on PostgreSQL each connection plans it once and
 * reuses the plan (decision 055: the overview's statement took longer to plan than to run); PGlite
 * runs it as any statement. `query` must be the same text at every call (its values may differ),
 * and `name` the one statement's. Logged as `db.execute` is.
 */
export function executePrepared(db: Database, name: string, query: SQL): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}
