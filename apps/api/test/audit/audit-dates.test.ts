import { apiContract, apiMessages, validationMessages as v } from '@store/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAuditRepo } from '../../src/features/audit/repo.js';
import { createAuditService } from '../../src/features/audit/service.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * The audit log's date range: refused with a 400 naming the field before anything is read, so a
 * date PostgreSQL cannot hold never fails a query; and a CSV sends nothing before its first query
 * succeeded, so a failing one is answered with its status rather than a cut file.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
});
afterAll(() => ctx.close());

const paths = ['/api/audit', '/api/audit.csv'];

describe.each(paths)('GET %s', (path) => {
  const refused = async (query: Record<string, string>, field: string, message: string) => {
    const res = await ctx.http().get(path).query(query).set(admin.auth).expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.fields?.[field]).toBe(message);
  };

  it('refuses a year before 2000, naming the field', async () => {
    await refused({ from: '0000-01-01' }, 'from', v.dateOutOfRange);
    await refused({ to: '0001-01-01' }, 'to', v.dateOutOfRange);
    await refused({ from: '1999-12-31' }, 'from', v.dateOutOfRange);
    await refused({ from: '1999-12-31T09:59:59Z' }, 'from', v.dateOutOfRange);
  });

  it('refuses a day no calendar has, and a range that ends before it starts', async () => {
    await refused({ from: '2026-02-30' }, 'from', v.dateInvalid);
    await refused({ to: '2026-02-29T10:00:00+01:00' }, 'to', v.dateInvalid);
    await refused({ from: '10000-01-01' }, 'from', v.dateInvalid);
    await refused({ from: '2026-11-02', to: '2026-11-01' }, 'to', v.dateRangeReversed);
  });

  it('reads every date from 2000 to 9999, in any time zone', async () => {
    const ok = (query: Record<string, string>) =>
      ctx.http().get(path).query(query).set(admin.auth).expect(200);
    await ok({ from: '2000-01-01', to: '9999-12-31' });
    // 2000-01-01's midnight at UTC+14, as a browser there sends it.
    await ok({ from: '1999-12-31T10:00:00.000Z' });
    await ok({ from: '2028-02-29' });
    // Past the end of 9999 in UTC, which PostgreSQL's timestamps do not reach.
    await ok({ from: '9999-12-31T23:00:00-05:00' });
    await ok({ to: '9999-12-31T23:00:00-05:00' });
  });
});

describe('the CSV export', () => {
  it('makes its first chunk, header and first batch together, only once the first query succeeded', async () => {
    const service = createAuditService(createAuditRepo(ctx.db));
    for (const id of ['a', 'b'])
      await service.recordDone({
        actor: admin.email,
        action: 'user.restore',
        target: { type: 'user', id, label: id },
      });
    // A date PostgreSQL refuses (22008), past the schema: the first query fails.
    const chunks = service.exportCsv({ from: new Date('0000-01-01T00:00:00Z') });
    await expect(chunks.next()).rejects.toThrow();
    const all: string[] = [];
    for await (const chunk of service.exportCsv({}, 1)) all.push(chunk);
    const [first, ...rest] = all;
    expect(first).toMatch(/^\uFEFFAt,Actor,.*\r\n.+/s);
    expect(rest.length).toBeGreaterThan(0);
  });

  it('answers a first query that fails with an error status, never a 200 cut short', async () => {
    await ctx.db.execute(sql`alter table audit_entries rename to audit_entries_aside`);
    try {
      const res = await ctx.http().get('/api/audit.csv').set(admin.auth);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: apiMessages.internal });
    } finally {
      await ctx.db.execute(sql`alter table audit_entries_aside rename to audit_entries`);
    }
  });
});

describe('the other queries of the API', () => {
  it('take no date but the audit log’s, which all go through the shared rule', () => {
    const dated = apiContract.flatMap((route) => {
      if (!route.query) return [];
      const json = z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' });
      const names = Object.keys(json.properties ?? {});
      return names
        .filter((name) => /^(from|to|since|until)$|date|day/i.test(name))
        .map((n) => `${route.id} ${n}`);
    });
    expect(dated).toEqual(['audit.list from', 'audit.list to', 'audit.csv from', 'audit.csv to']);
  });

  it.each(['/api/admin/overview', '/api/orders.csv', '/api/orders/:email'])(
    '%s reads no date: one of year 0 is no 500',
    async (path) => {
      const url = path.replace(':email', encodeURIComponent(admin.email));
      await ctx.http().get(url).query({ from: '0000-01-01', to: '0000-01-01' }).set(admin.auth).expect(200);
    },
  );
});
