import type { AuditEntry } from '@store/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, parts } from '../../src/db/schema.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * The audit trail: what GET /api/audit and /api/audit.csv answer, who may ask, and
 * that the table keeps what it was given. The entries each action writes: audit-actions.test.ts.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let other: Awaited<ReturnType<typeof accountWithToken>>;
let customer: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin', 'Ada Admin');
  other = await accountWithToken(ctx, 'admin', 'Otto Other');
  customer = await accountWithToken(ctx);
});
afterAll(() => ctx.close());

const product = (name: string) => ({
  name,
  img: '/media/parts/test.svg',
  price: 19.99,
  minOrderQuantity: 1,
  availableQuantity: 40,
  description: 'A part for the audit trail.',
  sku: `AUD-${Math.random().toString(36).slice(2, 10)}`,
});

const list = async (query: Record<string, string | number> = {}, auth = admin.auth) => {
  const res = await ctx.http().get('/api/audit').query(query).set(auth).expect(200);
  return { entries: res.body as AuditEntry[], res };
};

describe('who may read the trail', () => {
  it('asks for a token, and refuses customers with 403', async () => {
    await ctx.http().get('/api/audit').expect(401);
    await ctx.http().get('/api/audit.csv').expect(401);
    await ctx.http().get('/api/audit').set(customer.auth).expect(403);
    await ctx.http().get('/api/audit.csv').set(customer.auth).expect(403);
  });
});

describe('GET /api/audit', () => {
  const ids: string[] = [];
  beforeAll(async () => {
    // Five adds by two admins, each its own transaction (and so its own `at`).
    for (const [i, who] of [admin, other, admin, other, admin].entries()) {
      const res = await ctx
        .http()
        .post('/api/addproduct')
        .set(who.auth)
        .send(product(`Filtered part ${i}`));
      ids.push(res.body.insertedId);
    }
  });

  it('lists the entries newest first, with their total', async () => {
    const { entries, res } = await list({ action: 'part.add' });
    expect(res.headers['x-total-count']).toBe('5');
    expect(entries.map((e) => e.target.id)).toEqual([...ids].reverse());
    expect(entries[0]).toMatchObject({ actor: admin.email, action: 'part.add', target: { type: 'part' } });
  });

  it('filters by actor, action, target and dates', async () => {
    expect((await list({ actor: other.email })).entries).toHaveLength(2);
    expect((await list({ actor: other.email.toUpperCase() })).entries).toHaveLength(2);
    const one = await list({ targetType: 'part', targetId: ids[2] as string });
    expect(one.entries.map((e) => e.target.label)).toEqual(['Filtered part 2']);
    expect((await list({ action: 'user.remove' })).entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list({ action: 'part.add', from: today, to: today })).entries).toHaveLength(5);
    expect((await list({ action: 'part.add', to: '2000-01-01' })).entries).toHaveLength(0);
    const first = (await list({ action: 'part.add' })).entries.at(-1) as AuditEntry;
    expect((await list({ action: 'part.add', from: first.at })).entries).toHaveLength(5);
  });

  it('pages by cursor, each entry once, until no next page is named', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 10; guard += 1) {
      const { entries, res } = await list({ action: 'part.add', limit: 2, ...(cursor && { cursor }) });
      seen.push(...entries.map((e) => e.target.id));
      cursor = res.headers['x-next-cursor'];
      if (!cursor) break;
      expect(res.headers.link).toContain('cursor=');
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const res = await ctx.http().get('/api/audit').query(query).set(admin.auth).expect(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    };
    await bad({ action: 'part.explode' }, 'action');
    await bad({ targetType: 'planet' }, 'targetType');
    await bad({ targetId: ids[0] as string }, 'targetId');
    await bad({ from: 'yesterday' }, 'from');
    await bad({ from: '2026-02-30' }, 'from');
    await bad({ from: '2026-11-02', to: '2026-11-01' }, 'to');
    await bad({ cursor: 'not-a-cursor' }, 'cursor');
    await bad({ limit: '1000' }, 'limit');
  });
});

describe('GET /api/audit.csv', () => {
  it('exports the filtered entries with every formula made inert', async () => {
    const name = '=HYPERLINK("http://evil.example","click")';
    const added = await ctx.http().post('/api/addproduct').set(admin.auth).send(product(name)).expect(201);
    const res = await ctx
      .http()
      .get('/api/audit.csv')
      .query({ targetType: 'part', targetId: added.body.insertedId })
      .set(admin.auth)
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('At,Actor,Action,Action name,Target type,Target id,Target,Before,After');
    // The label cell begins with the inert quote, never with `=`.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(lines[1]?.split(',').some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
  });
});

describe('the table keeps what it was given', () => {
  it('refuses to update, delete or truncate an entry', async () => {
    await ctx.db.insert(parts).values(partRow());
    const [entry] = await ctx.db.select().from(auditEntries).limit(1);
    expect(entry).toBeDefined();
    await expect(
      ctx.db.execute(sql`update audit_entries set actor = 'someone@else.example'`),
    ).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_entries`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_entries`)).rejects.toThrow();
    const [after] = await ctx.db.select().from(auditEntries).where(sql`id = ${entry?.id}`);
    expect(after).toEqual(entry);
  });
});
