import { reviewSchema } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/db/schema.js';
import { createTestApp } from '../support/helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.db.insert(reviews).values(
    Array.from({ length: 7 }, (_, i) => ({
      name: `Reviewer ${i + 1}`,
      email: `reviewer${i + 1}@example.com`,
      message: `Message ${i + 1}`,
      ratings: [4.75, 3.5, 5, 0, 4.01, 2.99, 4][i] as number,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
});
afterAll(() => ctx.close());

describe('GET /api/reviews', () => {
  it('lists reviews newest first with the total', async () => {
    const res = await ctx.http().get('/api/reviews').expect(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual([
      'Reviewer 7',
      'Reviewer 6',
      'Reviewer 5',
      'Reviewer 4',
      'Reviewer 3',
      'Reviewer 2',
      'Reviewer 1',
    ]);
    expect(res.headers['x-total-count']).toBe('7');
  });

  it('keeps decimal ratings exact', async () => {
    const res = await ctx.http().get('/api/reviews').expect(200);
    expect(res.body.map((r: { ratings: number }) => r.ratings)).toEqual([4, 2.99, 4.01, 0, 5, 3.5, 4.75]);
  });

  it('never exposes the reviewer e-mail', async () => {
    const res = await ctx.http().get('/api/reviews').expect(200);
    expect(JSON.stringify(res.body)).not.toContain('@example.com');
    for (const review of res.body) expect(reviewSchema.strict().parse(review)).toEqual(review);
  });

  it('paginates', async () => {
    const res = await ctx.http().get('/api/reviews?page=2&limit=3').expect(200);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(['Reviewer 4', 'Reviewer 3', 'Reviewer 2']);
  });

  it('rejects a bad query with a JSON 400', async () => {
    await ctx.http().get('/api/reviews?limit=1000').expect(400);
  });
});
