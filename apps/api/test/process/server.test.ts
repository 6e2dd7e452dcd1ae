import { existsSync, readFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedParts } from '../../src/db/seed-data.js';
import {
  cleanUp,
  emulatorAccount,
  freePort,
  newDataDir,
  runScript,
  type Store,
  startedStore,
  startStore,
} from './store-process.js';

/** The real server process (src/server.ts under tsx) on the embedded database. */
const dataDir = newDataDir();
afterAll(cleanUp, 60_000);

const adminCommand = (...args: string[]) => runScript('src/cli/admin.ts', args, { DATA_DIR: dataDir });

async function runOnce(
  options: { port: number; emulatorHost: string },
  whileRunning?: (store: Store) => Promise<void>,
) {
  const server = await startedStore(dataDir, { ...options, env: { SEED_DEMO: 'true' } });
  const res = await fetch(`http://127.0.0.1:${options.port}/api/parts?limit=1`);
  const totalParts = Number(res.headers.get('x-total-count'));
  const answer = `${res.status} ${await res.text()}`;
  await whileRunning?.(server);
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, totalParts, output: `${answer}\n${server.output()}` };
}

describe('the server process', () => {
  it('keeps its data across a restart, seeds once, and stops cleanly on SIGTERM', async () => {
    // Fresh ports for each start: a port given up may be taken by another test's process meanwhile.
    const addresses = async () => ({ port: await freePort(), emulatorHost: `127.0.0.1:${await freePort()}` });
    const first = await runOnce(await addresses(), async (store) => {
      // While it runs, the data folder is its own: a second store and the admin command refuse.
      const second = await startStore(dataDir);
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/Another store \(pid \d+\) is running/);
      const promote = adminCommand('promote', 'owner@example.com');
      expect(await promote.exited).toBe(1);
      expect(promote.output()).toContain('Stop the store and run this again');
      expect(await emulatorAccount(store, 'accounts:signUp', 'kept@example.com')).toBe(200);
    });
    expect(first.code).toBe(0);
    expect(first.totalParts, first.output).toBe(seedParts.length);
    expect(first.output).toContain('seeded the demo catalog');
    expect(first.output).toContain('stopped');
    // Its own emulator project, made for this data folder: no other store shares its accounts.
    const projectId = readFileSync(path.join(dataDir, 'firebase-auth/project-id'), 'utf8').trim();
    expect(projectId).toMatch(/^demo-parts-depot-[0-9a-f]{6}$/);
    expect(first.output).toContain(`(project ${projectId})`);

    // Stopped, the admin command may promote someone who has not signed in yet.
    const promote = adminCommand('promote', 'Owner@Example.com');
    expect(await promote.exited).toBe(0);
    expect(promote.output()).toContain('owner@example.com will be an admin when they first sign in.');

    const second = await runOnce(await addresses(), async (store) => {
      // The account made before the restart is still there.
      expect(await emulatorAccount(store, 'accounts:signInWithPassword', 'kept@example.com')).toBe(200);
    });
    expect(second.code).toBe(0);
    expect(second.totalParts, second.output).toBe(seedParts.length);
    expect(second.output).not.toContain('seeded the demo catalog');
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
  }, 240_000);

  it('refuses an admin command without an e-mail', async () => {
    const usage = adminCommand('promote', 'not-an-email');
    expect(await usage.exited).toBe(2);
    expect(usage.output()).toContain('Usage: npm run admin -- promote <email>');
  }, 30_000);

  it('refuses to start on a port another process holds, and says so', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const server = runScript('src/server.ts', [], {
        DATA_DIR: newDataDir(),
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTH_EMULATOR: 'external',
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await freePort()}`,
      });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`could not listen on 127.0.0.1:${port}`);
      expect(server.output()).not.toContain('store listening');
    } finally {
      holder.close();
    }
  }, 60_000);

  it('refuses to start with a bad variable, naming it', async () => {
    const server = runScript('src/server.ts', [], { DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
  }, 30_000);
});
