import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts } from '../../src/db/schema.js';
import { chooseImageStore } from '../../src/features/images/choose-store.js';
import { createImageUsageRepo } from '../../src/features/images/usage-repo.js';
import { deleteUnusedImages, UNUSED_IMAGE_AGE_MS } from '../../src/jobs/image-cleanup.js';
import { createLogger } from '../../src/lib/logger.js';
import { png } from '../fixtures/images.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, partRow } from '../support/helpers.js';
import { logCapture } from '../support/log-capture.js';

// The store's own images: files on disk on the embedded database, rows in PostgreSQL.
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx?.close());

/** An upload through the API; `width` makes its bytes (and so its name in PostgreSQL) its own. */
async function upload(width: number): Promise<{ url: string; thumb: string }> {
  const res = await ctx
    .http()
    .post('/api/image')
    .set(admin.auth)
    .attach('image', await png(width, 48), 'a.png');
  expect(res.status).toBe(201);
  return res.body.data;
}
const status = async (url: string) => (await ctx.http().get(url)).status;

describe('deleting images no part uses', () => {
  it('deletes an unused image older than a day with its thumbnail, and keeps used and new ones', async () => {
    const used = await upload(64);
    const usedByDeletedPart = await upload(65);
    const unused = await upload(66);
    await ctx.db
      .insert(parts)
      .values([partRow({ img: used.url }), partRow({ img: usedByDeletedPart.url, deletedAt: new Date() })]);
    const cleanup = (now: number) =>
      deleteUnusedImages({
        store: chooseImageStore(
          ctx.database,
          { uploadsDir: ctx.uploadsDir },
          createLogger('trace', logCapture),
        ),
        usage: createImageUsageRepo(ctx.db),
        logger: createLogger('trace', logCapture),
        now,
      });

    // Uploaded just now: kept, used or not (the admin may not have saved the part yet).
    expect(await cleanup(Date.now())).toBe(0);
    expect(await status(unused.url)).toBe(200);

    expect(await cleanup(Date.now() + UNUSED_IMAGE_AGE_MS + 60_000)).toBe(1);
    expect(await status(unused.url)).toBe(404);
    expect(await status(unused.thumb)).toBe(404);
    for (const kept of [used, usedByDeletedPart]) {
      expect(await status(kept.url)).toBe(200);
      expect(await status(kept.thumb)).toBe(200);
    }
    // Nothing left to delete.
    expect(await cleanup(Date.now() + UNUSED_IMAGE_AGE_MS + 60_000)).toBe(0);
  });
});
