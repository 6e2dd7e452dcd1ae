import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithToken } from './accounts.js';
import { decompressionBomb, jpegWithGps, png, svgWithScript, truncatedJpeg } from './fixtures/images.js';
import { createTestApp } from './helpers.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
const KEY = 'image-host-test-key';

beforeAll(async () => {
  ctx = await createTestApp({ imageHostKey: KEY });
  admin = await accountWithToken(ctx, 'admin');
});
afterAll(() => ctx.close());

const stored = () => readdirSync(ctx.uploadsDir).sort();
const upload = (file: Buffer, filename = 'part.png', key = KEY) =>
  ctx.http().post('/api/image').set(admin.auth).field('key', key).attach('image', file, filename);

describe('POST /api/image', () => {
  it('re-encodes an image to WebP with a thumbnail, under a random name', async () => {
    const res = await upload(await png(2400, 1800), 'my holiday photo.png').expect(201);
    expect(res.body).toMatchObject({
      success: true,
      data: { url: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/) },
    });
    const name = path.basename(res.body.data.url);
    expect(stored()).toContain(name);
    expect(stored().join()).not.toContain('holiday');

    const served = await ctx.http().get(res.body.data.url).expect(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    const thumb = await sharp(
      readFileSync(path.join(ctx.uploadsDir, name.replace('.webp', '.thumb.webp'))),
    ).metadata();
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBe(240);
  });

  it('strips every bit of metadata, GPS included', async () => {
    const input = await jpegWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload(input, 'gps.jpg').expect(201);
    const bytes = readFileSync(path.join(ctx.uploadsDir, path.basename(res.body.data.url)));
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes('SECRET-OWNER')).toBe(false);
  });

  it('ignores a path-traversal file name', async () => {
    const before = stored().length;
    const res = await upload(await png(), '../../../../etc/passwd.png').expect(201);
    expect(res.body.data.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    expect(stored().length).toBe(before + 2);
  });

  it.each([
    ['an SVG with a script', svgWithScript, 'evil.svg', 415],
    ['a text file named .png', () => Buffer.from('just some text, not an image'), 'notes.png', 400],
    ['a truncated JPEG', truncatedJpeg, 'cut.jpg', 400],
    ['a decompression bomb', decompressionBomb, 'bomb.png', 413],
    ['a 20 MB file', () => Buffer.alloc(20 * 1024 * 1024, 1), 'huge.png', 413],
    ['an empty file', () => Buffer.alloc(0), 'empty.png', 400],
  ])('refuses %s with a 4xx and stores nothing', async (_label, make, filename, status) => {
    const before = stored();
    const res = await upload(await make(), filename).expect(status);
    expect(res.body).toMatchObject({ success: false, error: { message: expect.any(String) } });
    expect(stored()).toEqual(before);
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
