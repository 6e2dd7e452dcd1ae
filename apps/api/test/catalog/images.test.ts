import { createHash } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { decompressionBomb, jpegWithGps, png, svgWithScript, truncatedJpeg } from '../fixtures/images.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, usingPostgres } from '../support/helpers.js';

/** A random UUID on disk (embedded store), the SHA-256 of the image's bytes in PostgreSQL. */
const NAME = usingPostgres ? '[0-9a-f]{64}' : '[0-9a-f-]{36}';
const UPLOAD_URL = new RegExp(`^/uploads/${NAME}\\.webp$`);

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
const KEY = 'image-host-test-key';

beforeAll(async () => {
  ctx = await createTestApp({ imageHostKey: KEY });
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

/** What the store keeps: files on disk, or rows of the images table. */
const stored = async (): Promise<string[]> =>
  usingPostgres
    ? (
        (await ctx.database.executeSql('select sha256 from images order by sha256')).rows as {
          sha256: string;
        }[]
      ).map((row) => row.sha256)
    : readdirSync(ctx.uploadsDir).sort();
const served = async (url: string) => (await ctx.http().get(url).buffer(true).expect(200)).body as Buffer;
const upload = (file: Buffer, filename = 'part.png', key = KEY) =>
  ctx.http().post('/api/image').set(admin.auth).field('key', key).attach('image', file, filename);

describe('POST /api/image', () => {
  it("re-encodes an image to WebP with a thumbnail, never under the client's name", async () => {
    const res = await upload(await png(2400, 1800), 'my holiday photo.png').expect(201);
    expect(res.body).toMatchObject({
      success: true,
      data: { url: expect.stringMatching(UPLOAD_URL), thumb: expect.stringMatching(/\.thumb\.webp$/) },
    });
    const name = path.basename(res.body.data.url);
    expect((await stored()).join()).toContain(name.replace('.webp', ''));
    expect((await stored()).join()).not.toContain('holiday');

    const answer = await ctx.http().get(res.body.data.url).expect(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(answer.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    const thumb = await sharp(await served(res.body.data.thumb)).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(240);
  });

  it('strips every bit of metadata, GPS included', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload(input, 'gps.jpg').expect(201);
    const bytes = await served(res.body.data.url);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes('SECRET-OWNER')).toBe(false);
  });

  it('ignores a path-traversal file name', async () => {
    const before = (await stored()).length;
    const res = await upload(await png(77, 33), '../../../../etc/passwd.png').expect(201);
    expect(res.body.data.url).toMatch(UPLOAD_URL);
    expect((await stored()).length).toBe(before + 2);
  });

  it.each([
    ['an SVG with a script', svgWithScript, 'evil.svg', 415],
    ['a text file named .png', () => Buffer.from('just some text, not an image'), 'notes.png', 400],
    ['a truncated JPEG', truncatedJpeg, 'cut.jpg', 400],
    ['a decompression bomb', decompressionBomb, 'bomb.png', 413],
    ['a 20 MB file', () => Buffer.alloc(20 * 1024 * 1024, 1), 'huge.png', 413],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', 400],
  ])('refuses %s with a 4xx and stores nothing', async (_label, make, filename, status) => {
    const before = await stored();
    const res = await upload(await make(), filename).expect(status);
    expect(res.body).toMatchObject({ success: false, error: { message: expect.any(String) } });
    expect(await stored()).toEqual(before);
  });

  it('refuses two files, a missing file and a wrong key', async () => {
    const image = await png();
    const two = await ctx
      .http()
      .post('/api/image')
      .set(admin.auth)
      .field('key', KEY)
      .attach('image', image, 'a.png')
      .attach('image', image, 'b.png')
      .expect(400);
    expect(two.body.success).toBe(false);
    await ctx.http().post('/api/image').set(admin.auth).field('key', KEY).expect(400);
    await ctx
      .http()
      .post('/api/image')
      .set(admin.auth)
      .field('key', KEY)
      .attach('photo', image, 'a.png')
      .expect(400);
    await upload(image, 'a.png', 'wrong-key-wrong').expect(403);
  });

  it('is for admins only', async () => {
    const customer = await accountWithToken(ctx);
    const image = await png();
    await ctx.http().post('/api/image').field('key', KEY).attach('image', image, 'a.png').expect(401);
    await ctx
      .http()
      .post('/api/image')
      .set(customer.auth)
      .field('key', KEY)
      .attach('image', image, 'a.png')
      .expect(403);
  });
});

// Several instances on one PostgreSQL: what one stores, every other serves (docs/decisions/013).
describe.runIf(usingPostgres)('images in PostgreSQL', () => {
  let b: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // Instance B: its own pool on A's schema, and its own (empty) uploads directory.
    const { rows } = await ctx.database.executeSql('select current_schema() as schema');
    const { schema } = rows[0] as { schema: string };
    b = await createTestApp({
      database: openPostgres({ url: inject('postgresRunUrl'), searchPath: schema }),
    });
  });
  afterAll(() => b.close());

  it('serves an image uploaded through instance A from instance B, at the same URL and bytes', async () => {
    const res = await upload(await png(300, 200)).expect(201);
    const { url, thumb } = res.body.data as { url: string; thumb: string };
    const fromA = await served(url);
    const fromB = await b.http().get(url).buffer(true).expect(200);
    expect(Buffer.compare(fromB.body, fromA)).toBe(0);
    // Content-addressed: the name is the SHA-256 of the bytes served.
    expect(path.basename(url, '.webp')).toBe(createHash('sha256').update(fromB.body).digest('hex'));
    expect(fromB.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${path.basename(url)}"`,
    });
    expect(readdirSync(b.uploadsDir)).toEqual([]);
    expect(readdirSync(ctx.uploadsDir)).toEqual([]);

    const thumbFromB = await b.http().get(thumb).buffer(true).expect(200);
    expect(Buffer.compare(thumbFromB.body, await served(thumb))).toBe(0);
    expect((await sharp(thumbFromB.body).metadata()).width).toBe(240);

    // A client that has the bytes is told so without them.
    const again = await b
      .http()
      .get(url)
      .set('If-None-Match', `"${path.basename(url)}"`)
      .expect(304);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps the same bytes once: the same upload twice gives the same URL and one row', async () => {
    const image = await png(123, 45);
    const first = await upload(image).expect(201);
    const count = (await stored()).length;
    const second = await upload(image).expect(201);
    expect(second.body.data).toEqual(first.body.data);
    expect((await stored()).length).toBe(count);
  });

  it('still serves files uploaded to the disk before, and answers 404 for an unknown name', async () => {
    const old = '0b7c3c1e-8f0a-4d7e-9a55-3f2f7a1d2c44.webp';
    writeFileSync(
      path.join(b.uploadsDir, old),
      await sharp(await png())
        .webp()
        .toBuffer(),
    );
    const res = await b.http().get(`/uploads/${old}`).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const missing = await b
      .http()
      .get(`/uploads/${'a'.repeat(64)}.webp`)
      .expect(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
    await b
      .http()
      .get(`/uploads/${'a'.repeat(64)}.thumb.webp`)
      .expect(404);
  });
});
