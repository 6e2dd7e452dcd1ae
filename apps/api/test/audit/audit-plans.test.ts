import type { AuditFilter } from '@store/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withParameters } from '../../src/db/transaction-sql.js';
import { createAuditRepo } from '../../src/features/audit/repo.js';
import { openTestDatabase } from '../support/helpers.js';

/**
 * The audit log only grows: each page of each filter must be one range of an index of migration
 * 0021, read from where the cursor left off, never a scan and a sort of the whole log. The very
 * statements the repository sends are explained, on a log of 60,000 entries with fresh statistics.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const sent: { query: string; params: unknown[] }[] = [];

beforeAll(async () => {
  database = await openTestDatabase({ logQuery: (query, params) => sent.push({ query, params }) });
  await database.db.execute(sql`
    insert into audit_entries (at, actor, action, target_type, target_id, target_label, after)
    select timestamptz '2026-01-01' + g * interval '7 minutes',
           'admin' || (g % 20) || '@example.com',
           (array['part.edit', 'part.stock', 'order.move', 'user.role', 'admin.sign-in'])[1 + g % 5],
           (array['part', 'part', 'order', 'user', 'user'])[1 + g % 5],
           'target-' || (g % 3000),
           'Label ' || g,
           jsonb_build_object('n', g)
    from generate_series(1, 60000) g`);
  await database.db.execute(sql`analyze audit_entries`);
});
afterAll(() => database.close());

/** The plan of the last statement the repository sent, with its own parameters. */
async function planOfLast(match: RegExp): Promise<string> {
  const last = sent.findLast((s) => match.test(s.query));
  if (!last) throw new Error('no such statement was sent');
  const result = await database.db.execute(sql`explain ${withParameters(last.query, last.params)}`);
  return (result as unknown as { rows: Record<string, string>[] }).rows
    .map((row) => Object.values(row)[0])
    .join('\n');
}

const repo = () => createAuditRepo(database.db);

const cases: [string, AuditFilter, string][] = [
  ['no filter', {}, 'audit_entries_newest_idx'],
  ['an actor', { actor: 'admin7@example.com' }, 'audit_entries_actor_idx'],
  ['an action', { action: 'user.role' }, 'audit_entries_action_idx'],
  ['a target', { targetType: 'order', targetId: 'target-42' }, 'audit_entries_target_idx'],
  [
    'a week',
    { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-08T00:00:00Z') },
    'audit_entries_newest_idx',
  ],
];

describe('audit log plans', () => {
  it.each(cases)(
    'a page by %s reads %s, without sorting, and so does the next page',
    async (_, filter, index) => {
      const first = await repo().page(filter, undefined, 5);
      expect(first.items.length).toBeGreaterThan(0);
      let plan = await planOfLast(/from "audit_entries"/);
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/\bSort\b/);
      expect(first.last).toBeDefined();
      if (first.last) {
        await repo().page(filter, first.last, 5);
        plan = await planOfLast(/from "audit_entries"/);
        expect(plan).toContain(index);
        expect(plan).not.toMatch(/\bSort\b|Seq Scan/);
      }
    },
  );

  it('counts at most to its cap', async () => {
    const { total, capped } = await repo().total({}, 1000);
    expect({ total, capped }).toEqual({ total: 1000, capped: true });
    expect(await planOfLast(/count/)).toMatch(/Limit/);
  });
});
