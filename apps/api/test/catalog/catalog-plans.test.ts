import { encodePartsCursor } from '@store/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/db/schema.js';
import { createTestApp, openTestDatabase } from '../support/helpers.js';

/**
 * Lists that do not grow with the catalog (decision 012): with 20,000 parts, no public list
 * request counts a table, and a page deep in the catalog is read through the sort's index from
 * the cursor on, never by scanning or sorting the parts before it. The statements checked are
 * the ones the requests really ran, caught by the database's query logger.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let statements: { query: string; params: unknown[] }[] = [];
const PARTS = 20_000;

beforeAll(async () => {
  const database = await openTestDatabase({
    logQuery: (query, params) => statements.push({ query, params }),
  });
  ctx = await createTestApp({ database });
  await ctx.db.execute(sql`
    insert into parts (name, img, price_cents, min_order_quantity, available_quantity, description, created_at)
    select 'Bulk part ' || g, '/media/parts/test.svg', 100 + g % 5000, 10, case when g % 7 = 0 then 0 else 500 end,
      'A part among many.', timestamptz '2026-01-01' + (g % 9000) * interval '1 second'
    from generate_series(1, ${PARTS}) g`);
  await ctx.db.insert(reviews).values(
    Array.from({ length: 30 }, (_, i) => ({
      name: 'Reviewer',
      email: `reviewer${i}@shop.test`,
      message: 'Good parts.',
      ratings: 4,
    })),
  );
  // A bulk insert leaves the trigram index's new entries in GIN's pending list, which the
  // planner prices as a scan; a store's autovacuum merges it, as this does.
  await ctx.db.execute(sql`select gin_clean_pending_list('parts_name_trgm_idx'::regclass)`);
  await ctx.db.execute(sql`select gin_clean_pending_list('parts_search_idx'::regclass)`);
  // A shop's lexicon holds thousands of words (these parts' names have two).
  await ctx.db.execute(
    sql`insert into search_words select 'word' || md5(g::text) from generate_series(1, 5000) g`,
  );
  await ctx.db.execute(sql`analyze search_words`);
  await ctx.db.execute(sql`analyze parts`);
  await ctx.db.execute(sql`analyze reviews`);
}, 120_000);
afterAll(() => ctx.close());

/** The statements one request ran. */
async function ran(url: string): Promise<{ query: string; params: unknown[] }[]> {
  statements = [];
  await ctx.http().get(url).expect(200);
  return statements;
}

/**
 * A count that reads a whole table (or every match of a filter): `count(` over anything but a
 * subquery that stops at a LIMIT.
 */
const countsWholeTable = (query: string) =>
  /\bcount\s*\(/i.test(query) && !/\bcount\s*\([^)]*\)\s+from\s+\(select\b[\s\S]*\blimit\b/i.test(query);

async function plan({ query, params }: { query: string; params: unknown[] }): Promise<string> {
  const result = await ctx.database.executeSql(`explain ${query}`, params);
  return (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
}

/** The one statement of a request that reads the page's parts. */
const pageQuery = (run: { query: string; params: unknown[] }[]) => {
  const found = run.find((s) => /from "parts"/.test(s.query) && /\border by\b/i.test(s.query));
  if (!found) throw new Error(`no list query among ${run.map((s) => s.query).join('\n')}`);
  return found;
};

describe('no list request counts a table', () => {
  it('the detector knows a count of the whole table when it sees one', () => {
    expect(countsWholeTable('select count(*) from "parts" where "parts"."deleted_at" is null')).toBe(true);
    expect(countsWholeTable('select count(*) from "reviews"')).toBe(true);
    expect(
      countsWholeTable(
        'select count(*) from (select 1 from "parts" where "name" ilike $1 limit $2) "matches"',
      ),
    ).toBe(false);
  });

  it.each([
    '/api/parts?sort=newest&limit=3',
    '/api/parts',
    '/api/parts?page=40',
    '/api/parts?sort=price-asc',
    '/api/parts?sort=price-desc&inStock=true',
    '/api/parts?inStock=true',
    '/api/parts?q=bulk%20part%2099',
    '/api/parts?q=bulk&sort=newest',
    '/api/reviews',
    '/api/reviews?page=2&limit=5',
  ])('GET %s', async (url) => {
    const run = await ran(url);
    expect(run.length).toBeGreaterThan(0);
    for (const { query } of run) expect(countsWholeTable(query), query).toBe(false);
  });

  it('the totals are still right', async () => {
    const all = await ctx.http().get('/api/parts?limit=1').expect(200);
    expect(all.headers['x-total-count']).toBe(String(PARTS));
    const buyable = await ctx.http().get('/api/parts?limit=1&inStock=true').expect(200);
    expect(buyable.headers['x-total-count']).toBe(String(PARTS - Math.floor(PARTS / 7)));
    const reviewed = await ctx.http().get('/api/reviews?limit=1').expect(200);
    expect(reviewed.headers['x-total-count']).toBe('30');
  });
});

describe('a page deep in the catalog is read through the index', () => {
  /** The key of the part at `position` in a sort, as the API's cursor would carry it. */
  async function cursorAt(sort: 'newest' | 'price-asc' | 'price-desc', position: number) {
    const order = {
      newest: 'created_at desc, id desc',
      'price-asc': 'price_cents asc, id asc',
      'price-desc': 'price_cents desc, id desc',
    }[sort];
    const key =
      sort === 'newest' ? '(extract(epoch from created_at) * 1000000)::bigint::text' : 'price_cents::text';
    const result = await ctx.database.executeSql(
      `select ${key} as key, id from parts where deleted_at is null order by ${order} offset ${position} limit 1`,
    );
    const row = result.rows[0] as { key: string; id: string };
    return encodePartsCursor({ sort, key: row.key, id: row.id });
  }

  it.each([
    ['newest', '', 'parts_listed_newest_idx'],
    ['price-asc', '', 'parts_listed_price_idx'],
    ['price-desc', '', 'parts_listed_price_idx'],
    ['newest', '&inStock=true', 'parts_in_stock_newest_idx'],
    ['price-asc', '&inStock=true', 'parts_in_stock_price_idx'],
  ] as const)('sort=%s%s: %s from the cursor on, no sort, no scan', async (sort, filter, index) => {
    const cursor = await cursorAt(sort, 15_000);
    const run = await ran(`/api/parts?sort=${sort}${filter}&cursor=${cursor}`);
    const text = await plan(pageQuery(run));
    expect(text).toContain(index);
    expect(text).toMatch(/Index Cond: \(ROW\(/);
    expect(text).not.toMatch(/Seq Scan|\bSort\b/);
  });

  it('and the page is the one after the cursor', async () => {
    const cursor = await cursorAt('price-desc', 15_000);
    const res = await ctx.http().get(`/api/parts?sort=price-desc&limit=12&cursor=${cursor}`).expect(200);
    const direct = await ctx.database.executeSql(
      'select name from parts order by price_cents desc, id desc offset 15001 limit 12',
    );
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(
      (direct.rows as { name: string }[]).map((r) => r.name),
    );
  });

  it('a search finds its matches through parts_search_idx, a typo in the lexicon', async () => {
    const run = await ran('/api/parts?q=bulk%20partz%2012345');
    const text = await plan(pageQuery(run));
    expect(text).toContain('parts_search_idx');
    expect(text).not.toMatch(/Seq Scan on parts/);
    const lookup = run.find(({ query }) => query.includes('search_words'));
    if (!lookup) throw new Error('no look-up of the lexicon');
    // The lexicon alone: a few thousand words, whichever way the planner reads them, never the parts.
    const lookupPlan = await plan(lookup);
    expect(lookupPlan).toContain('search_words');
    expect(lookupPlan).not.toMatch(/ on parts\b/);
  });
});
