import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/eventually.js';
import { cleanUp, newDataDir, type Store, startedStore } from './store-process.js';

const dataDir = newDataDir();
let store: Store | undefined;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
afterAll(async () => {
  agent.destroy();
  await cleanUp();
});

type Outcome =
  | { kind: 'response'; status: number; complete: boolean; json: boolean; connection: string | undefined }
  | { kind: 'error'; code: string; message: string };

function get(port: number, route: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: route, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('error', (error: NodeJS.ErrnoException) =>
        resolve({ kind: 'error', code: error.code ?? '', message: error.message }),
      );
      res.on('end', () => {
        let json = true;
        try {
          JSON.parse(body);
        } catch {
          json = false;
        }
        resolve({
          kind: 'response',
          status: res.statusCode ?? 0,
          complete: res.complete,
          json,
          connection: res.headers.connection,
        });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'error', code: error.code ?? '', message: error.message }),
    );
  });
}

describe('stopping under load', () => {
  it('finishes what it accepted, refuses the rest, and never resets a keep-alive client', async () => {
    // No sign-in here: nothing listens at the emulator address.
    store = await startedStore(dataDir, { env: { AUTH_EMULATOR: 'external', SEED_DEMO: 'true' } });
    const { port } = store;
    const outcomes: Outcome[] = [];
    const answeredClients = new Set<number>();

    // Each client loops until the store refuses it: a new connection that is not accepted.
    const client = async (n: number) => {
      for (let i = 0; ; i++) {
        const route = (n + i) % 2 === 0 ? '/api/parts?limit=6' : '/api/health';
        const outcome = await get(port, route);
        outcomes.push(outcome);
        if (outcome.kind === 'response') answeredClients.add(n);
        if (outcome.kind === 'error') return;
      }
    };
    const clients = Array.from({ length: 12 }, (_, n) => client(n));
    // Stopped under load: once every client has been answered on its connection, and more.
    await eventually(() => outcomes.length > 20 && answeredClients.size === 12, {
      what: 'every client answered',
      timeout: 30_000,
    });
    const answeredBeforeStop = outcomes.length;
    store.child.kill('SIGTERM');
    await Promise.all(clients);

    const errors = outcomes.filter((o) => o.kind === 'error');
    const responses = outcomes.filter((o) => o.kind === 'response');
    expect(answeredBeforeStop).toBeGreaterThan(20);
    // Only refusals: no ECONNRESET, no "socket hang up", no EPIPE.
    expect(errors.filter((e) => e.code !== 'ECONNREFUSED')).toEqual([]);
    expect(errors.length).toBe(12); // each client ends on one refusal
    for (const res of responses) expect(res).toMatchObject({ status: 200, complete: true, json: true });
    // The store answered during the stop, telling those clients to close their connections.
    expect(responses.length).toBeGreaterThan(answeredBeforeStop);
    expect(responses.some((r) => r.connection === 'close')).toBe(true);

    expect(await store.exited).toBe(0);
    expect(store.output()).toContain('stopped');
  }, 180_000);
});
