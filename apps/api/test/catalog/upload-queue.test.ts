import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiMessages } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoundedQueue } from '../../src/lib/bounded-queue.js';
import { png } from '../fixtures/images.js';
import { accountWithToken } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { createTestApp } from '../support/helpers.js';

// One upload read at a time, one waiting: a third is refused.
const queue = new BoundedQueue({ concurrency: 1, queue: 1 });
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof accountWithToken>>;
let server: http.Server;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ uploadQueue: queue });
  admin = await accountWithToken(ctx, 'admin');
  server = http.createServer(ctx.store).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server.close(resolve));
  await ctx?.close();
});

/**
 * An upload whose body is sent in two halves: the second only on `finish`, so until then the
 * request stays open, holding its turn or its place in the queue.
 */
function heldUpload(image: Buffer) {
  const boundary = 'held-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="part.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.concat([image, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/image',
    headers: {
      ...admin.auth,
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': head.length + tail.length,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  req.write(head);
  return {
    answer,
    finish: () => req.end(tail),
    abandon: () => {
      answer.catch(() => {}); // the reset it causes is the point
      req.destroy();
    },
  };
}

describe('POST /api/image with a full upload queue', () => {
  it('waits its turn, refuses one more with 503 and Retry-After, after the admin check', async () => {
    const image = await png();
    const first = heldUpload(image);
    await eventually(() => expect(queue.active).toBe(1));
    const second = heldUpload(image);
    await eventually(() => expect(queue.waiters).toBe(1));

    const refused = await ctx
      .http()
      .post('/api/image')
      .set(admin.auth)
      .attach('image', image, 'a.png')
      .expect(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({ success: false, message: apiMessages.uploadsBusy });
    // Who may upload is decided first: the queue never tells strangers how busy it is.
    const customer = await accountWithToken(ctx);
    await ctx.http().post('/api/image').set(customer.auth).attach('image', image, 'a.png').expect(403);
    await ctx.http().post('/api/image').attach('image', image, 'a.png').expect(401);

    // A client that leaves while waiting gives up its place, and the next one takes it.
    second.abandon();
    await eventually(() => expect(queue.waiters).toBe(0));
    const third = ctx
      .http()
      .post('/api/image')
      .set(admin.auth)
      .attach('image', image, 'a.png')
      .then((res) => res);
    await eventually(() => expect(queue.waiters).toBe(1));

    // The first finishes; the waiting one has its turn and is stored as well.
    first.finish();
    expect((await first.answer).status).toBe(201);
    const after = await third;
    expect(after.status).toBe(201);
    expect(after.body.data.url).toMatch(/^\/uploads\//);
    await eventually(() => expect([queue.active, queue.waiters]).toEqual([0, 0]));
  });
});
