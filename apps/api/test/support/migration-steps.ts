import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsDir } from '../../src/lib/paths.js';
import { usingPostgres } from './helpers.js';

/**
 * A database of its own, migrated step by step: up to a migration, given rows as they were
 * then, then to the end (a migration's test on a store that already has data). PGlite, or a
 * schema of its own in the run's PostgreSQL database.
 */
export interface MigrationSteps {
  run: (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;
  /** Applies the migrations up to and including `last`; all of them when left out. */
  migrateTo: (last?: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function openMigrationSteps(): Promise<MigrationSteps> {
  const folders = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  /** The migrations up to and including `last`, as a folder of their own. */
  function migrationsUpTo(last: number): string {
    const folder = path.join(folders, `to-${last}`);
    cpSync(migrationsDir, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    journal.entries = journal.entries.filter((entry) => entry.idx <= last);
    writeFileSync(journalFile, JSON.stringify(journal));
    return folder;
  }
  const folderOf = (last?: number) => (last === undefined ? migrationsDir : migrationsUpTo(last));
  const removeFolders = () => rmSync(folders, { recursive: true, force: true });

  if (!usingPostgres) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const db = drizzlePglite({ client });
    return {
      run: async (text, values) => (await client.query<Record<string, unknown>>(text, values)).rows,
      migrateTo: (last) => migratePglite(db, { migrationsFolder: folderOf(last) }),
      close: async () => {
        await client.close();
        removeFolders();
      },
    };
  }
  // A schema of its own in the run's database, as every PostgreSQL test file has.
  const schema = `t_${Math.random().toString(16).slice(2, 14)}`;
  const url = inject('postgresRunUrl');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema},public` });
  const db = drizzlePg({ client: pool });
  return {
    run: async (text, values) => (await pool.query(text, values)).rows,
    migrateTo: (last) => migratePg(db, { migrationsFolder: folderOf(last), migrationsSchema: schema }),
    close: async () => {
      await pool.query(`drop schema ${schema} cascade`);
      await pool.end();
      removeFolders();
    },
  };
}
