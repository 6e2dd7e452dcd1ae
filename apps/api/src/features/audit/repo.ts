import type { AuditCursor, AuditFilter } from '@store/shared';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { auditEntries } from '../../db/schema.js';

export type AuditRow = typeof auditEntries.$inferSelect;
export type NewAuditRow = Omit<typeof auditEntries.$inferInsert, 'id' | 'at'>;

/** An entry's place in the log: its time in whole microseconds (exact) as text. */
const MICROS = sql<string>`(extract(epoch from ${auditEntries.at}) * 1000000)::bigint::text`;

/** Each filter is an equality on the leading columns of one of migration 0021's indexes. */
function filterWhere({ actor, action, targetType, targetId, from, to }: AuditFilter): SQL | undefined {
  return and(
    actor ? eq(auditEntries.actor, actor) : undefined,
    action ? eq(auditEntries.action, action) : undefined,
    targetType ? eq(auditEntries.targetType, targetType) : undefined,
    targetId ? eq(auditEntries.targetId, targetId) : undefined,
    from ? gte(auditEntries.at, from) : undefined,
    to ? lt(auditEntries.at, to) : undefined,
  );
}

/** The entries after a cursor's, as one row comparison on the index's (at, id): entered, not scanned. */
function after({ micros, id }: AuditCursor): SQL {
  const at = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
  return sql`(${auditEntries.at}, ${auditEntries.id}) < (${at}, ${id}::uuid)`;
}

/** Rows per INSERT: 7 parameters a row stays far below PostgreSQL's 65,535 a statement. */
const AUDIT_INSERT_BATCH = 1000;

const NEWEST_FIRST = [desc(auditEntries.at), desc(auditEntries.id)];

export function createAuditRepo(db: Database) {
  return {
    /** Writes the entry on `tx`, the action's own transaction (by default, a statement of its own). */
    async insert(row: NewAuditRow, tx: Database = db): Promise<void> {
      await tx.insert(auditEntries).values(row);
    },

    /** Many entries on `tx` in statements of AUDIT_INSERT_BATCH rows (an import's). */
    async insertMany(tx: Database, rows: readonly NewAuditRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += AUDIT_INSERT_BATCH)
        await tx.insert(auditEntries).values(rows.slice(start, start + AUDIT_INSERT_BATCH));
    },

    /** A page, newest first, and the last row's cursor when more follow (read as one row more). */
    async page(filter: AuditFilter, cursor: AuditCursor | undefined, limit: number) {
      const rows = await db
        .select({ entry: auditEntries, micros: MICROS })
        .from(auditEntries)
        .where(and(filterWhere(filter), cursor ? after(cursor) : undefined))
        .orderBy(...NEWEST_FIRST)
        .limit(limit + 1);
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      return {
        items: rows.slice(0, limit).map((row) => row.entry),
        last: last && { micros: last.micros, id: last.entry.id },
      };
    },

    /** How many entries match, counted up to `cap` + 1 rows and no further: the log only grows. */
    async total(filter: AuditFilter, cap: number): Promise<{ total: number; capped: boolean }> {
      const matches = db
        .select({ one: sql`1` })
        .from(auditEntries)
        .where(filterWhere(filter))
        .limit(cap + 1)
        .as('matches');
      const [row] = await db.select({ n: count() }).from(matches);
      const n = row?.n ?? 0;
      return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
    },

    /**
     * Every matching entry, newest first, `size` at a time (the CSV): keyset batches, each its
     * own query, so memory stays bounded and no transaction is held while the client reads.
     */
    async *batches(filter: AuditFilter, size: number): AsyncGenerator<AuditRow[]> {
      let cursor: AuditCursor | undefined;
      for (;;) {
        const { items, last } = await this.page(filter, cursor, size);
        if (items.length > 0) yield items;
        if (!last) return;
        cursor = last;
      }
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
