import { apiMessages } from '@store/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.js';
import { isDatabaseUnavailable } from '../../src/db/errors.js';
import { freePort } from '../../src/lib/free-port.js';
import { client } from '../support/client.js';
import { createTestApp } from '../support/helpers.js';

/** The API in-process, on a PostgreSQL address where nothing listens: the database is down. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  const database = openPostgres({ url: `postgres://postgres@127.0.0.1:${await freePort()}/store` });
  ctx = await createTestApp({ database });
});
afterAll(() => ctx.close());

const someId = '00000000-0000-4000-8000-000000000000';

describe('while the database is down', () => {
  it.each([
    ['GET', '/api/parts'],
    ['GET', '/api/parts?sort=newest&limit=3'],
    ['GET', `/api/part/${someId}`],
    ['GET', '/api/reviews'],
  ])('%s %s answers 503 JSON with Retry-After, never 500', async (_method, url) => {
    const res = await ctx.http().get(url);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual({ message: apiMessages.databaseUnavailable });
  });

  it('signed-in routes answer 503 too (the guard reads the caller from the database)', async () => {
    const token = ctx.tokens.issue({
      email: 'someone@example.com',
      name: 'Someone',
      tokenVersion: 0,
      createdAt: new Date(),
    });
    const res = await client(ctx.http, { Authorization: `Bearer ${token}` })
      .orders.place({
        body: {
          partId: someId,
          productQuantity: 1,
          phone: '+44 20 7946 0000',
          address: '1 Down Street, Outage',
        },
      })
      .expect(503);
    expect(res.body.message).toBe(apiMessages.databaseUnavailable);
  });

  it('health answers 503 naming the database, and the identity provider as up', async () => {
    const res = await ctx.http().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.body).toMatchObject({ status: 'error', database: 'unreachable', identity: 'ok' });
  });
});

describe('isDatabaseUnavailable', () => {
  const wrapped = (cause: unknown) =>
    Object.assign(new Error('Failed query: select … params: a@b.c'), { cause });

  it.each([
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    [
      'admin shutdown, wrapped by Drizzle',
      wrapped(Object.assign(new Error('terminating'), { code: '57P01' })),
    ],
    ['starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['connection exception class 08', Object.assign(new Error('x'), { code: '08006' })],
    ['dropped connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['pool timeout', new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key'), { code: '23505' }))],
    ['a syntax error', Object.assign(new Error('syntax error'), { code: '42601' })],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
