import {
  apiMessages,
  encodePartsCursor,
  type Part,
  SEARCH_COUNT_CAP,
  validationMessages,
} from '@store/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { createTestApp, partRow } from '../support/helpers.js';

/**
 * The catalog's keyset paging (decision 012): following `Link: rel="next"` from the first page
 * visits every listed part exactly once, in the sort's order, even where many parts share a
 * created_at or a price; totals come from the kept counts and stay exact as parts change.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;

const LISTED = 61;

beforeAll(async () => {
  ctx = await createTestApp();
  // Ties everywhere: 61 parts over 4 instants and 5 prices; every third one out of stock
  // (fewer than its minimum order), and two deleted parts that must never show.
  const base = Date.parse('2026-03-01T00:00:00Z');
  await ctx.db.insert(parts).values(
    Array.from({ length: LISTED }, (_, i) =>
      partRow({
        name: `Keyset part ${i}`,
        createdAt: new Date(base + (i % 4) * 1000),
        priceCents: 100 * (1 + (i % 5)),
        availableQuantity: i % 3 === 0 ? 5 : 500,
        minOrderQuantity: 10,
      }),
    ),
  );
  await ctx.db
    .insert(parts)
    .values([0, 1].map((i) => partRow({ name: `Gone part ${i}`, deletedAt: new Date(base + 5000) })));
  // Instants a millisecond cannot tell apart: the cursor must keep microseconds.
  await ctx.db.execute(
    sql`update ${parts} set created_at = created_at + (get_byte(uuid_send(id), 0) % 3) * interval '1 microsecond'`,
  );
});
afterAll(() => ctx.close());

const names = (list: Part[]) => list.map((p) => p.name);

/** Every page from the first, following Link rel="next"; the ids in the order they came. */
async function walk(query: string, limit = 7): Promise<string[]> {
  const seen: string[] = [];
  let url: string | undefined = `/api/parts?limit=${limit}&${query}`;
  for (let pages = 0; url; pages += 1) {
    if (pages > 100) throw new Error('the cursor never ends');
    const res = await ctx.http().get(url).expect(200);
    seen.push(...res.body.map((p: Part) => p._id));
    const link = res.headers.link as string | undefined;
    const next = link && /^<([^>]+)>; rel="next"$/.exec(link)?.[1];
    if (link) expect(next, link).toBeTruthy();
    if (next) expect(new URL(next, 'http://x').searchParams.get('cursor')).toBe(res.headers['x-next-cursor']);
    url = next || undefined;
  }
  return seen;
}

/** The same list as the database orders it in one query. */
async function expected(orderBy: string, where = 'true'): Promise<string[]> {
  const result = await ctx.database.executeSql(
    `select id from parts where deleted_at is null and ${where} order by ${orderBy}`,
  );
  return (result.rows as { id: string }[]).map((r) => r.id);
}

const inStock = 'available_quantity >= min_order_quantity';
/** `q=part 1`: a word beginning 'part' and one beginning '1', anywhere in the part (decision 052). */
const searchingPart1 = `search_vector @@ to_tsquery('simple', 'part:* & 1:*')`;

describe('keyset paging through the whole catalog', () => {
  it.each([
    ['newest', 'created_at desc, id desc'],
    ['price-asc', 'price_cents asc, id asc'],
    ['price-desc', 'price_cents desc, id desc'],
  ])('sort=%s visits every part once, in order', async (sort, orderBy) => {
    const all = await expected(orderBy);
    expect(all).toHaveLength(LISTED);
    const seen = await walk(`sort=${sort}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(all);
    expect(await walk(`sort=${sort}&inStock=true`, 5)).toEqual(await expected(orderBy, inStock));
    expect(await walk(`sort=${sort}&q=${encodeURIComponent('part 1')}`, 3)).toEqual(
      await expected(orderBy, searchingPart1),
    );
  });

  it('sort=relevance visits every match once, best first (decision 052)', async () => {
    const seen = await walk(`q=${encodeURIComponent('part 1')}`, 3);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen).toEqual(
      await expected(
        `ts_rank('{0.1, 0.2, 0.4, 1}', search_vector, to_tsquery('simple', 'part:* | 1:*'), 33) desc, id desc`,
        searchingPart1,
      ),
    );
  });

  it('the cursor replaces page and keeps the other parameters; the last page names no next', async () => {
    const first = await ctx.http().get('/api/parts?sort=price-asc&limit=10&page=2&inStock=true').expect(200);
    const next = new URL(/^<([^>]+)>/.exec(String(first.headers.link))?.[1] ?? '', 'http://x');
    expect(next.pathname).toBe('/api/parts');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      sort: 'price-asc',
      limit: '10',
      inStock: 'true',
      cursor: first.headers['x-next-cursor'],
    });
    const last = await ctx.http().get(`/api/parts?limit=${LISTED}`).expect(200);
    expect(last.body).toHaveLength(LISTED);
    expect(last.headers.link).toBeUndefined();
    expect(last.headers['x-next-cursor']).toBeUndefined();
  });

  it('a page number and the cursor that reaches the same page agree', async () => {
    const page3 = await ctx.http().get('/api/parts?limit=7&page=3').expect(200);
    const page2 = await ctx.http().get('/api/parts?limit=7&page=2').expect(200);
    const viaCursor = await ctx.http().get(`/api/parts?limit=7&cursor=${page2.headers['x-next-cursor']}`);
    expect(names(viaCursor.body)).toEqual(names(page3.body));
  });
});

describe('a cursor the API did not make is refused', () => {
  const id = '3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f';
  const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['not base64url', 'abc$def', validationMessages.cursorInvalid],
    ['not JSON', Buffer.from('nonsense').toString('base64url'), validationMessages.cursorInvalid],
    ['a JSON object', raw({ sort: 'newest', key: '1', id }), validationMessages.cursorInvalid],
    ['an unknown sort', raw(['oldest', '1', id]), validationMessages.cursorInvalid],
    ['a malformed id', raw(['newest', '1', 'x']), validationMessages.cursorInvalid],
    ['a key that is no number', raw(['newest', '1 or 1=1', id]), validationMessages.cursorInvalid],
    ['a negative price', raw(['price-asc', '-5', id]), validationMessages.cursorInvalid],
    ['a price beyond an integer', raw(['price-asc', '99999999999', id]), validationMessages.cursorInvalid],
    [
      'an instant beyond a timestamp',
      raw(['newest', '999999999999999999', id]),
      validationMessages.cursorInvalid,
    ],
    ['a cursor of another sort', raw(['price-asc', '100', id]), validationMessages.cursorSortMismatch],
  ])('%s: 400', async (_label, cursor, message) => {
    const res = await ctx
      .http()
      .get(`/api/parts?cursor=${encodeURIComponent(cursor)}`)
      .expect(400);
    expect(res.body).toEqual({ message: apiMessages.invalidQuery, fields: { cursor: message } });
  });

  it('a valid cursor changed by one character: 400', async () => {
    const { headers } = await ctx.http().get('/api/parts?limit=2').expect(200);
    const cursor = String(headers['x-next-cursor']);
    const tampered = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
    await ctx.http().get(`/api/parts?limit=2&cursor=${cursor}`).expect(200);
    await ctx.http().get(`/api/parts?limit=2&cursor=${tampered}`).expect(400);
  });

  it('a search ranked by relevance pages by its own cursor, and takes no other sort’s', async () => {
    const res = await ctx.http().get('/api/parts?q=keyset&limit=2').expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.headers['x-next-cursor']).toBeTruthy();
    const cursor = encodePartsCursor({ sort: 'newest', key: '1', id });
    await ctx.http().get(`/api/parts?q=keyset&cursor=${cursor}`).expect(400);
  });
});

describe('totals from the kept counts', () => {
  const total = async (query = '') =>
    Number((await ctx.http().get(`/api/parts?limit=1&${query}`).expect(200)).headers['x-total-count']);

  it('follow inserts, deletions, restores and stock through the triggers', async () => {
    const listed = await total();
    const buyable = await total('inStock=true');
    expect(listed).toBe((await expected('id')).length);
    expect(buyable).toBe((await expected('id', inStock)).length);

    const [added] = await ctx.db
      .insert(parts)
      .values(partRow({ name: 'Counted part', availableQuantity: 50, minOrderQuantity: 10 }))
      .returning();
    const part = sql`${parts.id} = ${added?.id}`;
    expect([await total(), await total('inStock=true')]).toEqual([listed + 1, buyable + 1]);
    await ctx.db.update(parts).set({ availableQuantity: 9 }).where(part);
    expect([await total(), await total('inStock=true')]).toEqual([listed + 1, buyable]);
    await ctx.db.update(parts).set({ availableQuantity: 40 }).where(part);
    await ctx.db.update(parts).set({ deletedAt: new Date() }).where(part);
    expect([await total(), await total('inStock=true')]).toEqual([listed, buyable]);
    await ctx.db.update(parts).set({ deletedAt: null }).where(part);
    expect([await total(), await total('inStock=true')]).toEqual([listed + 1, buyable + 1]);
    await ctx.db.delete(parts).where(part);
    expect([await total(), await total('inStock=true')]).toEqual([listed, buyable]);
  });

  it('inStock=true lists only parts a customer can order', async () => {
    const res = await ctx.http().get(`/api/parts?inStock=true&limit=100`).expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    for (const p of res.body as Part[])
      expect(p.availableQuantity).toBeGreaterThanOrEqual(p.minOrderQuantity);
    expect(res.body).toHaveLength(Number(res.headers['x-total-count']));
    await ctx.http().get('/api/parts?inStock=yes').expect(400);
  });
});

describe('search', () => {
  it('ranks the closest name first', async () => {
    await ctx.db
      .insert(parts)
      .values(
        [
          'Terrabyte SSD 2TB NVMe Gen4 with heatsink',
          'Terrabyte SSD',
          'Terrabyte SSD 1TB',
          'Ultra Terrabyte SSD',
        ].map((name) => partRow({ name })),
      );
    const res = await ctx.http().get('/api/parts?q=terrabyte%20ssd').expect(200);
    expect(names(res.body)[0]).toBe('Terrabyte SSD');
    expect(names(res.body).at(-1)).toBe('Terrabyte SSD 2TB NVMe Gen4 with heatsink');
    const oneTb = await ctx.http().get('/api/parts?q=terrabyte%20ssd%201tb').expect(200);
    expect(names(oneTb.body)).toEqual(['Terrabyte SSD 1TB']);
    // A named sort still wins over relevance.
    const byPrice = await ctx.http().get('/api/parts?q=terrabyte&sort=price-asc').expect(200);
    expect(byPrice.headers.link).toBeUndefined();
    expect(byPrice.body).toHaveLength(4);
  });

  it(`counts matches up to ${SEARCH_COUNT_CAP} and says when it stopped`, async () => {
    await ctx.db
      .insert(parts)
      .values(
        Array.from({ length: SEARCH_COUNT_CAP + 1 }, (_, i) => partRow({ name: `Capped widget w${i}` })),
      );
    const many = await ctx.http().get('/api/parts?q=capped%20widget&sort=newest&limit=5').expect(200);
    expect(many.headers['x-total-count']).toBe(String(SEARCH_COUNT_CAP));
    expect(many.headers['x-total-count-capped']).toBe('true');
    // 'w99' is a word of the catalog: it finds that part, not w990 to w999 (decision 052).
    const few = await ctx.http().get('/api/parts?q=capped%20widget%20w99').expect(200);
    expect(few.headers['x-total-count']).toBe('1');
    expect(few.headers['x-total-count-capped']).toBeUndefined();
    // The catalog's own total is never capped.
    const all = await ctx.http().get('/api/parts?limit=1').expect(200);
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(all.headers['x-total-count-capped']).toBeUndefined();
  });
});
