import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from '../../src/db/client.js';
import * as schema from '../../src/db/schema.js';
import { sqlSources } from '../../src/db/sql-sources.js';
import { apiRoot, migrationsDir } from '../../src/lib/paths.js';
import { openTestDatabase } from '../support/helpers.js';
import { describeTables, splitStatements } from './catalog.js';

/**
 * `schema.ts` is the database's definition: built from it alone, a database has exactly the
 * tables, columns, constraints, indexes and sequences the migrations build.
 */
describe('schema.ts', () => {
  let migrated: DatabaseHandle;
  let declared: DatabaseHandle;

  beforeAll(async () => {
    [migrated, declared] = await Promise.all([openTestDatabase(), openPglite()]);
    // Defaults and generated columns call the store's functions: they come first, their bodies
    // checked only when they run (the tables they read come next).
    const functions = sqlSources()
      .flatMap(({ text }) => splitStatements(text))
      .filter((statement) =>
        /^create or replace function/i.test(statement.replaceAll(/^--.*\n|^\s*\n/gm, '')),
      );
    await declared.executeSql(
      ['set check_function_bodies = off;', 'create extension if not exists pg_trgm;', ...functions].join(
        '\n',
      ),
    );
    const empty = generateDrizzleJson({});
    for (const statement of await generateMigration(empty, generateDrizzleJson(schema))) {
      await declared.executeSql(statement);
    }
  });

  afterAll(async () => {
    await Promise.all([migrated?.close(), declared?.close()]);
  });

  it('describes every table, column, constraint, index and sequence the migrations make', async () => {
    const [fromMigrations, fromSchema] = await Promise.all([
      describeTables(migrated),
      describeTables(declared),
    ]);
    expect(fromSchema.length).toBeGreaterThan(100);
    expect({
      onlyInTheDatabase: fromMigrations.filter((line) => !fromSchema.includes(line)),
      onlyInSchemaTs: fromSchema.filter((line) => !fromMigrations.includes(line)),
    }).toEqual({ onlyInTheDatabase: [], onlyInSchemaTs: [] });
  });

  it("is what the migrations' last snapshot records: `npm run db:generate` finds nothing to do", async () => {
    // The real command, on a copy of the migrations: a change it found would be written there.
    const out = mkdtempSync(path.join(tmpdir(), 'store-db-generate-'));
    try {
      cpSync(migrationsDir, out, { recursive: true });
      const { stdout, stderr } = await promisify(execFile)(
        path.join(apiRoot, '../../node_modules/.bin/drizzle-kit'),
        // drizzle-kit reads its snapshots by paths relative to where it runs.
        [
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          path.join(apiRoot, 'src/db/schema.ts'),
          '--out',
          '.',
        ],
        { cwd: out },
      );
      expect(stdout + stderr).toContain('No schema changes');
      expect(readdirSync(out).sort()).toEqual(readdirSync(migrationsDir).sort());
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
