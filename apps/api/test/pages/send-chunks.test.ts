import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { sendChunks } from '../../src/lib/send-chunks.js';

/** A streamed answer (the orders CSV) against a real socket: backpressure and a client that leaves. */
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const MB = 'x'.repeat(1024 * 1024);

function appWith(chunks: () => AsyncIterable<string>) {
  const app = express();
  app.get('/stream', async (_req, res) => {
    await sendChunks(res, { 'Content-Type': 'text/plain; charset=utf-8' }, chunks());
  });
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(503).json({ message: error.message });
  });
  return app;
}

describe('sendChunks', () => {
  it('sends every chunk, in order, after the headers', async () => {
    async function* chunks() {
      for (let i = 0; i < 5; i += 1) yield `${i},`;
    }
    const res = await request(appWith(chunks)).get('/stream').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('0,1,2,3,4,');
  });

  it('answers a failure of the first chunk as an ordinary error, before any header', async () => {
    // biome-ignore lint/correctness/useYield: fails before its first chunk, like a database that is down
    async function* chunks(): AsyncGenerator<string> {
      throw new Error('database down');
    }
    const res = await request(appWith(chunks)).get('/stream').expect(503);
    expect(res.body).toEqual({ message: 'database down' });
  });

  it('cuts the answer short when a later chunk fails: never a complete-looking body', async () => {
    async function* chunks() {
      yield 'first,';
      throw new Error('database gone');
    }
    await expect(request(appWith(chunks)).get('/stream')).rejects.toThrow();
  });

  it('makes the next chunk only once the client has taken the last, and stops when it leaves', async () => {
    let made = 0;
    let finished = false;
    async function* chunks() {
      try {
        for (;;) {
          made += 1;
          yield MB;
        }
      } finally {
        finished = true;
      }
    }
    const server = appWith(chunks).listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;

    await new Promise<void>((resolve, reject) => {
      const req = http.get({ port, host: '127.0.0.1', path: '/stream' }, (res) => {
        // Read nothing for a while: the server must stop making chunks, not pile them up. A fixed
        // wait on purpose: no event marks a producer that ignores the socket's backpressure, so
        // this is the window it gets to show, making many more chunks than the buffers hold.
        res.pause();
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 500);
      });
      req.on('error', (error) =>
        (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? null : reject(error),
      );
    });
    await expect.poll(() => finished, { timeout: 5000 }).toBe(true);
    // An endless source, a reader that took nothing: only what the socket buffers was made.
    expect(made).toBeLessThan(64);
  });
});
