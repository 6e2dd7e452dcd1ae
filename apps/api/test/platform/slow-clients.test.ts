import type { Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreServer } from '../../src/lib/http-server.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';

/**
 * Slow clients: a client that never finishes its headers, or its body, is
 * answered 408 and cut off once HEADERS_TIMEOUT or REQUEST_TIMEOUT is over. Limits of a fraction
 * of a second here; the store's are 20 s and 60 s.
 */
const HEADERS_MS = 400;
const REQUEST_MS = 800;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Server;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp();
  server = createStoreServer(ctx.store, { headersMs: HEADERS_MS, requestMs: REQUEST_MS });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

/** Sends `start` and nothing more; resolves with what the server said and when it hung up. */
function sendAndHold(start: string): Promise<{ answer: string; heldMs: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sentAt = 0;
    socket.on('connect', () => {
      sentAt = performance.now();
      socket.write(start);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({ answer: Buffer.concat(chunks).toString('latin1'), heldMs: performance.now() - sentAt }),
    );
  });
}

describe('slow clients', () => {
  it('answers a client that sends its request in time', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(answer.status).toBe(200);
  });

  it('answers headers that never end with 408 once HEADERS_TIMEOUT is over', async () => {
    const { answer, heldMs } = await sendAndHold('GET /api/health HTTP/1.1\r\nHost: store.test\r\nX-Slow: a');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(heldMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
    // Node's own defaults held such a client 60 s (and swept only every 30 s).
    expect(heldMs).toBeLessThan(HEADERS_MS + 2_000);
  });

  it('answers a body that never ends with 408 once REQUEST_TIMEOUT is over', async () => {
    // A public route that reads its body (the sign-in exchange): 1,000 bytes promised, 10 sent.
    const { answer, heldMs } = await sendAndHold(
      [
        'PUT /api/user/slow@example.com HTTP/1.1',
        'Host: store.test',
        'Authorization: Bearer not-checked-before-the-body',
        'Content-Type: application/json',
        'Content-Length: 1000',
        '',
        '{"name":"S',
      ].join('\r\n'),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(heldMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(heldMs).toBeLessThan(REQUEST_MS + 2_000);
  });
});

describe('bodies are read only after the token check', () => {
  const slowReview = (auth = '') =>
    [
      'POST /api/review HTTP/1.1',
      'Host: store.test',
      ...(auth ? [`Authorization: ${auth}`] : []),
      'Content-Type: application/json',
      'Content-Length: 1000000',
      '',
      '{"message":"',
    ].join('\r\n');

  it('refuses an anonymous body at once, without waiting for it', async () => {
    for (const auth of ['', 'Bearer not-a-token']) {
      const { answer, heldMs } = await sendAndHold(slowReview(auth));
      // 401 while 999,988 bytes are still to come, and the connection closed rather than drained.
      expect(answer, auth).toMatch(/^HTTP\/1\.1 401 /);
      expect(heldMs, auth).toBeLessThan(REQUEST_MS);
    }
  });

  it('reads the body of a signed-in caller', async () => {
    const { answer } = await sendAndHold(slowReview(`Bearer ${(await accountWithToken(ctx)).token}`));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('answers a body that is not JSON with 401 without a token, 400 with one', async () => {
    const notJson = (auth: Record<string, string>) =>
      ctx.http().post('/api/review').set(auth).set('Content-Type', 'application/json').send('{"message":');
    expect((await notJson({})).status).toBe(401);
    expect((await notJson({ Authorization: 'Bearer forged' })).status).toBe(401);
    const { auth } = await accountWithToken(ctx);
    expect((await notJson(auth)).status).toBe(400);
  });
});
