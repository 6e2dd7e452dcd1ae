import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApiServer } from './test-api-server';
// Loaded once as the file is collected, so that the hook below, which imports fresh copies of
// them for the test server, only runs their code: their transform (the shared package's schemas)
// is done here, outside the hook's time limit, however busy the machine.
import './session';
import './session-refresh';

/** The session's refresh against a real HTTP server standing in for the store's route. */
let server: Server;
let session: typeof import('./session').session;
const asked: string[] = [];
let nextToken = '';

const token = (claims: object) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(`${req.method} ${req.url} ${req.headers.authorization}`);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ token: nextToken }));
  });
  await useTestApiServer(server);
  ({ session } = await import('./session'));
  (await import('./session-refresh')).keepSessionFresh();
});

afterAll(async () => {
  session.clear();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

describe('keepSessionFresh', () => {
  it('trades the token for a new one ten minutes before it expires', async () => {
    const seconds = Math.floor(Date.now() / 1000);
    // Due for a refresh within a second; the store's answer lives another hour.
    const first = token({ sub: 'a@b.co', exp: seconds + 10 * 60 + 1 });
    nextToken = token({ sub: 'a@b.co', exp: seconds + 70 * 60 });
    session.set(first);
    await vi.waitFor(() => expect(session.token()).toBe(nextToken), { timeout: 5_000 });
    expect(asked).toEqual([`POST /api/session/refresh Bearer ${first}`]);
  });

  it('stops when the answer cannot extend the session (its day is over at that expiry)', async () => {
    // The refreshes it plans (fetch plans timers of its own).
    const planned = vi.spyOn(globalThis, 'setTimeout');
    const refreshesPlanned = () =>
      planned.mock.calls.filter(([callback]) => callback.name === 'refresh').length;
    try {
      asked.length = 0;
      const seconds = Math.floor(Date.now() / 1000) + 2;
      const last = token({ sub: 'a@b.co', exp: seconds + 10 * 60, n: 1 });
      nextToken = token({ sub: 'a@b.co', exp: seconds + 10 * 60, n: 2 });
      session.set(last);
      expect(refreshesPlanned()).toBe(1);
      await vi.waitFor(() => expect(session.token()).toBe(nextToken), { timeout: 10_000 });
      // Asking again would only bring the same expiry, over and over: nothing more is planned.
      expect(refreshesPlanned()).toBe(1);
      expect(asked).toHaveLength(1);
    } finally {
      planned.mockRestore();
    }
  });
});
