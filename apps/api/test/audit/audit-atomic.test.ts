import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/auth/caller.js';
import { orders, parts } from '../../src/db/schema.js';
import { type AuditTrail, changedFields } from '../../src/features/audit/index.js';
import { createCategoriesRepo } from '../../src/features/categories/repo.js';
import { createCategoriesService } from '../../src/features/categories/service.js';
import { createOrderMoves } from '../../src/features/orders/moves.js';
import { createOrdersRepo } from '../../src/features/orders/repo.js';
import { createCatalogCsvService } from '../../src/features/parts/catalog-csv.js';
import { createFacetsRepo } from '../../src/features/parts/facets-repo.js';
import { createImportRepo } from '../../src/features/parts/import-repo.js';
import { createPartsRepo } from '../../src/features/parts/repo.js';
import { createSearchRepo } from '../../src/features/parts/search-repo.js';
import { createPartsService } from '../../src/features/parts/service.js';
import { noJobs } from '../../src/jobs/queue.js';
import { accountWithToken } from '../support/accounts.js';
import { client } from '../support/client.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { sendOrder } from '../support/orders.js';

/**
 * The entry and the action are one transaction: when the entry cannot be written, the action
 * is undone with it (the converse of 'a refused action leaves no entry', audit-*.test.ts).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const admin: Caller = { email: 'ada@example.com', name: 'Ada', role: 'admin', emailVerified: true };

/** A trail whose writes fail after the action's own statements ran in the transaction. */
const failing: AuditTrail = {
  record: async () => {
    throw new Error('the audit entry could not be written');
  },
  recordDone: async () => {
    throw new Error('the audit entry could not be written');
  },
  recordMany: async () => {
    throw new Error('the audit entry could not be written');
  },
};

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const partNow = async (id: string) => (await ctx.db.select().from(parts).where(eq(parts.id, id)))[0];

describe('an entry that cannot be written undoes its action', () => {
  it('a product edit, its stock, and a delete', async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ priceCents: 1000, availableQuantity: 50 }))
      .returning();
    const id = part?.id as string;
    const service = createPartsService(createPartsRepo(ctx.db), {
      audit: failing,
      imageHostOrigins: [],
      categories: createCategoriesService(createCategoriesRepo(ctx.db), { audit: failing }),
      facets: createFacetsRepo(ctx.db),
      search: createSearchRepo(ctx.db),
    });
    const edit = {
      name: 'Renamed',
      img: '/media/parts/test.svg',
      price: 99,
      minOrderQuantity: 10,
      description: 'Changed',
      bulkDiscount: true,
      availableQuantityBefore: 50,
      availableQuantity: 70,
    };
    await expect(service.update(admin, id, edit)).rejects.toThrow(/audit entry/);
    await expect(service.remove(admin, id)).rejects.toThrow(/audit entry/);
    expect(await partNow(id)).toEqual(part);
  });

  it('a CSV import: neither its adds nor its updates stay', async () => {
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ sku: 'ATOMIC-OLD', priceCents: 1000, availableQuantity: 50 }))
      .returning();
    const csv = createCatalogCsvService(createImportRepo(ctx.db), {
      audit: failing,
      imageHostOrigins: [],
      categories: createCategoriesService(createCategoriesRepo(ctx.db), { audit: failing }),
    });
    const row = (sku: string, price: number) =>
      `${sku},A part,${price},10,1,50,A part for the atomic import.,/media/parts/test.svg`;
    const text = [
      'sku,name,price,minOrderQuantity,orderMultiple,availableQuantity,description,img',
      row('ATOMIC-OLD', 12),
      row('ATOMIC-NEW', 5),
    ].join('\n');
    await expect(csv.import(admin, { text, dryRun: false })).rejects.toThrow(/audit entry/);
    expect(await partNow(part?.id as string)).toEqual(part);
    expect(await ctx.db.select().from(parts).where(eq(parts.sku, 'ATOMIC-NEW'))).toEqual([]);
  });

  it('an admin’s move', async () => {
    const customer = await accountWithToken(ctx);
    const [part] = await ctx.db
      .insert(parts)
      .values(partRow({ minOrderQuantity: 1 }))
      .returning();
    const placed = await sendOrder(client(ctx.http, customer.auth), part?.id as string, {
      productQuantity: 3,
      address: '1 Main Street',
    }).expect(201);
    const moves = createOrderMoves(createOrdersRepo(ctx.db, noJobs), failing);
    await expect(
      moves.move(placed.body.insertedId, {
        from: ['unpaid'],
        to: 'cancelled',
        by: admin.email,
        byAdmin: true,
      }),
    ).rejects.toThrow(/audit entry/);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, placed.body.insertedId));
    expect(order?.status).toBe('unpaid');
    expect((await partNow(part?.id as string))?.availableQuantity).toBe((part?.availableQuantity ?? 0) - 3);
  });
});

describe('what an entry keeps', () => {
  it('only the fields that changed, each side with its own value', () => {
    expect(changedFields({ a: 1, b: 'x', c: true }, { a: 1, b: 'y', c: undefined })).toEqual({
      before: { b: 'x' },
      after: { b: 'y' },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeUndefined();
  });
});
