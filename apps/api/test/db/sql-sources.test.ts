import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { applySqlSources, sqlSources, sqlSourcesScript } from '../../src/db/sql-sources.js';
import { migrationsDir } from '../../src/lib/paths.js';
import { openTestDatabase } from '../support/helpers.js';

/** The names a file defines with CREATE OR REPLACE FUNCTION or (CONSTRAINT) TRIGGER. */
const definedIn = (text: string, kind: 'function' | 'trigger') =>
  [
    ...text.matchAll(
      kind === 'function'
        ? /^create or replace function "?(\w+)"?/gim
        : /^create (?:or replace )?(?:constraint )?trigger "?(\w+)"?/gim,
    ),
  ].map((match) => (match[1] ?? '').toLowerCase());

describe("the database's functions and triggers", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('are each defined in exactly one SQL file, and every one the files define exists', async () => {
    const { rows: functions } = await database.executeSql(`
      select p.proname as name from pg_proc p
      where p.pronamespace = (select oid from pg_namespace where nspname = current_schema())
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1`);
    const { rows: triggers } = await database.executeSql(`
      select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
      where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        and not t.tgisinternal
      order by 1`);
    for (const [kind, found] of [
      ['function', functions],
      ['trigger', triggers],
    ] as const) {
      const names = (found as { name: string }[]).map(({ name }) => name);
      expect(names.length, kind).toBeGreaterThan(10);
      const files = new Map(names.map((name) => [name, [] as string[]]));
      for (const { file, text } of sqlSources()) {
        for (const name of definedIn(text, kind)) files.set(name, [...(files.get(name) ?? []), file]);
      }
      const notOnce = [...files].filter(([, where]) => where.length !== 1);
      expect(notOnce, `${kind}s not defined in exactly one file`).toEqual([]);
      expect([...files.keys()].sort(), `${kind}s the files define`).toEqual(names);
    }
  });

  it('are applied again only when a file changed, and then in one transaction with its record', async () => {
    const applied = new Map(sqlSources().map(({ file, sha256 }) => [file, sha256]));
    expect(sqlSourcesScript(applied)).toBe('');

    const [first] = sqlSources();
    if (!first) throw new Error('no SQL files');
    applied.set(first.file, 'an earlier text');
    const script = sqlSourcesScript(applied);
    expect(script).toContain(first.text);
    expect(script.match(/^BEGIN;/gm)).toHaveLength(1);
    expect(script.trimEnd().endsWith('COMMIT;')).toBe(true);
    for (const { text } of sqlSources().slice(1)) expect(script).not.toContain(text);

    // On a database: the file recorded as another text is applied and recorded again.
    await database.executeSql(
      `update sql_sources set sha256 = 'an earlier text' where file = '${first.file}'`,
    );
    await applySqlSources((text) => database.executeSql(text));
    const { rows } = await database.executeSql(`select sha256 from sql_sources where file = '${first.file}'`);
    expect(rows).toEqual([{ sha256: first.sha256 }]);
  });

  it('come from no migration after the SQL files took them over', () => {
    // Before 0033 the migrations created them; from it, a function's text is its file's alone.
    const later = readdirSync(migrationsDir).filter((file) => file.endsWith('.sql') && file >= '0033');
    for (const file of later) {
      const text = readFileSync(path.join(migrationsDir, file), 'utf8');
      expect(text, file).not.toMatch(/create\s+(or\s+replace\s+)?(constraint\s+)?(function|trigger)\b/i);
    }
  });
});
