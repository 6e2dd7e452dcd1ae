import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.js';
import { parts } from '../../src/db/schema.js';
import { chooseImageStore } from '../../src/features/images/choose-store.js';
import { createImagesRepo } from '../../src/features/images/repo.js';
import type { S3Settings } from '../../src/features/images/s3-store.js';
import { createDatabaseImageStore } from '../../src/features/images/store.js';
import { createImageUsageRepo } from '../../src/features/images/usage-repo.js';
import { deleteUnusedImages, UNUSED_IMAGE_AGE_MS } from '../../src/jobs/image-cleanup.js';
import { freePort } from '../../src/lib/free-port.js';
import { createLogger } from '../../src/lib/logger.js';
import { png } from '../fixtures/images.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp, openTestDatabase, partRow, usingPostgres } from '../support/helpers.js';
import { logCapture } from '../support/log-capture.js';

/**
 * Images in an S3-compatible bucket (docs/decisions/013), against a real S3 server: s3rver,
 * run in this process on a port of its own, spoken to over HTTP by the real AWS SDK.
 */
const BUCKET = 'store-images';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NAME = /^\/uploads\/([0-9a-f]{64})\.webp$/;

let server: S3rver;
let bucketDir: string;
let s3: S3Settings;
/** The test's own look into the bucket, beside the store's. */
let bucket: S3Client;

/** A store instance with S3 settings, on its own fresh database or on `shared` (left open). */
async function s3App(settings: S3Settings, shared?: DatabaseHandle) {
  const ctx = await createTestApp({ s3: settings, ...(shared && { database: shared }) });
  return { ...ctx, close: shared ? ctx.closeApp : ctx.close };
}

const objectKeys = async () =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
    .map((object) => object.Key)
    .sort();
const objectBytes = async (key: string) => {
  const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  if (!object.Body) throw new Error(`no body for ${key}`);
  return Buffer.from(await object.Body.transformToByteArray());
};
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  bucketDir = mkdtempSync(path.join(tmpdir(), 'store-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  s3 = {
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver finds the bucket in the path; `<bucket>.127.0.0.1` would not resolve.
    forcePathStyle: true,
    // s3rver's own pair: it refuses other access key ids (it does not check SigV4 signatures).
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  bucket = new S3Client({ ...s3, endpoint: s3.endpoint as string });
});

afterAll(async () => {
  bucket?.destroy();
  await server?.close();
  rmSync(bucketDir, { recursive: true, force: true });
});

describe('images in an S3-compatible bucket', () => {
  let a: Awaited<ReturnType<typeof s3App>>;
  let b: Awaited<ReturnType<typeof s3App>>;
  let admin: Awaited<ReturnType<typeof accountWithToken>>;
  beforeAll(async () => {
    a = await s3App(s3);
    // Instance B shares nothing with A but the bucket: its own database and uploads directory.
    b = await s3App(s3);
    admin = await accountWithToken(a, 'admin');
    // Two migrated databases in one hook: twice the usual, on a loaded machine PGlite's
    // migrations alone can take most of a minute each.
  }, 150_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const upload = (file: Buffer) =>
    a.http().post('/api/image').set(admin.auth).attach('image', file, 'part.png').expect(201);

  it('stores an upload under its content address, and another instance serves the same bytes', async () => {
    const res = await upload(await png(900, 600));
    const { url, thumb } = res.body.data as { url: string; thumb: string };
    const name = NAME.exec(url)?.[1] ?? '';
    expect(thumb).toBe(`/uploads/${name}.thumb.webp`);
    expect(await objectKeys()).toEqual([`${name}.thumb.webp`, `${name}.webp`]);

    const inBucket = await objectBytes(`${name}.webp`);
    // The name is the SHA-256 of the bytes, as in the database store.
    expect(sha256(inBucket)).toBe(name);
    const head = await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `${name}.webp` }));
    expect(head).toMatchObject({ ContentType: 'image/webp', CacheControl: IMMUTABLE });

    const fromB = await b.http().get(url).buffer(true).expect(200);
    expect(Buffer.compare(fromB.body, inBucket)).toBe(0);
    expect(fromB.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(inBucket.length),
      'cache-control': IMMUTABLE,
      etag: `"${name}.webp"`,
      'x-content-type-options': 'nosniff',
    });
    expect((await sharp(fromB.body).metadata()).width).toBe(900);

    const thumbFromB = await b.http().get(thumb).buffer(true).expect(200);
    expect(Buffer.compare(thumbFromB.body, await objectBytes(`${name}.thumb.webp`))).toBe(0);
    expect(thumbFromB.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
    expect(await sharp(thumbFromB.body).metadata()).toMatchObject({ format: 'webp', width: 240 });

    // Neither the disk nor the database took a copy: S3 comes first, on PGlite and PostgreSQL alike.
    expect(readdirSync(a.uploadsDir)).toEqual([]);
    const { rows } = await a.database.executeSql('select count(*)::int as n from images');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('gives the same URL for the same bytes, and adds no object', async () => {
    const image = await png(123, 45);
    const first = await upload(image);
    const keys = await objectKeys();
    const second = await upload(image);
    expect(second.body.data).toEqual(first.body.data);
    expect(await objectKeys()).toEqual(keys);
  });

  it('answers a HEAD and a revalidation without a body', async () => {
    const { url } = (await upload(await png(64, 64))).body.data as { url: string };
    const head = await b.http().head(url).expect(200);
    expect(head.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    await b
      .http()
      .get(url)
      .set('If-None-Match', `"${path.basename(url)}"`)
      .expect(304);
  });

  // Switching a PostgreSQL store to a bucket keeps the URLs it issued before.
  it.runIf(usingPostgres)('still serves images stored in PostgreSQL before the bucket', async () => {
    const before = createDatabaseImageStore(createImagesRepo(b.db));
    const image = await sharp(await png(50, 40))
      .webp()
      .toBuffer();
    const { url } = await before.save(image, image);
    const keys = await objectKeys();
    const res = await b.http().get(url).buffer(true).expect(200);
    expect(Buffer.compare(res.body, image)).toBe(0);
    expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': IMMUTABLE });
    expect(await objectKeys()).toEqual(keys);
  });

  it('answers 404 for a name the bucket does not hold', async () => {
    for (const name of [`${'a'.repeat(64)}.webp`, `${'a'.repeat(64)}.thumb.webp`]) {
      const res = await b.http().get(`/uploads/${name}`).expect(404);
      expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    }
  });
  it('deletes images no part uses once older than a day, with their thumbnails, from the bucket', async () => {
    const names = async (width: number) =>
      NAME.exec((await upload(await png(width, 50))).body.data.url)?.[1] ?? '';
    const used = await names(301);
    const unused = await names(302);
    await a.db.insert(parts).values(partRow({ img: `/uploads/${used}.webp` }));
    const logger = createLogger('trace', logCapture);
    const cleanup = (now: number) =>
      deleteUnusedImages({
        store: chooseImageStore(a.database, { uploadsDir: a.uploadsDir, s3 }, logger),
        usage: createImageUsageRepo(a.db),
        logger,
        now,
      });
    expect(await cleanup(Date.now())).toBe(0);
    expect(await objectKeys()).toEqual(expect.arrayContaining([`${unused}.webp`, `${unused}.thumb.webp`]));

    expect(await cleanup(Date.now() + UNUSED_IMAGE_AGE_MS + 60_000)).toBeGreaterThanOrEqual(1);
    const keys = await objectKeys();
    expect(keys).toEqual(expect.arrayContaining([`${used}.webp`, `${used}.thumb.webp`]));
    expect(keys).not.toContain(`${unused}.webp`);
    expect(keys).not.toContain(`${unused}.thumb.webp`);
    await b.http().get(`/uploads/${unused}.webp`).expect(404);
    await b.http().get(`/uploads/${used}.webp`).expect(200);
  });
});

describe('a bucket that cannot be used', () => {
  const sha = 'b'.repeat(64);
  // One database for the three stores below: only their bucket settings differ.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it.each([
    [
      'nothing listens at the endpoint',
      async () => ({ ...s3, endpoint: `http://127.0.0.1:${await freePort()}` }),
    ],
    ['the bucket does not exist', async () => ({ ...s3, bucket: 'no-such-bucket' })],
    [
      'the access key is unknown',
      async () => ({ ...s3, credentials: { accessKeyId: 'NOT-S3RVER', secretAccessKey: 'S3RVER' } }),
    ],
  ])('answers 503 with Retry-After when %s, for uploads and reads', async (_label, settings) => {
    const ctx = await s3App(await settings(), database);
    try {
      const admin = await accountWithToken(ctx, 'admin');
      const up = await ctx
        .http()
        .post('/api/image')
        .set(admin.auth)
        .attach('image', await png(80, 60), 'a.png');
      expect(up.status).toBe(503);
      expect(up.headers['retry-after']).toBe('5');
      expect(up.body).toEqual({ message: expect.any(String) });
      expect(up.text).not.toMatch(/at |Error|S3|ECONN/);

      const read = await ctx.http().get(`/uploads/${sha}.webp`);
      expect(read.status).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
      expect(read.body).toEqual({ message: expect.any(String) });
      expect(read.text).not.toMatch(/at |Error|S3|ECONN/);
    } finally {
      await ctx.close();
    }
  });

  it('gives up on a bucket that accepts connections but never answers: 503 in about 11 s', async () => {
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const ctx = await s3App(
      { ...s3, endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}` },
      database,
    );
    try {
      const started = performance.now();
      const read = await ctx.http().get(`/uploads/${sha}.webp`);
      const seconds = (performance.now() - started) / 1000;
      expect(read.status).toBe(503);
      expect(read.headers['retry-after']).toBe('5');
      // Two attempts of 5 s each to the response's headers (s3-store.ts).
      expect(seconds).toBeGreaterThan(9);
      expect(held.size).toBe(2);
    } finally {
      await ctx.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);
});
