import type { DatabaseHandle } from '../../src/db/client.js';

/**
 * What PostgreSQL itself says a database's tables are: columns, constraints, indexes and
 * sequences, in its own words (format_type, pg_get_constraintdef, pg_get_indexdef), so two
 * databases built by different routes compare line by line. Names are without their schema: a
 * test's schema is its own.
 */
export async function describeTables(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await database.executeSql(`
    with own as (select oid from pg_namespace where nspname = current_schema())
    select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
        || case when a.attnotnull then ' not null' else '' end
        || coalesce(case when a.attgenerated = 's' then ' generated ' else ' default ' end
             || pg_get_expr(d.adbin, d.adrelid), '')
        || case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end as line
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid and c.relkind = 'r'
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = (select oid from own) and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || c.relname || ' ' || k.conname || ' ' || pg_get_constraintdef(k.oid)
      from pg_constraint k join pg_class c on c.oid = k.conrelid
      -- A constraint trigger is a trigger: the SQL files' (db/sql-sources.ts), not schema.ts's.
      -- NOT NULL is the column's line (recent PostgreSQL also lists it here).
      where k.connamespace = (select oid from own) and k.contype not in ('t', 'n')
    union all
    select 'index ' || replace(pg_get_indexdef(i.indexrelid), current_schema() || '.', '')
      from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relnamespace = (select oid from own)
    union all
    select 'sequence ' || s.relname || ' ' || q.seqstart || ' ' || q.seqmin || ' ' || q.seqmax || ' ' || q.seqincrement
      from pg_sequence q join pg_class s on s.oid = q.seqrelid
      where s.relnamespace = (select oid from own)
    order by 1`);
  // Drizzle's own record of the migrations applied: in the test's schema on PostgreSQL.
  return (rows as { line: string }[])
    .map(({ line }) => line)
    .filter((line) => !line.includes('__drizzle_migrations'));
}

/**
 * The statements of an SQL file: split at each `;` outside quotes, dollar-quoted bodies and
 * comments. Enough for the store's own files, which the test reads.
 */
export function splitStatements(text: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (rest.startsWith('--')) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end + 1;
    } else if (dollar) {
      const end = text.indexOf(dollar[0], i + dollar[0].length);
      i = end + dollar[0].length;
    } else if (text[i] === "'") {
      const end = text.indexOf("'", i + 1);
      i = end + 1;
    } else if (text[i] === ';') {
      statements.push(text.slice(start, i + 1).trim());
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  const last = text.slice(start).trim();
  if (last.replaceAll(/--.*$/gm, '').trim()) statements.push(last);
  return statements;
}
