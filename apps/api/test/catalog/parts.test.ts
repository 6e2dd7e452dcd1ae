import { apiMessages, partSchema } from '@store/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { createTestApp, partRow } from '../support/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const base = Date.parse('2026-01-01T00:00:00Z');
const at = (minutes: number) => new Date(base + minutes * 60_000);

beforeAll(async () => {
  ctx = await createTestApp();
  // 15 listed parts created a minute apart (Part 1 oldest, Part 15 newest) and one deleted part
  // that is newer than all of them.
  await ctx.db
    .insert(parts)
    .values(Array.from({ length: 15 }, (_, i) => partRow({ name: `Part ${i + 1}`, createdAt: at(i + 1) })));
  await ctx.db
    .insert(parts)
    .values(partRow({ name: 'Deleted part', createdAt: at(100), deletedAt: at(101) }));
});
afterAll(() => ctx.close());

describe('GET /api/parts', () => {
  it('returns the 3 newest parts for the home page, newest first', async () => {
    const res = await ctx.http().get('/api/parts?sort=newest&limit=3').expect(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Part 15', 'Part 14', 'Part 13']);
    expect(res.headers['x-total-count']).toBe('15');
    for (const part of res.body) expect(partSchema.strict().parse(part)).toEqual(part);
  });

  it('pages through the list with page and limit', async () => {
    const page2 = await ctx.http().get('/api/parts?page=2&limit=5').expect(200);
    expect(page2.body.map((p: { name: string }) => p.name)).toEqual([
      'Part 10',
      'Part 9',
      'Part 8',
      'Part 7',
      'Part 6',
    ]);
    const beyond = await ctx.http().get('/api/parts?page=9&limit=5').expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('15');
  });

  it('defaults to a bounded page', async () => {
    const res = await ctx.http().get('/api/parts').expect(200);
    expect(res.body).toHaveLength(12);
  });

  it('serves prices as decimals from integer cents', async () => {
    const res = await ctx.http().get('/api/parts?limit=1').expect(200);
    expect(res.body[0].price).toBe(123.45);
  });

  it.each([
    'limit=101',
    'limit=0',
    'limit=-1',
    'limit=abc',
    'limit=2.5',
    'page=0',
    'page=abc',
    'page=1&page=2',
    'page=100000',
    'sort=oldest',
    'sort=newest&sort=newest',
  ])('answers ?%s with a JSON 400', async (query) => {
    const res = await ctx.http().get(`/api/parts?${query}`).expect(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.message).toBe(apiMessages.invalidQuery);
    expect(res.body.fields).toBeTypeOf('object');
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
  });
});

describe('GET /api/part/:id', () => {
  it('returns one listed part', async () => {
    const [first] = (await ctx.http().get('/api/parts?limit=1')).body;
    const res = await ctx.http().get(`/api/part/${first._id}`).expect(200);
    expect(res.body).toEqual(first);
  });

  it.each([
    ['a malformed id', 'not-an-id'],
    ['an unknown id', '3f1c2a5e-9b7d-4c11-8e2f-0a1b2c3d4e5f'],
    ['an injection attempt', "1' or '1'='1"],
  ])('answers %s with a JSON 404', async (_label, id) => {
    const res = await ctx
      .http()
      .get(`/api/part/${encodeURIComponent(id)}`)
      .expect(404);
    expect(res.body).toEqual({ message: apiMessages.partNotFound });
  });

  it('does not serve a deleted part', async () => {
    const [deleted] = await ctx.db.select().from(parts).where(eq(parts.name, 'Deleted part'));
    await ctx.http().get(`/api/part/${deleted?.id}`).expect(404);
  });
});
