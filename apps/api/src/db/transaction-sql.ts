import { type SQL, type SQLChunk, sql } from 'drizzle-orm';
import type { Database } from './client.js';

/**
 * Plain SQL with `$1 … $n` placeholders, run on the connection of a Drizzle transaction: what
 * pg-boss's public `db` option asks for, so a job sent through it commits or rolls back with the
 * write that caused it (docs/architecture.md, 'Failures and jobs'), on either engine. The text
 * is cut at each placeholder and rebuilt as Drizzle SQL with the values as parameters (never
 * spliced into the text). It lives with the database code because only db/ and repositories
 * speak Drizzle.
 */
export function transactionSql(tx: Database) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      // Both drivers answer with the rows under `rows` (node-postgres' and PGlite's results).
      const result = (await tx.execute(withParameters(text, values))) as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export function withParameters(text: string, values: unknown[]): SQL {
  const chunks: SQLChunk[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`No value for placeholder ${match[0]}`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql.param(values[index] ?? null));
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}
