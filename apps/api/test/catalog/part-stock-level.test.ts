import { partSchema } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { createTestApp, partRow } from '../support/helpers.js';

/** Each part's `stock` is judged by the server from LOW_STOCK_THRESHOLD and the minimum order. */
async function stockOf(ctx: Awaited<ReturnType<typeof createTestApp>>) {
  const list = await ctx.http().get('/api/parts?limit=100').expect(200);
  for (const part of list.body) expect(partSchema.strict().parse(part)).toEqual(part);
  const byName = Object.fromEntries(list.body.map((p: { name: string; stock: string }) => [p.name, p.stock]));
  const one = list.body.find((p: { name: string }) => p.name === 'Few left');
  const single = await ctx.http().get(`/api/part/${one._id}`).expect(200);
  return { byName, single: single.body.stock };
}

const rows = () => [
  partRow({ name: 'Plenty', availableQuantity: 500, minOrderQuantity: 10 }),
  partRow({ name: 'At threshold', availableQuantity: 100, minOrderQuantity: 10 }),
  partRow({ name: 'Few left', availableQuantity: 40, minOrderQuantity: 10 }),
  partRow({ name: 'Below minimum', availableQuantity: 4, minOrderQuantity: 5 }),
  partRow({ name: 'Sold out', availableQuantity: 0, minOrderQuantity: 1 }),
];

describe('the stock level of a part', () => {
  describe('with the default threshold (50)', () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      ctx = await createTestApp();
      await ctx.db.insert(parts).values(rows());
    });
    afterAll(() => ctx.close());

    it("is 'low' below 50, 'out' below the minimum order or at 0", async () => {
      const { byName, single } = await stockOf(ctx);
      expect(byName).toEqual({
        Plenty: 'in',
        'At threshold': 'in',
        'Few left': 'low',
        'Below minimum': 'out',
        'Sold out': 'out',
      });
      expect(single).toBe('low');
    });
  });

  describe('with LOW_STOCK_THRESHOLD 101', () => {
    let ctx: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      ctx = await createTestApp({ lowStockThreshold: 101 });
      await ctx.db.insert(parts).values(rows());
    });
    afterAll(() => ctx.close());

    it('takes the threshold from the config', async () => {
      const { byName } = await stockOf(ctx);
      expect(byName).toMatchObject({
        Plenty: 'in',
        'At threshold': 'low',
        'Few left': 'low',
        'Sold out': 'out',
      });
    });
  });
});
