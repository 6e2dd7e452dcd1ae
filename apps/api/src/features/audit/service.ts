import {
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type AuditQuery,
  type AuditTargetType,
  auditActionLabels,
  auditActions,
  auditTargetTypes,
  encodeAuditCursor,
  SEARCH_COUNT_CAP,
} from '@store/shared';
import type { Database } from '../../db/client.js';
import { CSV_BOM, csvRow } from '../../lib/csv.js';
import type { Page } from '../../lib/pagination.js';
import { type AuditFields, withoutSecrets } from './changes.js';
import type { AuditRepo, AuditRow, NewAuditRow } from './repo.js';
import { type AuditTargetLookup, withTargetId } from './targets.js';

/** What an admin action tells the trail. */
export interface AuditRecord {
  /** The admin's e-mail. */
  actor: string;
  action: AuditAction;
  /** What was acted on, with what a person recognises it by (kept: the target may go). */
  target: { type: AuditTargetType; id: string; label: string };
  /** The changed fields as they were, and as they are (absent: an add has no before, a removal no after). */
  before?: AuditFields | null | undefined;
  after?: AuditFields | null | undefined;
}

/**
 * The one call other features make: `audit.record(tx, entry)` with `tx` the database handle of
 * the transaction the action runs in, so the entry commits with the action or not at all.
 */
export interface AuditTrail {
  record(tx: Database, entry: AuditRecord): Promise<void>;
  /** Many entries at once, in a few statements (an import's, one a changed part). */
  recordMany(tx: Database, entries: readonly AuditRecord[]): Promise<void>;
  /**
   * For the one action no database transaction covers (an image written to disk or a bucket):
   * recorded on its own once the action is done.
   */
  recordDone(entry: AuditRecord): Promise<void>;
}

/** Entries the CSV export reads at a time. */
export const AUDIT_CSV_BATCH = 500;

const CSV_COLUMNS = [
  'At',
  'Actor',
  'Action',
  'Action name',
  'Target type',
  'Target id',
  'Target',
  'Before',
  'After',
];

/** A name the table holds as text, as one of the names this version knows (a bug otherwise). */
function known<const T extends string>(names: readonly T[], name: string): T {
  const found = names.find((n) => n === name);
  if (!found) throw new Error(`An audit entry names ${name}, which this store does not know`);
  return found;
}

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.actor,
  action: known(auditActions, row.action),
  target: { type: known(auditTargetTypes, row.targetType), id: row.targetId, label: row.targetLabel },
  before: row.before ?? null,
  after: row.after ?? null,
});

const json = (fields: Record<string, unknown> | null) => (fields ? JSON.stringify(fields) : '');

const toRow = ({ actor, action, target, before, after }: AuditRecord): NewAuditRow => ({
  actor,
  action,
  targetType: target.type,
  targetId: target.id,
  targetLabel: target.label,
  before: withoutSecrets(target.type, before),
  after: withoutSecrets(target.type, after),
});

const toCsvRow = (e: AuditEntry): string =>
  csvRow([
    e.at,
    e.actor,
    e.action,
    auditActionLabels[e.action] ?? e.action,
    e.target.type,
    e.target.id,
    e.target.label,
    json(e.before),
    json(e.after),
  ]);

/**
 * `targets` lets the log's filter take an order's number, a part's SKU or a user's e-mail for a
 * target; a service that only records (an action's own) goes without.
 */
export function createAuditService(repo: AuditRepo, targets?: AuditTargetLookup) {
  return {
    record: (tx: Database, entry: AuditRecord): Promise<void> => repo.insert(toRow(entry), tx),

    recordDone: (entry: AuditRecord): Promise<void> => repo.insert(toRow(entry)),

    recordMany: async (tx: Database, entries: readonly AuditRecord[]): Promise<void> => {
      if (entries.length > 0) await repo.insertMany(tx, entries.map(toRow));
    },

    /** A page of the log, newest first, with the next page's cursor; the total counted to a cap. */
    async list({ cursor, limit, ...asked }: AuditQuery): Promise<Page<AuditEntry>> {
      const filter = await withTargetId(asked, targets);
      const [{ items, last }, { total, capped }] = await Promise.all([
        repo.page(filter, cursor, limit),
        repo.total(filter, SEARCH_COUNT_CAP),
      ]);
      return {
        items: items.map(toAuditEntry),
        total,
        ...(capped && { totalCapped: true }),
        ...(last && { nextCursor: encodeAuditCursor(last) }),
      };
    },

    /**
     * Every matching entry as CSV (formula-safe: lib/csv.ts), streamed a batch at a time. The
     * byte-order mark and header come with the first batch, so nothing is sent before the first
     * query succeeded: a failing one is still answered with its own status, never a cut file.
     */
    async *exportCsv(asked: AuditFilter, batchSize = AUDIT_CSV_BATCH): AsyncGenerator<string> {
      const filter = await withTargetId(asked, targets);
      let head = CSV_BOM + csvRow(CSV_COLUMNS);
      for await (const rows of repo.batches(filter, batchSize)) {
        yield head + rows.map(toAuditEntry).map(toCsvRow).join('');
        head = '';
      }
      if (head) yield head;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
