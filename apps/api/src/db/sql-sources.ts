import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiRoot } from '../lib/paths.js';

/**
 * The database's functions and triggers, each defined in exactly one of these files, beside the
 * code that relies on it. Tables, indexes and constraints are `schema.ts`'s, changed by migrations
 * (`npm run db:generate`); a migration carries no function body. These files are applied after the
 * migrations, in this order, at every start and in every test, with CREATE OR REPLACE: changing a
 * function is changing its file, the way repeatable migrations work in Flyway. A file is applied
 * again only when its text changed (its SHA-256 is kept in `sql_sources`), so an instance
 * starting beside others that serve orders takes no lock on their tables for nothing.
 *
 * A function whose arguments or result type change is dropped by a migration first: CREATE OR
 * REPLACE would add a second one beside it. A test finds each function and trigger the database
 * has in exactly one of these files (test/db/sql-sources.test.ts). Decision 062 says why.
 */
export const SQL_SOURCE_FILES = [
  'src/db/list-counters.sql',
  'src/lib/read-cache/read-cache.sql',
  'src/features/parts/sku.sql',
  'src/features/parts/search.sql',
  'src/features/audit/append-only.sql',
  'src/features/overview/overview.sql',
  'src/features/orders/placement.sql',
] as const;

export interface SqlSource {
  file: string;
  text: string;
  sha256: string;
}

/** Where the files are: under src/, or, for the bundle, the copies its build puts in dist/sql. */
const filesRoot = path.relative(apiRoot, fileURLToPath(import.meta.url)).startsWith(`dist${path.sep}`)
  ? path.join(apiRoot, 'dist', 'sql')
  : apiRoot;

let read: SqlSource[] | undefined;

/** The files' texts, read once per process. */
export function sqlSources(): SqlSource[] {
  read ??= SQL_SOURCE_FILES.map((file) => {
    const text = readFileSync(path.join(filesRoot, file), 'utf8');
    return { file, text, sha256: createHash('sha256').update(text).digest('hex') };
  });
  return read;
}

/**
 * One script that applies, in one transaction, the files whose text differs from what the
 * database last applied (`applied`: file → SHA-256), and records them. Empty when none differs.
 */
export function sqlSourcesScript(applied: ReadonlyMap<string, string>): string {
  const changed = sqlSources().filter(({ file, sha256 }) => applied.get(file) !== sha256);
  if (changed.length === 0) return '';
  const recorded = changed.map(({ file, sha256 }) => `('${file}', '${sha256}')`).join(', ');
  return [
    'BEGIN;',
    ...changed.map(({ text }) => text),
    `INSERT INTO sql_sources (file, sha256) VALUES ${recorded}
      ON CONFLICT (file) DO UPDATE SET sha256 = excluded.sha256, applied_at = now();`,
    'COMMIT;',
  ].join('\n');
}

/** Applies the changed files through a connection that runs several statements in one string. */
export async function applySqlSources(run: (text: string) => Promise<{ rows: unknown[] }>): Promise<void> {
  const { rows } = await run('SELECT file, sha256 FROM sql_sources');
  const applied = new Map((rows as { file: string; sha256: string }[]).map((row) => [row.file, row.sha256]));
  const script = sqlSourcesScript(applied);
  if (!script) return;
  try {
    await run(script);
  } catch (error) {
    await run('ROLLBACK').catch(() => {});
    throw error;
  }
}
