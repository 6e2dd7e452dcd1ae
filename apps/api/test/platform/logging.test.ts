import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/lib/error-handler.js';
import { createLogger } from '../../src/lib/logger.js';
import { requestLog } from '../../src/lib/request-log.js';
import { accountWithToken } from '../support/accounts.js';
import { createTestApp } from '../support/helpers.js';
import { capturedLines } from '../support/log-capture.js';

/**
 * What the store logs: enough for an operator (route pattern, status, duration, request id,
 * error class and message), nothing about the customer. setup/logs-without-personal-data.ts
 * checks every suite's capture; these tests pin down the lines themselves.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
  err?: {
    type: string;
    message?: string;
    code?: string;
    cause?: { type: string; message?: string; code?: string };
  };
}
const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as LogLine);
const linesOf = (requestId: string) => parsed(capturedLines).filter((line) => line.requestId === requestId);

describe('request lines', () => {
  it('name the route pattern, status, duration and request id, never the URL', async () => {
    const res = await ctx.http().get('/api/part/123456?ref=nosy%40example.com').expect(404);
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [line, ...others] = linesOf(requestId);
    expect(others).toEqual([]);
    expect(line).toMatchObject({ msg: 'request', method: 'GET', route: '/api/part/:id', status: 404 });
    expect(line?.ms).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(line)).not.toContain('123456');
  });

  it('keep a sane incoming X-Request-Id and replace any other', async () => {
    const kept = await ctx.http().get('/api/health').set('X-Request-Id', 'edge-7f3a.42').expect(200);
    expect(kept.headers['x-request-id']).toBe('edge-7f3a.42');
    expect(linesOf('edge-7f3a.42')).toHaveLength(1);

    for (const bad of ['<script>', 'x'.repeat(65), 'two words']) {
      const replaced = await ctx.http().get('/api/health').set('X-Request-Id', bad);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('error lines', () => {
  it('describe a database error by its class and the driver’s message, never the query’s parameters', async () => {
    const broken = await createTestApp();
    try {
      const account = await accountWithToken(broken);
      // Every signed-in request looks its caller up by e-mail: that query now fails.
      await broken.db.execute('alter table users rename to users_elsewhere');
      const res = await broken.http().patch('/api/profile').set(account.auth).send({ name: 'Nobody' });
      expect(res.status).toBeGreaterThanOrEqual(500);
      const requestId = res.headers['x-request-id'] as string;
      const error = linesOf(requestId).find((line) => line.level >= 50);
      expect(error?.err).toMatchObject({
        type: 'DrizzleQueryError',
        cause: { message: expect.stringMatching(/relation "users" does not exist/), code: '42P01' },
      });
      expect(error?.err).not.toHaveProperty('message');
      expect(linesOf(requestId).find((line) => line.msg === 'request')).toMatchObject({
        route: '/api/profile',
        status: res.status,
      });
      expect(capturedLines.join('\n')).not.toContain(account.email);
    } finally {
      await broken.close();
    }
  });

  it('describe a bug by its class and message, with the request id, not the URL', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const app = express();
    app.use(requestLog(logger));
    app.get('/api/thing/:code', (req) => {
      throw new RangeError(`code-${req.params.code.length}-out-of-range`);
    });
    app.use(errorHandler(logger));

    const res = await request(app).get('/api/thing/abc?email=someone%40example.com').expect(500);
    const requestId = res.headers['x-request-id'] as string;
    const [error, done] = parsed(lines);
    expect(error).toMatchObject({
      level: 50,
      requestId,
      method: 'GET',
      err: { type: 'RangeError', message: 'code-3-out-of-range' },
    });
    expect(done).toMatchObject({ requestId, route: '/api/thing/:code', status: 500 });
    // Not /abc/ alone: a random request id may hold those letters.
    expect(lines.join('\n')).not.toMatch(/someone|thing\/abc/);
  });
});
